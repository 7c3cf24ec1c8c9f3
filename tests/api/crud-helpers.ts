import { expect } from 'vitest';
import type { Harness, TestResponse } from './harness.ts';

/**
 * Shorthands for resource tests: one signed-in client whose create/update helpers assert the
 * success status, so a test reads as the behaviour it checks.
 */
export interface Client {
  get(path: string, query?: Record<string, string | number>): Promise<TestResponse>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  put(path: string, body: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  del(path: string): Promise<TestResponse>;
  /** POST that must answer 201; returns the created row. */
  create(api: string, body: Record<string, unknown>): Promise<any>;
  /** PUT that must answer 200; returns the updated row. */
  update(api: string, id: number, body: Record<string, unknown>): Promise<any>;
  /** Every row of a list (per_page 100), optionally filtered. */
  rows(api: string, query?: Record<string, string | number>): Promise<any[]>;
}

const qs = (query?: Record<string, string | number>) =>
  query && Object.keys(query).length ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';

export function client(h: Harness, token: string): Client {
  const c: Client = {
    get: (path, query) => h.request('GET', `${path}${qs(query)}`, { token }),
    post: (path, body, headers) => h.request('POST', path, { token, body, headers: headers ?? {} }),
    put: (path, body, headers) => h.request('PUT', path, { token, body, headers: headers ?? {} }),
    del: (path) => h.request('DELETE', path, { token }),
    async create(api, body) {
      const res = await c.post(api, body);
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    },
    async update(api, id, body) {
      const res = await c.put(`${api}/${id}`, body);
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    },
    async rows(api, query) {
      const res = await c.get(api, { per_page: 100, ...query });
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    },
  };
  return c;
}

/** The 422 body names `field` (and optionally says `text`). */
export function expectFieldError(res: TestResponse, field: string, text?: string | RegExp): void {
  expect(res.status, res.text).toBe(422);
  expect(Object.keys(res.body.errors ?? {}), res.text).toContain(field);
  if (text !== undefined) {
    const messages: string[] = res.body.errors[field];
    if (typeof text === 'string') expect(messages).toContain(text);
    else expect(messages.some((m) => text.test(m)), messages.join(' | ')).toBe(true);
  }
}

/** A message a person reads: a sentence, no SQL or stack text. */
export function expectSentence(message: unknown): void {
  expect(typeof message).toBe('string');
  const text = message as string;
  expect(text).toMatch(/^[A-Z“"].*[.!?]$/s);
  expect(text).not.toMatch(/select |insert |constraint|violates|Error:|at .*\.ts/i);
}
