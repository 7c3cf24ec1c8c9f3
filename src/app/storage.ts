import { STORAGE_KEYS, isSessionUser } from '../../domain/auth.ts';
import type { StoredSession } from '../../machines/auth.machine.ts';
import type { UiPreferences } from '../../machines/ui.machine.ts';

/** Where the interface preferences (theme, drawer) are stored. */
export const UI_KEY = 'ui';
/** Where pages keep what they start from without the network, for the signed-in person (see `keep`). */
export const OFFLINE_KEY = 'offline';

/** What pages kept for one person: by the page's screen key (`pos`). */
interface KeptOffline {
  user: number;
  pages: Record<string, unknown>;
}

/**
 * Browser storage of SPEC §3: `user` holds { access_token, user }, `user_token` the bearer
 * token. Anything unreadable counts as nothing stored.
 */
export function createStorage(store: Storage = window.localStorage) {
  return {
    token: () => store.getItem(STORAGE_KEYS.token),
    loadSession(): StoredSession | null {
      const token = store.getItem(STORAGE_KEYS.token);
      const raw = store.getItem(STORAGE_KEYS.user);
      if (!token || !raw) return null;
      try {
        const parsed = JSON.parse(raw) as { user?: unknown };
        return isSessionUser(parsed.user) ? { token, user: parsed.user } : null;
      } catch {
        return null;
      }
    },
    saveSession({ token, user }: StoredSession) {
      store.setItem(STORAGE_KEYS.user, JSON.stringify({ access_token: token, user }));
      store.setItem(STORAGE_KEYS.token, token);
    },
    /** Signing out (or a session that ended) forgets what pages kept for the person too. */
    clearSession() {
      store.removeItem(STORAGE_KEYS.user);
      store.removeItem(STORAGE_KEYS.token);
      store.removeItem(OFFLINE_KEY);
    },
    /**
     * What the page `page` (a route's screen key) kept on this device for person `user` to start
     * from when the server cannot be reached (the till: its terms and open register session);
     * null when it kept nothing, or kept it for someone else.
     */
    kept(user: number, page: string): unknown {
      const kept = readKept(store);
      return kept?.user === user ? (kept.pages[page] ?? null) : null;
    },
    /** Keeps `value` for `page` (null forgets it); what another person kept on this device is dropped. */
    keep(user: number, page: string, value: unknown) {
      const kept = readKept(store);
      const pages = { ...(kept?.user === user ? kept.pages : {}) };
      if (value === null) delete pages[page];
      else pages[page] = value;
      try {
        if (Object.keys(pages).length) store.setItem(OFFLINE_KEY, JSON.stringify({ user, pages } satisfies KeptOffline));
        else store.removeItem(OFFLINE_KEY);
      } catch {
        // Storage refused (quota, a private window): the page works, only not offline.
      }
    },
    loadPreferences(): Partial<UiPreferences> | null {
      try {
        return JSON.parse(store.getItem(UI_KEY) ?? 'null') as Partial<UiPreferences> | null;
      } catch {
        return null;
      }
    },
    savePreferences(prefs: Partial<UiPreferences>) {
      store.setItem(UI_KEY, JSON.stringify({ ...this.loadPreferences(), ...prefs }));
    },
  };
}

function readKept(store: Storage): KeptOffline | null {
  try {
    const kept = JSON.parse(store.getItem(OFFLINE_KEY) ?? 'null') as Partial<KeptOffline> | null;
    return kept && typeof kept.user === 'number' && typeof kept.pages === 'object' && kept.pages ? (kept as KeptOffline) : null;
  } catch {
    return null;
  }
}

export type AppStorage = ReturnType<typeof createStorage>;
