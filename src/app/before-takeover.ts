// What a person does on a page the server drew, before the app has taken it over (start.ts):
// the drawing is plain HTML until then, so a button does nothing, Enter submits the form the
// browser's way (a page load with the fields in the address) and what is typed is lost on
// React, which takes a field's value as the one it was drawn with. Held here and made again,
// in order, once React holds the page (issue 33). Read before the first frame: the DOM only.

/** Fields a person may type into or choose in. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Where a held field or button was, to find it again should React have drawn the page anew. */
interface Place {
  id: string;
  name: string;
  tag: string;
  /** Its place among the root's elements of its tag. */
  index: number;
}

/**
 * One thing the person did, in the order done: typed into a field (its last value), clicked,
 * submitted a form, or pressed a key. A click or submit that an Enter in a field set off (the
 * browser's implicit submission) names that Enter as `by`: made again, the Enter goes first, and
 * should the app take it for itself (a scan's Enter adds its product: it prevents the default),
 * what it set off is not made again.
 */
type Step =
  | { kind: 'type'; target: Field; place: Place; value: string; caret: [number | null, number | null] }
  | { kind: 'click' | 'submit'; target: Element; place: Place; by?: Step }
  | { kind: 'key'; target: Element; place: Place; key: string };

/**
 * A key pressed on the drawn page, as its keydown said (`time` is its timeStamp), with where its
 * text box stood just before it (null: not in a text box).
 */
export interface KeyBeforeTakeover {
  key: string;
  time: number;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: Element;
  value: string | null;
  start: number | null;
  end: number | null;
}
const keyLog: KeyBeforeTakeover[] = [];
/**
 * Every key pressed on the drawn page until the app took it over, in order: a listener that starts
 * with the app hears what came before it as if it had been there (the till's scanner: a scan
 * typed across the takeover is one scan, not a head left in the box and a tail taken as a code).
 */
export const keysBeforeTakeover = (): readonly KeyBeforeTakeover[] => keyLog;

