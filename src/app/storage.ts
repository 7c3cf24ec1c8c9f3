import { STORAGE_KEYS, isSessionUser } from '../../domain/auth.ts';
import type { StoredSession } from '../../machines/auth.machine.ts';
import type { UiPreferences } from '../../machines/ui.machine.ts';

/** Where the interface preferences (theme, drawer) are stored. */
export const UI_KEY = 'ui';

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
    clearSession() {
      store.removeItem(STORAGE_KEYS.user);
      store.removeItem(STORAGE_KEYS.token);
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

export type AppStorage = ReturnType<typeof createStorage>;
