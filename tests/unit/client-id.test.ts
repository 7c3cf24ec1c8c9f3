/**
 * An Idempotency-Key is scoped by the client that made it (server/documents/engine.ts): the
 * browser sends its tab's id beside every key, kept in the tab's session storage so a write
 * resent after a reload is known for the same one; writes without a key do not send it.
 */
import { describe, expect, it } from 'vitest';
import { createClient, tabClientId } from '../../src/app/http-client.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("a tab's client id", () => {
  it('is made once and kept in the tab’s storage', () => {
    const store = memoryStore();
    const first = tabClientId(store);
    expect(first).toMatch(/^[\x21-\x7e]{1,64}$/);
    expect(tabClientId(store)).toBe(first);
    expect(tabClientId(memoryStore())).not.toBe(first);
  });

  it('stays the same for the page when storage refuses it', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(tabClientId(refusing)).toBe(tabClientId(refusing));
  });

  it('goes with a request that carries an Idempotency-Key, and only then', async () => {
    const sent: Headers[] = [];
    const fetch = (async (req: Request | string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers ?? (req as Request).headers));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const client = createClient({ baseURL: 'http://shop.test', hooks: { getToken: () => null, onUnauthorized() {}, onForbidden() {} }, fetch, writeHeaders: async () => ({}) });
    await client.call('/api/v1/admin/purchases', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1' } });
    await client.call('/api/v1/admin/purchases', { method: 'POST', body: {} });
    expect(sent[0]!.get('X-Client-Id')).toBeTruthy();
    expect(sent[0]!.get('Idempotency-Key')).toBe('k-1');
    expect(sent[1]!.has('X-Client-Id')).toBe(false);
  });
});
