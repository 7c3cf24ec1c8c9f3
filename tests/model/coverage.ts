/**
 * Coverage of a state machine measured on the REAL actors the model tests drive: every
 * microstep a running actor takes is reported through XState's inspection API, and we record
 * the state nodes it was in and the transition definitions it took. Totals come from walking
 * the machine definition (every state node under the root; every candidate transition of
 * every node, `on`, `after`, invoke `onDone`/`onError` and `always`, each guarded candidate
 * counted on its own).
 */
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InspectionEvent,
  Observer,
  EventObject,
  Snapshot,
} from 'xstate';
import { it } from 'vitest';
import { getStateNodes, type StatePath, type TestModel } from 'xstate/graph';

/** A stable name for a transition candidate: `<source id> <event>#<index among its candidates>`. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const src = t.source;
  const alwaysIndex = src.always?.indexOf(t) ?? -1;
  if (alwaysIndex >= 0) return `${src.id} always#${alwaysIndex}`;
  const list = src.transitions.get(t.eventType) ?? [];
  return `${src.id} ${t.eventType}#${list.indexOf(t)}`;
}

/** Every state node below the root (the root is always active, so it is not counted). */
export function allStateNodeIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((n: AnyStateNode) => n.id);
}

/** Every transition candidate declared anywhere in the machine, the root included. */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)] as AnyStateNode[]) {
    for (const [eventType, list] of node.transitions) list.forEach((_, i) => out.push(`${node.id} ${eventType}#${i}`));
    node.always?.forEach((_, i) => out.push(`${node.id} always#${i}`));
  }
  return out;
}

/** The node and its ancestors, the root excluded. */
function ancestorsOf(node: AnyStateNode | undefined): string[] {
  const ids: string[] = [];
  for (let n = node; n?.parent; n = n.parent) ids.push(n.id);
  return ids;
}

export interface CoverageReport {
  line: string;
  statesCovered: number;
  statesTotal: number;
  transitionsCovered: number;
  transitionsTotal: number;
  missingStates: string[];
  /** Not taken and not declared unreachable. */
  missingTransitions: string[];
}

export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /**
   * @param unreachable transition keys that cannot be taken, each with the reason; they stay
   *   in the total (the report shows them) but do not fail the check.
   */
  constructor(
    readonly name: string,
    readonly machine: AnyStateMachine,
    readonly unreachable: Readonly<Record<string, string>> = {},
    /**
     * Regions (state ids, e.g. `list.columns`) or single transition keys that another test runs
     * in full, each with where: they stay in the total (the report names them) but do not fail
     * this check.
     */
    readonly elsewhere: Readonly<Record<string, string>> = {},
  ) {}

  /** The region another test covers that a state id (or a transition's source) lies in. */
  private regionOf(id: string): string | undefined {
    return Object.keys(this.elsewhere).find((r) => id === r || id.startsWith(`${r}.`));
  }

  /** A transition key (`<source> <event>#<i>`) named on its own, or under a region, in `elsewhere`. */
  private awayKey(k: string): string | undefined {
    return k in this.elsewhere ? k : this.regionOf(k.split(' ')[0]!);
  }

  private belongs(snapshot: Snapshot<unknown>): snapshot is AnyMachineSnapshot {
    return 'machine' in snapshot && (snapshot as AnyMachineSnapshot).machine?.id === this.machine.id;
  }

  /** Record what one snapshot shows as active (used for initial and final snapshots). */
  observe(snapshot: Snapshot<unknown>): void {
    if (!this.belongs(snapshot)) return;
    for (const node of snapshot._nodes) if (node.parent) this.states.add(node.id);
  }

  /** Pass as (or combine into) `createActor(..., { inspect })`. */
  readonly inspect = (ev: InspectionEvent): void => {
    if (ev.type === '@xstate.snapshot') return this.observe(ev.snapshot);
    if (ev.type !== '@xstate.microstep' || !this.belongs(ev.snapshot)) return;
    this.observe(ev.snapshot);
    for (const t of ev._transitions) {
      this.transitions.add(transitionKey(t));
      // A transient state (one left at once by `always`) never shows in a resting snapshot:
      // the source of a transition taken from it proves it was entered.
      for (const id of ancestorsOf(t.source)) this.states.add(id);
    }
  };

  report(): CoverageReport {
    const allStates = allStateNodeIds(this.machine);
    const allTransitions = allTransitionKeys(this.machine);
    const notSeen = allStates.filter((id) => !this.states.has(id));
    const missingStates = notSeen.filter((id) => !this.regionOf(id));
    const notTaken = allTransitions.filter((k) => !this.transitions.has(k));
    const missingTransitions = notTaken.filter((k) => !(k in this.unreachable) && !this.awayKey(k));
    const statesCovered = allStates.length - missingStates.length;
    const transitionsCovered = allTransitions.length - notTaken.length;
    let line = `[coverage] ${this.name}: states ${statesCovered}/${allStates.length}, transitions ${transitionsCovered}/${allTransitions.length}`;
    const unreachable = notTaken.filter((k) => k in this.unreachable);
    if (unreachable.length) line += ` (unreachable by design: ${unreachable.map((k) => `${k} — ${this.unreachable[k]}`).join('; ')})`;
    const away = Object.keys(this.elsewhere).filter((r) => notSeen.some((id) => this.regionOf(id) === r) || notTaken.some((k) => this.awayKey(k) === r));
    if (away.length) line += ` (run elsewhere: ${away.map((r) => `${r} — ${this.elsewhere[r]}`).join('; ')})`;
    if (missingStates.length) line += ` MISSING states: ${missingStates.join(', ')}`;
    if (missingTransitions.length) line += ` MISSING transitions: ${missingTransitions.join(', ')}`;
    return {
      line,
      statesCovered,
      statesTotal: allStates.length,
      transitionsCovered,
      transitionsTotal: allTransitions.length,
      missingStates,
      missingTransitions,
    };
  }
}

