/**
 * One walk that takes every edge of a machine's graph, for tests where starting over is dear
 * (a page load in Chromium per path). The graph is the REAL machine's: its snapshots come from
 * xstate's own getInitialSnapshot/getNextSnapshot (invoked actors are not started), widened by
 * `extra`, what the page knows beside the machine (an image already on the form, a record
 * saved), since that decides which events a person can send at all.
 *
 * From where it stands the walk takes an edge it has not taken yet; when there is none, it
 * goes the shortest way to the nearest state that has one, finishing each strongly connected
 * part of the graph before it leaves it. An edge is a state (by `key`) and
 * an event (by `eventKey`), ignored events included: a step that must change nothing is an
 * edge too. It throws when some edge cannot be reached from where the walk stands (a graph
 * that is not strongly connected needs another start).
 */
import { getInitialSnapshot, getNextSnapshot, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';

export interface WalkSpec<M extends AnyStateMachine, X> {
  machine: M;
  input?: unknown;
  extra: X;
  /** The events a person (or the server) can send here. */
  events: (s: SnapshotFrom<M>, x: X) => AnyEventObject[];
  /** What the page knows after the event (default: unchanged). */
  nextExtra?: (x: X, event: AnyEventObject, next: SnapshotFrom<M>) => X;
  /** A state: the machine's value and context, and the extra. */
  key?: (s: SnapshotFrom<M>, x: X) => string;
  eventKey?: (e: AnyEventObject) => string;
}

export interface WalkStep<M extends AnyStateMachine, X> {
  event: AnyEventObject;
  /** The state the event leads to. */
  state: SnapshotFrom<M>;
  extra: X;
}

interface Edge<M extends AnyStateMachine, X> {
  id: string;
  event: AnyEventObject;
  to: string;
  state: SnapshotFrom<M>;
  extra: X;
}

const defaultKey = (s: { value: unknown; context: unknown }, x: unknown) => JSON.stringify([s.value, s.context, x]);
const defaultEventKey = (e: AnyEventObject) => JSON.stringify(e);

export interface Walk<M extends AnyStateMachine, X> {
  start: SnapshotFrom<M>;
  steps: WalkStep<M, X>[];
  /** How many edges the graph has (the walk takes each at least once). */
  edges: number;
  /** The walk's idea of a state, to compare a real actor's with. */
  key: (s: SnapshotFrom<M>, x: X) => string;
}

export function coveringWalk<M extends AnyStateMachine, X>(spec: WalkSpec<M, X>): Walk<M, X> {
  const key = spec.key ?? defaultKey;
  const eventKey = spec.eventKey ?? defaultEventKey;
  const machine: AnyStateMachine = spec.machine;
  const start = getInitialSnapshot(machine, spec.input) as SnapshotFrom<M>;
  const startKey = key(start, spec.extra);
  // The whole graph first: every state reachable, with its edges.
  const out = new Map<string, Edge<M, X>[]>();
  const queue: [string, SnapshotFrom<M>, X][] = [[startKey, start, spec.extra]];
  out.set(startKey, []);
  while (queue.length) {
    const [k, s, x] = queue.shift()!;
    for (const event of spec.events(s, x)) {
      const next = getNextSnapshot(machine, s, event) as SnapshotFrom<M>;
      const nx = spec.nextExtra ? spec.nextExtra(x, event, next) : x;
      const to = key(next, nx);
      out.get(k)!.push({ id: `${k} ${eventKey(event)}`, event, to, state: next, extra: nx });
      if (!out.has(to)) {
        out.set(to, []);
        queue.push([to, next, nx]);
      }
    }
  }
  const untaken = new Set([...out.values()].flat().map((e) => e.id));
  const edges = untaken.size;
  const steps: WalkStep<M, X>[] = [];
  const take = (e: Edge<M, X>) => {
    untaken.delete(e.id);
    steps.push({ event: e.event, state: e.state, extra: e.extra });
    return e.to;
  };
  // Strongly connected components: the walk finishes the edges inside the part of the graph it
  // is in before it takes one that leaves it (there may be no way back: a generated barcode
  // stays on the form), so one walk covers a graph whose parts lead one into the next.
  const part = components(out);
  const inside = (e: Edge<M, X>, k: string) => part.get(e.to) === part.get(k);
  const wanted = (k: string, e: Edge<M, X>) => untaken.has(e.id) && (inside(e, k) || ![...out.entries()].some(([n, list]) => part.get(n) === part.get(k) && list.some((f) => untaken.has(f.id) && inside(f, n))));
  let at = startKey;
  while (untaken.size) {
    const here = out.get(at)!.find((e) => wanted(at, e));
    if (here) {
      at = take(here);
      continue;
    }
    // The shortest way to a state with an edge the walk wants next, inside the part of the
    // graph the walk is in while that part still has edges to take (the nearest wanted edge
    // may lie beyond a one-way edge, and taking it would strand the rest of this part).
    const unfinished = [...out.entries()].some(([n, list]) => part.get(n) === part.get(at) && list.some((f) => untaken.has(f.id) && inside(f, n)));
    const via = new Map<string, Edge<M, X> | null>([[at, null]]);
    const search = [at];
    let goal: string | undefined;
    while (search.length && !goal) {
      const k = search.shift()!;
      for (const e of out.get(k)!) {
        if (via.has(e.to) || (unfinished && part.get(e.to) !== part.get(at))) continue;
        via.set(e.to, e);
        if (out.get(e.to)!.some((n) => wanted(e.to, n))) goal = e.to;
        search.push(e.to);
      }
    }
    if (!goal) throw new Error(`coveringWalk: ${untaken.size} edge(s) cannot be reached from ${at}: ${[...untaken].slice(0, 3).join(' | ')}`);
    const way: Edge<M, X>[] = [];
    for (let k = goal; k !== at; ) {
      const e = via.get(k)!;
      way.unshift(e);
      k = [...out.entries()].find(([, list]) => list.includes(e))![0];
    }
    for (const e of way) at = take(e);
  }
  return { start, steps, edges, key };
}

/** Tarjan's strongly connected components: state key → component number. */
function components(out: Map<string, { to: string }[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const part = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  let next = 0;
  let parts = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const { to } of out.get(v)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (on.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      for (let w = ''; w !== v; ) {
        w = stack.pop()!;
        on.delete(w);
        part.set(w, parts);
      }
      parts++;
    }
  };
  for (const v of out.keys()) if (!index.has(v)) visit(v);
  return part;
}
