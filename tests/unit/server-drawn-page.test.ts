/**
 * The pieces of a page the server draws: the browser's client gives back what the server got
 * (once, GETs only), the hints cookie read defensively, the theme known before drawing.
 */
import { describe, expect, it, vi } from 'vitest';
import { replaying, type RecordedAnswer } from '../../src/app/api.ts';
import { readHints, themeOf } from '../../server/page-render.ts';
import { sameHints } from '../../src/app/host.ts';

const answer = (url: string, body: unknown, status = 200): RecordedAnswer => ({ url, status, headers: { 'content-type': 'application/json', etag: '"e1"' }, body: JSON.stringify(body) });

describe('replaying the answers of a drawn page', () => {
  it('gives each recorded answer once, with its status and headers, then asks the network', async () => {
    const network = vi.fn(async () => new Response('{"fresh":true}', { status: 200 }));
    const fetch = replaying([answer('/me', { id: 1 }), answer('/api/v1/admin/customers?page=1', { data: [] })], network);
    const first = await fetch('/api/v1/admin/customers?page=1');
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"e1"');
    expect(await first.json()).toEqual({ data: [] });
    expect(network).not.toHaveBeenCalled();
    // Asked again (a reload of the list, a later page): the network's answer, not the old one.
    expect(await (await fetch('/api/v1/admin/customers?page=1')).json()).toEqual({ fresh: true });
    expect(await (await fetch('http://127.0.0.1:3000/me')).json()).toEqual({ id: 1 });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never answers a write, nor another address, from what was recorded', async () => {
    const network = vi.fn(async () => new Response(null, { status: 204 }));
    const fetch = replaying([answer('/me', { id: 1 })], network);
    await fetch('/me', { method: 'POST' });
    await fetch('/me?x=1');
    expect(network).toHaveBeenCalledTimes(2);
    expect(await (await fetch('/me')).json()).toEqual({ id: 1 });
  });

  it('keeps a failure as a failure', async () => {
    const fetch = replaying([answer('/api/v1/admin/stock/alerts', { message: 'No.' }, 403)], vi.fn());
    const res = await fetch('/api/v1/admin/stock/alerts');
    expect(res.status).toBe(403);
    expect(res.ok).toBe(false);
  });
});

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
