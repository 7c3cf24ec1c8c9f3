import type { ReactNode } from 'react';
import { registerIcons } from './icon-registry.ts';

/** The menu's and the screens' icons, added to the set when the shell loads (see icon-core.tsx). */
const MORE_ICONS = {  shield: <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.4 3.2-5.5 6.5-5.5s5.9 2.1 6.5 5.5" />
      <path d="M16 4.7a3.5 3.5 0 010 6.6M18 14.8c1.9.8 3.1 2.6 3.5 5.2" />
    </>
  ),
  people: (
    <>
      <circle cx="8" cy="9" r="3" />
      <circle cx="16" cy="9" r="3" />
      <path d="M2.5 19c.5-2.8 2.6-4.5 5.5-4.5 1.6 0 2.9.5 3.9 1.4M12.1 15.9c1-.9 2.3-1.4 3.9-1.4 2.9 0 5 1.7 5.5 4.5" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.8-4 3.9-6.5 8-6.5s7.2 2.5 8 6.5" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4.5" />
      <path d="M11.2 11.8L20 3M16.5 6.5l2.5 2.5M14 9l2 2" />
    </>
  ),
  grid: (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1" />
    </>
  ),
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 018 0v3M12 14.5v2.5" />
    </>
  ),
  tag: (
    <>
      <path d="M3 12.2V4a1 1 0 011-1h8.2a1 1 0 01.7.3l8.3 8.3a1.5 1.5 0 010 2.1l-7.5 7.5a1.5 1.5 0 01-2.1 0L3.3 12.9a1 1 0 01-.3-.7z" />
      <circle cx="8" cy="8" r="1.5" />
    </>
  ),
  truck: (
    <>
      <path d="M2.5 5.5h11v10h-11zM13.5 9.5h4l3 3.5v2.5h-7" />
      <circle cx="6.5" cy="17.5" r="2" />
      <circle cx="17" cy="17.5" r="2" />
    </>
  ),
  box: (
    <>
      <path d="M12 2.8l8.5 4.6v9.2L12 21.2l-8.5-4.6V7.4L12 2.8z" />
      <path d="M3.8 7.5L12 12l8.2-4.5M12 12v9" />
    </>
  ),
  package: (
    <>
      <rect x="3" y="7" width="18" height="14" rx="1.5" />
      <path d="M2 3.5h20V7H2zM10 11h4" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  list: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  folder: <path d="M3 6.5A1.5 1.5 0 014.5 5h4.6l2 2.5h8.4A1.5 1.5 0 0121 9v9.5a1.5 1.5 0 01-1.5 1.5h-15A1.5 1.5 0 013 18.5v-12z" />,
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8L12 3.5z" />,
  sliders: (
    <>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  palette: (
    <>
      <path d="M12 3a9 9 0 100 18c1.1 0 1.8-.8 1.8-1.8 0-.5-.2-.9-.5-1.2-.3-.3-.5-.7-.5-1.2 0-1 .8-1.8 1.8-1.8H17a4 4 0 004-4C21 6.6 17 3 12 3z" />
      <circle cx="7.5" cy="11.5" r="1" />
      <circle cx="10" cy="7.5" r="1" />
      <circle cx="14.5" cy="7.5" r="1" />
    </>
  ),
  ruler: (
    <>
      <path d="M3.5 16.5L16.5 3.5l4 4-13 13-4-4z" />
      <path d="M7.5 12.5l2 2M10.5 9.5l2 2M13.5 6.5l2 2" />
    </>
  ),
  warehouse: (
    <>
      <path d="M2.5 9L12 3.5 21.5 9v11.5h-19V9z" />
      <path d="M6.5 20.5v-8h11v8M6.5 15.5h11" />
    </>
  ),
  cart: (
    <>
      <path d="M2.5 3.5h2.6l2.3 11.2a1.5 1.5 0 001.5 1.3h8.7a1.5 1.5 0 001.5-1.2l1.4-7.3H6" />
      <circle cx="9.5" cy="20" r="1.3" />
      <circle cx="17.5" cy="20" r="1.3" />
    </>
  ),
  register: (
    <>
      <rect x="3" y="11" width="18" height="9.5" rx="1.5" />
      <path d="M6 11V4.5h8V11M17 7.5h2.5V11M7 15h.01M10.5 15h.01M14 15h.01M7 17.5h10" />
    </>
  ),
  bag: (
    <>
      <path d="M5 7.5h14l-1 13H6l-1-13z" />
      <path d="M9 10V6.5a3 3 0 016 0V10" />
    </>
  ),
  barcode: <path d="M3 5v14M6.5 5v14M9.5 5v14M13 5v14M15.5 5v14M18.5 5v14M21 5v14" strokeWidth="1.6" />,
  layers: (
    <>
      <path d="M12 3l9 4.5-9 4.5-9-4.5L12 3z" />
      <path d="M3 12l9 4.5 9-4.5M3 16.5L12 21l9-4.5" />
    </>
  ),
  wallet: (
    <>
      <path d="M19 7V5.5A1.5 1.5 0 0017.5 4h-12A2.5 2.5 0 003 6.5v11A2.5 2.5 0 005.5 20h13a1.5 1.5 0 001.5-1.5V9a1.5 1.5 0 00-1.5-1.5H5.5A2.5 2.5 0 013 5" />
      <circle cx="16" cy="13.8" r="1.2" />
    </>
  ),
  receipt: (
    <>
      <path d="M5 3h14v18l-2.3-1.5L14.3 21 12 19.5 9.7 21l-2.4-1.5L5 21V3z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  file: (
    <>
      <path d="M14 3H6.5A1.5 1.5 0 005 4.5v15A1.5 1.5 0 006.5 21h11a1.5 1.5 0 001.5-1.5V8l-5-5z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
    </>
  ),
  tool: <path d="M14.7 6.3a4.5 4.5 0 005.8 5.8l-9.6 9.6a2.1 2.1 0 01-3-3l9.6-9.6zM14.7 6.3A4.5 4.5 0 0120.5 3l-3 3 .5 2.5 2.5.5 3-3" />,
  image: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="8.5" cy="9.5" r="1.8" />
      <path d="M21 16l-5-5-9 9" />
    </>
  ),
  bulb: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 00-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0012 3z" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </>
  ),
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2.5 12h2M19.5 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  moon: <path d="M20.5 14.5A8.5 8.5 0 119.5 3.5a6.8 6.8 0 0011 11z" />,
  logout: (
    <>
      <path d="M9.5 20.5H5.5A1.5 1.5 0 014 19V5a1.5 1.5 0 011.5-1.5h4" />
      <path d="M16 16.5l4.5-4.5L16 7.5M20.5 12H9.5" />
    </>
  ),
  'chevron-down': <path d="M6 9l6 6 6-6" />,
  'chevron-up': <path d="M6 15l6-6 6 6" />,
  'chevron-left': <path d="M15 6l-6 6 6 6" />,
  'chevron-right': <path d="M9 6l6 6-6 6" />,
  check: <path d="M4.5 12.5l5 5 10-11" />,
  edit: <path d="M4 20h4L19 9a2.8 2.8 0 00-4-4L4 16v4zM13.5 6.5l4 4" />,
  // One path (not two): it is drawn in every row of every list.
  trash: <path d="M4 7h16M10 11v6M14 11v6M9 7V4h6v3M6 7l1 13h10l1-13" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  rocket: (
    <>
      <path d="M12.5 15.5l-4-4c1.9-5.1 5.7-8 12-8.5-.5 6.3-3.4 10.1-8 12.5z" />
      <path d="M8.5 11.5H5l2.5-3.5h4M12.5 15.5V19l3.5-2.5v-4" />
      <path d="M6 16c-1.5.5-2.3 2.2-2.5 4.5 2.3-.2 4-1 4.5-2.5" />
      <circle cx="15.5" cy="8.5" r="1.3" />
    </>
  ),
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />,
} satisfies Record<string, ReactNode>;

export type MoreIconName = keyof typeof MORE_ICONS;

registerIcons(MORE_ICONS);
