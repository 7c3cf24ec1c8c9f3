/**
 * src/pos/outbox.ts over fake-indexeddb: order, attention, replay's rules, and two "tabs" (two
 * outboxes on one database, one lock manager and one BroadcastChannel name, as two tabs of one
 * browser share them) replaying at once, each entry sent once.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createOutbox, type Locks } from '../../src/pos/outbox.ts';
import type { OutboxEntry } from '../../src/pos/ports.ts';

/** The browser's exclusive Web Locks, shared by the tabs of one origin: a queue per name. */
function browserLocks(): Locks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: (lock: unknown) => Promise<T>) {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback({ name }));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

const entry = (key: string, made_at = '2026-11-29T10:00:00Z'): OutboxEntry => ({
  key,
  body: { customer_id: 1, register_session_id: 7, lines: [{ product_id: 1, quantity: 1 }] } as unknown as OutboxEntry['body'],
  made_at,
  state: 'waiting',
  tries: 0,
});

let n = 0;
const tabs = (count: number) => {
  const dbName = `till-outbox-test-${++n}`;
  const locks = browserLocks();
  return Array.from({ length: count }, () => createOutbox({ dbName, locks }));
};
const keys = (es: OutboxEntry[]) => es.map((e) => e.key);
const tick = () => new Promise((r) => setTimeout(r, 20));
/** An outbox holding a, b and c, and a send that notes each key and answers what `answer` says. */
async function holding(answer: (key: string) => 'sent' | 'unreachable' | { refused: string }) {
  const outbox = tabs(1)[0]!;
  for (const k of ['a', 'b', 'c']) await outbox.put(entry(k));
  const sent: string[] = [];
  const send = async (e: OutboxEntry) => (sent.push(e.key), answer(e.key));
  return { outbox: outbox!, sent, send };
}

describe('keeping sales', () => {
  it('lists entries in the order they were made, a re-put keeping its place', async () => {
    const outbox = tabs(1)[0]!;
    for (const k of ['c', 'a', 'b']) await outbox.put(entry(k));
    await outbox.put({ ...entry('c'), tries: 2 });
    expect(keys(await outbox.list())).toEqual(['c', 'a', 'b']);
    expect((await outbox.list())[0]).toEqual({ ...entry('c'), tries: 2 });
    outbox.close();
  });

  it('numbers entries put by two tabs at once without a clash', async () => {
    const [one, two] = tabs(2);
    await Promise.all([one!.put(entry('a')), two!.put(entry('b')), one!.put(entry('c')), two!.put(entry('d'))]);
    expect((await one!.list()).map((e) => e.key).sort()).toEqual(['a', 'b', 'c', 'd']);
    one!.close();
    two!.close();
  });

  it('marks an entry for attention with its reason, and removes only on demand', async () => {
    const outbox = tabs(1)[0]!;
    await outbox.put(entry('a'));
    await outbox.setAttention('a', 'Only 0 left of Copper Kettle.');
    expect(await outbox.list()).toEqual([{ ...entry('a'), state: 'attention', reason: 'Only 0 left of Copper Kettle.' }]);
    await outbox.remove('a');
    expect(await outbox.list()).toEqual([]);
    outbox.close();
  });

  it('keeps entries for the next page (a reload)', async () => {
    const [first, again] = tabs(2);
    await first!.put(entry('a'));
    first!.close();
    expect(keys(await again!.list())).toEqual(['a']);
    again!.close();
  });
});

describe('replaying', () => {
  it('sends in order, removes what was sent, keeps a refusal for attention and goes on', async () => {
    const { outbox, sent, send } = await holding((key) => (key === 'b' ? { refused: 'Only 0 left of Copper Kettle.' } : 'sent'));
    await outbox.replay(send);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(await outbox.list()).toEqual([{ ...entry('b'), state: 'attention', reason: 'Only 0 left of Copper Kettle.', tries: 1 }]);
    // Attention is for a person: the next replay does not send it.
    sent.length = 0;
    await outbox.replay(async (e) => (sent.push(e.key), 'sent'));
    expect(sent).toEqual([]);
    outbox.close();
  });

  it('stops at the first entry the server could not be reached for, counting the try', async () => {
    const { outbox, sent, send } = await holding((key) => (key === 'a' ? 'sent' : 'unreachable'));
    await outbox.replay(send);
    expect(sent).toEqual(['a', 'b']);
    expect((await outbox.list()).map((e) => [e.key, e.state, e.tries])).toEqual([
      ['b', 'waiting', 1],
      ['c', 'waiting', 0],
    ]);
    // A send that throws is the same as unreachable.
    await outbox.replay(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await outbox.list()).map((e) => e.tries)).toEqual([2, 0]);
    // Back online: the rest go, in order.
    sent.length = 0;
    await outbox.replay(async (e) => (sent.push(e.key), 'sent'));
    expect(sent).toEqual(['b', 'c']);
    expect(await outbox.list()).toEqual([]);
    outbox.close();
  });

  it('two tabs replaying at once send each entry once, in order', async () => {
    const [one, two] = tabs(2);
    for (const k of ['a', 'b', 'c', 'd', 'e']) await one!.put(entry(k));
    const server: string[] = [];
    const inFlight = { now: 0, most: 0 };
    const send = (tab: string) => async (e: OutboxEntry) => {
      inFlight.most = Math.max(inFlight.most, ++inFlight.now);
      await new Promise((r) => setTimeout(r, 5));
      server.push(`${e.key}@${tab}`);
      inFlight.now--;
      return 'sent' as const;
    };
    await Promise.all([one!.replay(send('one')), two!.replay(send('two')), one!.replay(send('one'))]);
    expect(server.map((s) => s.split('@')[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(inFlight.most).toBe(1);
    expect(await two!.list()).toEqual([]);
    one!.close();
    two!.close();
  });

  it('tells the other tabs of each change', async () => {
    const [one, two] = tabs(2);
    let heardThere = 0;
    let heardHere = 0;
    two!.subscribe(() => heardThere++);
    const stop = one!.subscribe(() => heardHere++);
    await one!.put(entry('a'));
    await tick();
    expect([heardHere, heardThere]).toEqual([1, 1]);
    await one!.replay(async () => 'sent');
    await tick();
    expect([heardHere, heardThere]).toEqual([2, 2]);
    stop();
    await one!.put(entry('b'));
    await tick();
    expect([heardHere, heardThere]).toEqual([2, 3]);
    one!.close();
    two!.close();
  });
});
