/**
 * A document's lifecycle as one table, read by both sides so they can never disagree:
 * - the browser's lifecycle machine (machines/document/) guards each button's event with
 *   `allows(table, action, status)`, so a view enables buttons from `snapshot.can(event)`;
 * - the server (server/documents/engine.ts) checks the same `allows` under the document's row
 *   lock and answers 409 with `refusal(...)` when the table says no.
 *
 * Statuses say where a document is; actions are what a person does to it. An action lists the
 * statuses it may start from and may name where it ends (`to`): then the engine sets that status
 * and a linear lifecycle (an order pending → processing → shipped) needs no code. Without `to`,
 * where it ends depends on the document (receiving part of an order leaves it partially
 * received), so the kind derives the next status (server/documents/engine.ts asks it).
 *
 * How each kind plugs in (domain/documents/<kind>.ts declares one):
 *   purchase   ordered → partial → received; cancel, return, pay      (this file's first user)
 *   sale       completed (the till posts final at once), pending → completed; return, pay
 *   return     posted (a sale return: stock back in through the ledger's sale_return kind)
 *   quotation  draft → sent → accepted | rejected → converted (a unique link to the sale)
 *   order      pending → processing → shipped → delivered; cancelled
 *   count      posted (a stock count is created posted)
 */
export interface StatusDef {
  label: string;
  /** Shown as a badge tone: neutral, info, success, warning, danger. */
  tone: 'neutral' | 'info' | 'success' | 'warning' | 'danger';
}

export interface ActionDef<S extends string> {
  label: string;
  /** The statuses the action may start from. */
  from: readonly S[];
  /** What the action does, in the words of a refusal: "received", "cancelled", "edited". */
  done: string;
  /** Where the action ends, when that is always the same status; absent: the kind derives it. */
  to?: S;
}

export interface Lifecycle<S extends string = string, A extends string = string> {
  /** The document kind as a person names it: "purchase". */
  noun: string;
  statuses: Readonly<Record<S, StatusDef>>;
  actions: Readonly<Record<A, ActionDef<S>>>;
}

export const defineLifecycle = <S extends string, A extends string>(l: Lifecycle<S, A>) => l;

/** The lifecycle of a kind created final, with nothing to do after (a stock count, a sale return): one status, posted. */
export const postedLifecycle = (noun: string) => defineLifecycle<'posted', never>({ noun, statuses: { posted: { label: 'Posted', tone: 'success' } }, actions: {} });

/** Whether `action` may start from `status`. */
export function allows<S extends string, A extends string>(l: Lifecycle<S, A>, action: A, status: S): boolean {
  return (l.actions[action].from as readonly string[]).includes(status);
}

/** The actions open to a document in `status`, in the table's order (the buttons a screen shows). */
export function actionsFrom<S extends string, A extends string>(l: Lifecycle<S, A>, status: S): A[] {
  return (Object.keys(l.actions) as A[]).filter((a) => allows(l, a, status));
}

/** Why the table refuses `action` from `status`, as a sentence a person can act on. */
export function refusal<S extends string, A extends string>(l: Lifecycle<S, A>, action: A, status: S): string {
  const def = l.actions[action];
  const now = l.statuses[status].label.toLowerCase();
  const open = def.from.map((s) => l.statuses[s].label.toLowerCase());
  const when = open.length === 0 ? 'never' : `only while ${open.length === 1 ? open[0] : `${open.slice(0, -1).join(', ')} or ${open.at(-1)}`}`;
  return `This ${l.noun} is ${now}, so it cannot be ${def.done}: a ${l.noun} is ${def.done} ${when}.`;
}
