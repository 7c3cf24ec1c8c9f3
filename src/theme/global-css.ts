import { defineGlobalStyles } from '@pandacss/dev';

export const globalCss = defineGlobalStyles({
  ':root': { colorScheme: 'light' },
  '.dark': { colorScheme: 'dark' },
  'html, body': { minH: '100%' },
  // Focus and scrolling keep a control clear of the sticky top bar (4rem, and a little air) and of the sticky
  // footer with the upgrade button (3.5rem, src/layouts/content-layout.tsx): never hidden under them (WCAG 2.4.11).
  html: { scrollPaddingTop: '5rem', scrollPaddingBottom: '4.5rem' },
  body: {
    bg: 'bg.canvas',
    color: 'fg.default',
    fontFamily: 'body',
    fontSize: 'md',
    lineHeight: 'normal',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    transition: 'background-color 200ms, color 200ms',
  },
  '::selection': { bg: 'primary.subtleHover' },
  ':focus-visible': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  a: { color: 'inherit' },
});

export const keyframes = {
  fadeIn: { from: { opacity: 0, transform: 'translateY(-6px)' }, to: { opacity: 1, transform: 'translateY(0)' } },
  fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
  menuIn: { from: { opacity: 0, transform: 'scale(0.96)' }, to: { opacity: 1, transform: 'scale(1)' } },
  dialogIn: { from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' }, to: { opacity: 1, transform: 'none' } },
  slideIn: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
  slideOut: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-100%)' } },
  expandHeight: { from: { height: '0' }, to: { height: 'var(--height)' } },
  collapseHeight: { from: { height: 'var(--height)' }, to: { height: '0' } },
  spin: { to: { transform: 'rotate(360deg)' } },
  // Runs from the current fraction (--toast-from) down to empty.
  toastProgress: { from: { width: 'var(--toast-from)' }, to: { width: '0%' } },
};
