import { PAGE_HINTS_COOKIE } from '../../domain/auth.ts';

/**
 * Where the app system runs: the browser, or the server drawing a page's first HTML
 * (src/entry-server.tsx). Everything the system reads from or does to its surroundings goes
 * through here, so the same machines, wired the same way, run in both.
 */
export interface Host {
  /** localStorage in the browser; the session and preferences the request carried on the server. */
  storage: Storage;
  /** The address at start: pathname and search. */
  url: string;
  /** The person's locale for amounts, numbers and dates. */
  locale: string | undefined;
  /** Whether a media query matches now, and a way to hear when that changes (a no-op on the server). */
  media(name: MediaName): { readonly matches: boolean; onChange(listener: (matches: boolean) => void): void };
  title(text: string): void;
  theme(theme: 'light' | 'dark'): void;
  /** Shows another address in the address bar (history). */
  writeUrl(url: string, replace: boolean): void;
  /** Leaves the app for an address outside it. */
  leave(url: string): void;
  /** Remembers how this browser draws pages, for the server's drawing of the next one (a cookie). */
  hint(hints: PageHints): void;
  /** Calls `listener` when the person leaves the page (closes the tab, reloads); answers how to stop. */
  pageHide(listener: () => void): () => void;
  /** The browser's own events the system listens to; the server has none. */
  listen(hooks: { beforeUnload(): boolean; popped(url: string): void; signedOutElsewhere(key: string): void; online(): void }): void;
}

/** The media queries the app follows. */
export const MEDIA = {
  /** Under the drawer's breakpoint: the drawer is an overlay. */
  narrow: '(max-width: 959.98px)',
  /** Under SPEC's first breakpoint (600 px) lists show cards. */
  phone: '(max-width: 599.98px)',
  dark: '(prefers-color-scheme: dark)',
} as const;
export type MediaName = keyof typeof MEDIA;

/** What the server needs to draw a page as this browser would (PAGE_HINTS_COOKIE). */
export interface PageHints {
  narrow: boolean;
  phone: boolean;
  dark: boolean;
  locale?: string;
  /** The stored preferences (theme, drawer), as in storage. */
  ui?: string | null;
}

/** Whether a page drawn with hints `a` is drawn exactly as one drawn with hints `b`. */
export function sameHints(a: Partial<PageHints>, b: Partial<PageHints>): boolean {
  return !!a.narrow === !!b.narrow && !!a.phone === !!b.phone && !!a.dark === !!b.dark && canonical(a.locale) === canonical(b.locale) && (a.ui ?? null) === (b.ui ?? null);
}

/** A locale as the server reads it from the hints cookie (`de-de` is `de-DE`); null if none or not one. */
function canonical(locale: string | undefined): string | null {
  try {
    return locale ? (Intl.getCanonicalLocales(locale)[0] ?? null) : null;
  } catch {
    return null;
  }
}

export function browserHost(): Host {
  return {
    storage: window.localStorage,
    url: `${location.pathname}${location.search}`,
    locale: navigator.languages?.[0] ?? navigator.language ?? undefined,
    media(name) {
      const list = window.matchMedia(MEDIA[name]);
      return {
        get matches() {
          return list.matches;
        },
        onChange: (listener) => list.addEventListener('change', (e) => listener(e.matches)),
      };
    },
    title: (text) => {
      document.title = text;
    },
    theme: (theme) => {
      document.documentElement.classList.toggle('dark', theme === 'dark');
      document.documentElement.classList.toggle('light', theme === 'light');
      document.documentElement.style.colorScheme = theme;
    },
    writeUrl(url, replace) {
      if (`${location.pathname}${location.search}` === url) return;
      if (replace) history.replaceState(null, '', url);
      else history.pushState(null, '', url);
    },
    leave: (url) => window.location.assign(url),
    pageHide(listener) {
      window.addEventListener('pagehide', listener);
      return () => window.removeEventListener('pagehide', listener);
    },
    hint(hints) {
      document.cookie = `${PAGE_HINTS_COOKIE}=${encodeURIComponent(JSON.stringify(hints))}; path=/admin; max-age=31536000; SameSite=Lax`;
    },
    listen({ beforeUnload, popped, signedOutElsewhere, online }) {
      // Closing the tab or reloading with unsaved changes: the browser asks (its own words).
      window.addEventListener('beforeunload', (e) => {
        if (beforeUnload()) e.preventDefault();
      });
      window.addEventListener('popstate', () => popped(`${location.pathname}${location.search}`));
      window.addEventListener('storage', (e) => {
        if (e.newValue === null && e.key) signedOutElsewhere(e.key);
      });
      window.addEventListener('online', online);
    },
  };
}

/** A Storage over a map: the server's stand-in for localStorage. */
export function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}