/** Keys that do nothing on the drawing but mean something to the app (close a menu, move in a list). */
const APP_KEYS = new Set(['Escape', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/** Clicks the browser acts on by itself, which React knows nothing of until it holds the page. */
const TOGGLES = 'input[type="checkbox"], input[type="radio"]';

const isField = (el: EventTarget | null): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** Whether a click on this element works without the app (and so is left to the browser). */
function worksAlone(target: Element): boolean {
  if (target.closest(TOGGLES)) return false;
  const label = target.closest('label');
  // A label's click toggles its box: held too, so the box is toggled once, by the app.
  if (label && (label.control?.matches(TOGGLES) || label.querySelector(TOGGLES))) return false;
  return !!target.closest('a[href], input, select, textarea, label, summary');
}

function placeOf(root: Element, el: Element): Place {
  const tag = el.tagName.toLowerCase();
  return { id: el.id, name: el.getAttribute('name') ?? '', tag, index: [...root.querySelectorAll(tag)].indexOf(el) };
}

/** The element now at a held one's place: itself, or what React drew there instead. */
function find(root: Element, el: Element, place: Place): Element | null {
  if (el.isConnected) return el;
  const byId = place.id ? document.getElementById(place.id) : null;
  if (byId?.tagName.toLowerCase() === place.tag) return byId;
  const byName = place.name ? root.querySelectorAll(`${place.tag}[name="${CSS.escape(place.name)}"]`) : [];
  if (byName.length === 1) return byName[0]!;
  return root.querySelectorAll(place.tag)[place.index] ?? null;
}

/** React's own key on an element it holds (its props), set as it draws or adopts the element. */
const heldByReact = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

/**
 * Whether React holds the page: the root no longer waits to be adopted (hydrateRoot returns at
 * once and adopts the drawing later, in slices) and the given elements are React's. React's
 * internals, read only: it says nothing of this otherwise.
 */
function reactHolds(root: Element, elements: Element[]): boolean {
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
  const fiberRoot = key ? (root as unknown as Record<string, { stateNode?: { current?: { child?: unknown; memoizedState?: { isDehydrated?: boolean } } } }>)[key]?.stateNode : undefined;
  const current = fiberRoot?.current;
  if (!current?.child || current.memoizedState?.isDehydrated) return false;
  return elements.every((el) => !el.isConnected || heldByReact(el));
}

/** A later task: time for React to draw what the last event changed (no frames in a hidden tab: a timer). */
const later = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Until React holds the page and has run its effects (Ark's pickers start in them), at most `limit` ms. */
async function untilReactHolds(root: Element, elements: () => Element[], limit: number): Promise<void> {
  const end = performance.now() + limit;
  while (!reactHolds(root, elements()) && performance.now() < end) await later(16);
  await later(16);
  await later(16);
}

/**
 * Puts `value` into a field so that React sees it change: React remembers the value it last saw on
 * the element itself and drops an input event that brings none other. Set through that record to
 * something else first, then through the browser's own setter, which React does not watch.
 */
function enter(field: Field, value: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  const native = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  field.value = value === '' ? ' ' : '';
  if (native) native.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLSelectElement) field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** As if the person had just come into the field: React hears of focus through focusin. */
function arrive(field: Field): void {
  if (document.activeElement === field) field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  else field.focus({ preventScroll: true });
}

/**
 * Starts holding what is done on the drawn page; the function returned, called once the app has
 * been started (boot resolved), waits until React holds the page and makes it all again.
 */
export function holdUntilTakeover(root: HTMLElement): () => Promise<void> {
  /** What was done, in order. A field typed into is one step, where it was first typed into. */
  const steps: Step[] = [];
  /**
   * Each field's step, with what it held last: kept as typed, as once React holds the page, the
   * first value made again draws the form anew and React puts back into each field the value it
   * knows, empty.
   */
  const typed = new Map<Field, Extract<Step, { kind: 'type' }>>();
  /** The field last come into: React may draw the page anew, and the person's place with it. */
  let lastFocused: Field | null = null;
  /** An Enter in a field, while the browser acts on it (in the same task): what it submits is its doing. */
  let entering: Step | null = null;

  const onFocus = (event: FocusEvent) => {
    if (isField(event.target) && root.contains(event.target)) lastFocused = event.target;
  };
  const onInput = (event: Event) => {
    const field = event.target;
    // A file chosen cannot be put into another input by a script: left to the browser (and lost
    // should React draw the field anew).
    if (!isField(field) || !root.contains(field) || field.matches(`${TOGGLES}, input[type="file"]`)) return;
    const caret: [number | null, number | null] = field instanceof HTMLSelectElement ? [null, null] : [field.selectionStart, field.selectionEnd];
    const known = typed.get(field);
    if (known) Object.assign(known, { value: field.value, caret });
    else {
      const step = { kind: 'type' as const, target: field, place: placeOf(root, field), value: field.value, caret };
      typed.set(field, step);
      steps.push(step);
    }
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target) || worksAlone(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    steps.push({ kind: 'click', target, place: placeOf(root, target), ...(entering ? { by: entering } : {}) });
  };
  // A key the drawing ignores (Escape after opening a menu) is made again in its place, after the
  // click before it: else the click, made again later, would undo what the key meant. In a field,
  // where it moves the caret, the browser keeps it.
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target)) return;
    if (!event.isComposing) {
      const box = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;
      keyLog.push({ key: event.key, time: event.timeStamp, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey, target, value: box?.value ?? null, start: box?.selectionStart ?? null, end: box?.selectionEnd ?? null });
    }
    // Enter in a one-line field is the app's to take (a scanner ends a scan with it) or, left
    // alone, submits the form: held as a key, the submission it sets off left to the browser and held below.
    if (event.key === 'Enter' && target instanceof HTMLInputElement) {
      const step: Step = { kind: 'key', target, place: placeOf(root, target), key: event.key };
      steps.push(step);
      entering = step;
      setTimeout(() => (entering = null));
      return;
    }
    if (!APP_KEYS.has(event.key) || (isField(target) && event.key !== 'Escape')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    steps.push({ kind: 'key', target, place: placeOf(root, target), key: event.key });
  };
  // Enter in a field submits its form (through a click on its first submit button, held above,
  // or, with none, directly): never the browser's way, which would load another page.
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || !root.contains(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    steps.push({ kind: 'submit', target: form, place: placeOf(root, form), ...(entering ? { by: entering } : {}) });
  };
  // Heard first (capture), before anything on the drawing does.
  const listeners = [
    ['focusin', onFocus],
    ['input', onInput],
    ['change', onInput],
    ['click', onClick],
    ['submit', onSubmit],
    ['keydown', onKeyDown],
  ] as [string, EventListener][];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);

  return async () => {
    // Still holding while React adopts the page: an event on an element it does not hold yet is lost.
    await untilReactHolds(root, () => steps.map((step) => step.target), 10_000);
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);

    // The field the person is in: still focused, or taken away with the drawing React replaced.
    const still = document.activeElement;
    const active = isField(still) ? still : lastFocused && !lastFocused.isConnected && (!still || still === document.body) ? lastFocused : null;
    // In the order done: a value typed, then Save, saves it; a picker typed into last stays open.
    /** Enters the app took for itself: what each set off is not made again. */
    const taken = new Set<Step>();
    for (const step of steps) {
      if (step.kind !== 'type' && step.kind !== 'key' && step.by && taken.has(step.by)) continue;
      const target = find(root, step.target, step.place);
      if (!target) continue;
      if (step.kind === 'type') {
        if (!isField(target)) continue;
        arrive(target);
        try {
          enter(target, step.value);
        } catch {
          // A value this input no longer takes (React drew another kind there): the rest still count.
        }
        await later();
        if (step.target === active) {
          try {
            if (!(target instanceof HTMLSelectElement)) target.setSelectionRange(...step.caret);
          } catch {
            // Not every input has a caret (email, number): its value is what counts.
          }
        } else {
          // Left before the app came: left again, so what follows a field's leaving happens.
          target.blur();
          await later();
        }
      } else {
        if (step.kind === 'key') {
          const left = target.dispatchEvent(new KeyboardEvent('keydown', { key: step.key, bubbles: true, cancelable: true, composed: true, view: window }));
          if (!left) taken.add(step);
        }
        else if (step.kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
        else if (step.kind === 'click') target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
        // What the click set off (a form sent, a list opened), drawn before the next step.
        await later(16);
      }
    }
  };
}
