/**
 * The pieces of a page the server draws: the hints cookie read defensively, the theme known
 * before drawing, and when the browser takes a drawing over.
 */
import { describe, expect, it } from 'vitest';
import { readHints, themeOf } from '../../server/page-render.ts';
import { sameHints } from '../../src/app/host.ts';

describe('the hints cookie', () => {
  it('keeps what is well formed', () => {
    const ui = JSON.stringify({ theme: 'dark', mini: true });
    expect(readHints(JSON.stringify({ narrow: true, phone: false, dark: true, locale: 'de-de', ui }))).toEqual({ narrow: true, phone: false, dark: true, locale: 'de-DE', ui });
  });

  it('reads anything else as nothing said: no error, the defaults', () => {
    for (const raw of [undefined, '', 'not json', 'null', '42', '[]', JSON.stringify({ narrow: 'yes', dark: 1 })]) {
      expect(readHints(raw)).toEqual({ narrow: false, phone: false, dark: false });
    }
    expect(readHints(JSON.stringify({ locale: 'no such locale!' })).locale).toBeUndefined();
    expect(readHints(JSON.stringify({ locale: 'x'.repeat(100) })).locale).toBeUndefined();
    expect(readHints(JSON.stringify({ ui: 'x'.repeat(5000) })).ui).toBeUndefined();
  });

  it('gives the theme before the page is drawn: the stored choice, else the system’s', () => {
    expect(themeOf({ ui: JSON.stringify({ theme: 'dark' }), dark: false })).toBe('dark');
    expect(themeOf({ ui: JSON.stringify({ theme: 'light' }), dark: true })).toBe('light');
    expect(themeOf({ ui: JSON.stringify({ mini: true }), dark: true })).toBe('dark');
    expect(themeOf({ ui: '{broken', dark: false })).toBe('light');
    expect(themeOf({})).toBe('light');
  });
});

describe('whether the browser can take a drawn page over', () => {
  const drawn = { narrow: true, phone: true, dark: true, locale: 'de-DE', ui: JSON.stringify({ theme: 'dark' }) };

  it('only when it draws the same way: width, theme, language and stored preferences', () => {
    expect(sameHints(drawn, { ...drawn })).toBe(true);
    // The cookie's locale is read canonical; the browser's may not be written so.
    expect(sameHints(drawn, { ...drawn, locale: 'de-de' })).toBe(true);
    for (const change of [{ narrow: false }, { phone: false }, { dark: false }, { locale: 'en-GB' }, { locale: undefined }, { ui: null }, { ui: JSON.stringify({ theme: 'light' }) }]) {
      expect(sameHints(drawn, { ...drawn, ...change }), JSON.stringify(change)).toBe(false);
    }
  });

  it('reads nothing said as the defaults on both sides', () => {
    expect(sameHints({}, { narrow: false, phone: false, dark: false, ui: null })).toBe(true);
  });
});
