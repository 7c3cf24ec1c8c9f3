/**
 * Holds the app's calls to one resource's API until a test step says how the server answers:
 * released to the real server, or fulfilled with a mocked answer. Every call is also counted
 * (page.on('request')), held or not, so a test can say a call was NOT made.
 */
import { expect, type Page, type Route } from '@playwright/test';

/** Poll often: a held call or an address change lands within milliseconds, not the default 100-1000 ms steps. */
export const QUICK_POLL = [10, 25, 50, 100, 250];

export type CallKind = 'list' | 'export' | 'record' | 'create' | 'update' | 'delete' | 'bulkDelete' | 'me';

/** What a call to `api` (a resource's collection path) is, or null when it is not one. */
export function classify(api: string, method: string, url: URL): CallKind | null {
  if (url.pathname === '/me') return 'me';
  if (url.pathname === api) return method === 'GET' ? 'list' : method === 'POST' ? 'create' : null;
  if (!url.pathname.startsWith(`${api}/`)) return null;
  const rest = url.pathname.slice(api.length + 1);
  if (rest === 'export' && method === 'GET') return 'export';
  if (rest === 'bulk-delete' && method === 'POST') return 'bulkDelete';
  // Choices of a relation, and the person's own settings of the list (columns, saved filters).
  if (rest === 'options' || rest.startsWith('list-settings') || rest.startsWith('saved-filters')) return null;
  if (method === 'GET') return 'record';
  if (method === 'PUT') return 'update';
  if (method === 'DELETE') return 'delete';
  return null;
}

export interface SentCall {
  kind: CallKind;
  method: string;
  url: URL;
  /** When the browser sent it (Date.now() in the test process). */
  at: number;
}

export class HeldCalls {
  private readonly held = new Map<CallKind, Route[]>();
  readonly sent: SentCall[] = [];

  constructor(
    private readonly page: Page,
    private readonly api: string,
    /** Kinds to hold; every other call goes straight to the server. */
    private readonly hold: readonly CallKind[],
  ) {}

  async install(): Promise<void> {
    this.page.on('request', (r) => {
      const url = new URL(r.url());
      const kind = classify(this.api, r.method(), url);
      if (kind) this.sent.push({ kind, method: r.method(), url, at: Date.now() });
    });
    await this.page.route(
      (url) => url.pathname === '/me' || url.pathname === this.api || url.pathname.startsWith(`${this.api}/`),
      async (route) => {
        const kind = classify(this.api, route.request().method(), new URL(route.request().url()));
        if (!kind || !this.hold.includes(kind)) return route.fallback();
        const list = this.held.get(kind) ?? [];
        list.push(route);
        this.held.set(kind, list);
      },
    );
  }

  count(...kinds: CallKind[]): number {
    return this.sent.filter((c) => kinds.includes(c.kind)).length;
  }

  last(...kinds: CallKind[]): SentCall | undefined {
    return this.sent.filter((c) => kinds.includes(c.kind)).at(-1);
  }

  waiting(kind: CallKind): number {
    return this.held.get(kind)?.length ?? 0;
  }

  /** The one call of these kinds the app is waiting on (fails when there is none or several). */
  async take(...kinds: CallKind[]): Promise<Route> {
    const waiting = () => kinds.reduce((n, k) => n + this.waiting(k), 0);
    await expect.poll(waiting, { message: `the app calls ${kinds.join(' or ')} once`, intervals: QUICK_POLL }).toBe(1);
    for (const k of kinds) {
      const route = this.held.get(k)?.shift();
      if (route) return route;
    }
    throw new Error('unreachable');
  }

  async releaseAll(): Promise<void> {
    for (const list of this.held.values()) {
      for (const r of list.splice(0)) await r.continue().catch(() => {});
    }
    await this.page.unrouteAll({ behavior: 'ignoreErrors' });
  }
}
