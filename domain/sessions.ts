/**
 * A person's signed-in sessions as the profile lists them (GET /api/sessions): one per access
 * token, with the device it was signed in from, when, and from where. Shared by the server that
 * answers and the screen that shows them.
 */
export interface SignedInSession {
  id: number;
  /** "Chrome on Linux"; "Unknown device" when the browser sent no User-Agent (or before it was kept). */
  device: string;
  /** When this session signed in (ISO). */
  signed_in_at: string;
  /** Its last request, to the minute (the session check writes it at most once a minute) (ISO). */
  last_active_at: string;
  /** The client's address at sign-in as the server saw it; null when unknown. */
  address: string | null;
  /** The session this request came with: "This device". */
  current: boolean;
}

export const SESSION_MESSAGES = {
  signedOut: 'That session is signed out.',
  notFound: 'That session was not found: it may have ended already.',
  notThisOne: 'This is the session you are using: sign out from the user menu instead.',
  signedOutOthers: (n: number) =>
    n === 0 ? 'No other session was signed in.' : n === 1 ? 'Signed out of 1 other session.' : `Signed out of ${n} other sessions.`,
} as const;

/** First match wins: Edge and Opera say "Chrome" too, and Chrome says "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** A User-Agent in words: "Chrome on Linux", "Safari on iOS", "Firefox", "Unknown device". */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown device');
}
