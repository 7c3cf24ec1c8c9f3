import type { ReactNode } from 'react';

/**
 * The icons the first page can show (sign-in, not found, alerts, toasts, field errors, the
 * logo). The rest come with the shell (icon-more.tsx), so the sign-in page does not carry them.
 */
export const CORE_ICONS = {
  dashboard: (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </>
  ),
  bell: (
    <>
      <path d="M6 9a6 6 0 0112 0c0 6 2.5 7.5 2.5 7.5h-17S6 15 6 9z" />
      <path d="M10.3 20a2 2 0 003.4 0" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  alert: (
    <>
      <path d="M10.3 4.2L2.6 17.5A2 2 0 004.3 20.5h15.4a2 2 0 001.7-3L13.7 4.2a2 2 0 00-3.4 0z" />
      <path d="M12 9.5v4M12 17h.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </>
  ),
  'check-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.7 2.7L16.5 9.5" />
    </>
  ),
  'x-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.3a2.6 2.6 0 015 .9c0 1.7-2.5 2.3-2.5 3.8M12 17h.01" />
    </>
  ),
  message: <path d="M4 5.5A1.5 1.5 0 015.5 4h13A1.5 1.5 0 0120 5.5v9a1.5 1.5 0 01-1.5 1.5H9l-5 4V5.5z" />,
  store: (
    <>
      <path d="M3.5 9.5L5 4h14l1.5 5.5a2.8 2.8 0 01-5.3 1 2.8 2.8 0 01-6.4 0 2.8 2.8 0 01-5.3-1z" />
      <path d="M5 12v8.5h14V12M10 20.5v-5h4v5" />
    </>
  ),
  dot: <circle cx="12" cy="12" r="3" fill="currentColor" />,
} satisfies Record<string, ReactNode>;

export type CoreIconName = keyof typeof CORE_ICONS;