/** Several inspectors as one (`createActor` takes a single `inspect`). */
export function inspectAll(...fns: ((ev: InspectionEvent) => void)[]): Observer<InspectionEvent> {
  return { next: (ev) => fns.forEach((f) => f(ev)) };
}

/**
 * Paths that take every edge of the model's adjacency map once: the shortest path to each
 * state, then one more event. Shortest and simple paths only reach *states*; this also takes
 * the transitions that lead back to a state already reached (self-loops, cycles).
 */
export function edgePaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  serializeState: (s: TSnapshot) => string,
): StatePath<TSnapshot, TEvent>[] {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const adjacency = model.getAdjacencyMap();
  const out: StatePath<TSnapshot, TEvent>[] = [];
  for (const path of shortest) {
    const key = serializeState(path.state);
    const adj = (adjacency as unknown as Record<string, { transitions: Record<string, { event: TEvent; state: TSnapshot }> }>)[key];
    if (!adj) continue;
    for (const { event, state } of Object.values(adj.transitions)) {
      out.push({ state, steps: [...path.steps, { event, state }], weight: path.weight + 1 });
    }
  }
  return out;
}

/** The two walks of a model on real actors, as `it`s: every shortest path, then every edge, each replayed by `run`. */
export function itWalksEveryPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  serializeState: (s: TSnapshot) => string,
  run: (path: StatePath<TSnapshot, TEvent>) => Promise<void>,
  timeout?: number,
): void {
  const shortest = model.getShortestPaths();
  const edges = edgePaths(model, serializeState);
  it(`every shortest path (${shortest.length}) lands where the model says`, async () => {
    for (const p of shortest) await run(p);
  });
  it(`every edge (${edges.length}) lands where the model says`, async () => {
    for (const p of edges) await run(p);
  }, timeout);
}

/**
 * For `filterEvents`: events the test sends itself (user events) are offered in every state,
 * so the paths also check that the machine ignores them where it should; internal events
 * (`xstate.done.actor.*`, `xstate.error.actor.*`, `xstate.after.*`) only where the machine
 * is waiting for them, as only then can the real actor produce them.
 */
export function internalOnlyWhenEnabled(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return !event.type.startsWith('xstate.') || snapshot.can(event);
}

/** Let settled promises reach the actors. */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export interface Deferred<T> {
  input: unknown;
  signal: AbortSignal;
  settled: boolean;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A fake for `fromPromise`: each call waits until the test settles it. */
export function deferredCalls<T>() {
  const calls: Deferred<T>[] = [];
  return {
    calls,
    start({ input, signal }: { input: unknown; signal: AbortSignal }): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const call: Deferred<T> = {
          input,
          signal,
          settled: false,
          resolve: (v) => ((call.settled = true), resolve(v)),
          reject: (e) => ((call.settled = true), reject(e)),
        };
        calls.push(call);
      });
    },
    /** Calls still waiting whose actor is still running. */
    live(): Deferred<T>[] {
      return calls.filter((c) => !c.settled && !c.signal.aborted);
    },
    /** The one call the machine is waiting for; fails when there is none or several. */
    only(): Deferred<T> {
      const live = calls.filter((c) => !c.settled && !c.signal.aborted);
      if (live.length !== 1) throw new Error(`expected exactly one pending call, found ${live.length}`);
      return live[0]!;
    },
  };
}

/** Replays one model path on a fresh real actor (`start`), a step at a time; the actor is stopped whatever happens. */
export async function replayPath<H extends { actor: { stop(): void } }, S, E>(path: { steps: readonly { event: E; state: S }[] }, start: () => H, step: (h: H, event: E, state: S) => Promise<void>): Promise<void> {
  const h = start();
  try {
    for (const s of path.steps) await step(h, s.event, s.state);
  } finally {
    h.actor.stop();
  }
}
