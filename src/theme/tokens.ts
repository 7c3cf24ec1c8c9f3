import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

/**
 * Raw palette. Components never use these directly: they go through the semantic tokens
 * below, so light and dark stay one switch (the `dark` class on <html>).
 */
export const tokens = defineTokens({
  colors: {
    violet: {
      50: { value: '#f5f1ff' },
      100: { value: '#ede5ff' },
      200: { value: '#ddd0fe' },
      300: { value: '#c4b5fd' },
      400: { value: '#a78bfa' },
      500: { value: '#8b5cf6' },
      600: { value: '#7c3aed' },
      700: { value: '#6d28d9' },
      800: { value: '#5b21b6' },
      900: { value: '#3d2f66' },
    },
    ink: {
      50: { value: '#f4f5fa' },
      100: { value: '#eceaf2' },
      200: { value: '#dedbe6' },
      300: { value: '#c7c3d3' },
      400: { value: '#b9b4d0' },
      500: { value: '#8a8499' },
      600: { value: '#625b6e' },
      700: { value: '#474360' },
      750: { value: '#3b3656' },
      800: { value: '#312d4b' },
      850: { value: '#28243d' },
      900: { value: '#2e2a38' },
      950: { value: '#1c1a28' },
    },
  },
  fonts: {
    body: { value: "'Inter Variable', sans-serif" },
    heading: { value: "'Inter Variable', sans-serif" },
    mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
  },
  sizes: {
    drawer: { value: '260px' },
    drawerMini: { value: '56px' },
    toast: { value: '300px' },
    content: { value: '1440px' },
  },
  durations: {
    toast: { value: '400ms' },
  },
  /**
   * Stacking order. Panda's preset has no z-index scale any more, so `zIndex: 'modal'` was
   * written as the invalid `z-index: modal` and everything stacked by document order: the skip
   * link, first in the document, was drawn under the drawer when it was focused. Pop-ups
   * (dropdown) sit above the sticky top bar and the floating button, and above a dialog they
   * are opened from.
   */
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    dropdown: { value: 1500 },
    skipLink: { value: 1600 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
});

/**
 * Semantic colours. Every text/background pair used by the components was checked for
 * WCAG AA (>= 4.5:1) in both themes; the solid status colours all carry white text.
 * Palettes share the keys solid/solidHover/fg/subtle/subtleHover/contrast so `colorPalette`
 * can swap them (Park UI's approach).
 */
const palette = (light: { solid: string; solidHover: string; fg: string; subtle: string; subtleHover: string },
  dark: { solid: string; solidHover: string; fg: string; subtle: string; subtleHover: string }) => ({
  solid: { value: { base: light.solid, _dark: dark.solid } },
  solidHover: { value: { base: light.solidHover, _dark: dark.solidHover } },
  fg: { value: { base: light.fg, _dark: dark.fg } },
  subtle: { value: { base: light.subtle, _dark: dark.subtle } },
  subtleHover: { value: { base: light.subtleHover, _dark: dark.subtleHover } },
  contrast: { value: '#ffffff' },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: { base: '{colors.ink.50}', _dark: '{colors.ink.850}' } },
      surface: { value: { base: '#ffffff', _dark: '{colors.ink.800}' } },
      subtle: { value: { base: '#f7f6fb', _dark: '#2c2844' } },
      muted: { value: { base: '{colors.ink.100}', _dark: '{colors.ink.750}' } },
      hover: { value: { base: 'rgba(58, 53, 65, 0.06)', _dark: 'rgba(231, 227, 252, 0.08)' } },
      backdrop: { value: { base: 'rgba(28, 26, 40, 0.5)', _dark: 'rgba(10, 8, 20, 0.66)' } },
      tooltip: { value: { base: '#3a3541', _dark: '#e7e3fc' } },
    },
    fg: {
      default: { value: { base: '{colors.ink.900}', _dark: '#e7e3fc' } },
      muted: { value: { base: '{colors.ink.600}', _dark: '{colors.ink.400}' } },
      inverted: { value: { base: '#ffffff', _dark: '{colors.ink.900}' } },
    },
    border: {
      default: { value: { base: '{colors.ink.200}', _dark: '{colors.ink.700}' } },
      strong: { value: { base: '{colors.ink.300}', _dark: '#5b5676' } },
    },
    focusRing: { value: { base: '{colors.violet.600}', _dark: '{colors.violet.300}' } },
    primary: palette(
      { solid: '#7c3aed', solidHover: '#6d28d9', fg: '#6d28d9', subtle: '#f1eafe', subtleHover: '#e6dbfd' },
      { solid: '#7c3aed', solidHover: '#6d28d9', fg: '#c4b5fd', subtle: '#3d2f66', subtleHover: '#4a3a7a' },
    ),
    neutral: palette(
      { solid: '#3a3541', solidHover: '#2e2a38', fg: '#3a3541', subtle: '#eceaf2', subtleHover: '#dedbe6' },
      { solid: '#5b5676', solidHover: '#474360', fg: '#e7e3fc', subtle: '#3b3656', subtleHover: '#474360' },
    ),
    success: palette(
      { solid: '#15803d', solidHover: '#166534', fg: '#15803d', subtle: '#ecfdf3', subtleHover: '#dcfce7' },
      { solid: '#15803d', solidHover: '#166534', fg: '#86efac', subtle: '#1f3d33', subtleHover: '#25493c' },
    ),
    info: palette(
      { solid: '#0369a1', solidHover: '#075985', fg: '#0369a1', subtle: '#f0f9ff', subtleHover: '#e0f2fe' },
      { solid: '#0369a1', solidHover: '#075985', fg: '#7dd3fc', subtle: '#1d3650', subtleHover: '#23405e' },
    ),
    warning: palette(
      { solid: '#b45309', solidHover: '#92400e', fg: '#b45309', subtle: '#fffbeb', subtleHover: '#fef3c7' },
      { solid: '#b45309', solidHover: '#92400e', fg: '#fcd34d', subtle: '#463a26', subtleHover: '#52442c' },
    ),
    error: palette(
      { solid: '#dc2626', solidHover: '#b91c1c', fg: '#b91c1c', subtle: '#fef2f2', subtleHover: '#fee2e2' },
      { solid: '#dc2626', solidHover: '#b91c1c', fg: '#fca5a5', subtle: '#4a2a35', subtleHover: '#57303d' },
    ),
  },
  shadows: {
    sm: { value: { base: '0 1px 3px rgba(58, 53, 65, 0.12)', _dark: '0 1px 3px rgba(10, 8, 20, 0.4)' } },
    md: { value: { base: '0 4px 12px rgba(58, 53, 65, 0.12)', _dark: '0 4px 12px rgba(10, 8, 20, 0.45)' } },
    lg: { value: { base: '0 8px 28px rgba(58, 53, 65, 0.18)', _dark: '0 8px 28px rgba(10, 8, 20, 0.55)' } },
  },
});
