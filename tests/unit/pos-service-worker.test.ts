/**
 * The till's offline shell: the list of files its service worker precaches (scripts/vite-till-sw.ts
 * tillPrecache, over a stand-in of Vite's bundle), what the worker answers (src/pos/sw-routes.ts),
 * and its registration (src/pos/register-sw.ts). tests/e2e/till-offline.spec.ts checks the built
 * worker against the server's page.
 */
import { describe, expect, it } from 'vitest';
import { registerTillServiceWorker } from '../../src/pos/register-sw.ts';
import { isApiPath, isTillNavigation, TILL_SCOPE, TILL_SW_URL } from '../../src/pos/sw-routes.ts';
import { isTillModule, tillPrecache, type Bundle, type BundleChunk } from '../../scripts/vite-till-sw.ts';

const R = '/repo/';
const chunk = (fileName: string, moduleIds: string[], o: Partial<BundleChunk> = {}): BundleChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds: moduleIds.map((m) => R + m),
  ...o,
});
const bundle = (...items: Bundle[string][]): Bundle => Object.fromEntries(items.map((i) => [i.fileName, i]));

describe('the files the worker precaches', () => {
  const shell = ['src/main.tsx', 'src/app/app.tsx', 'src/pages/screen-loader.ts'].map((f) => R + f);
  const app = bundle(
    chunk('js/index-E.js', ['src/start.ts'], { isEntry: true, imports: ['js/chunks/runtime-R.js'], viteMetadata: { importedCss: new Set(['assets/index-C.css']), importedAssets: new Set() } }),
    chunk('js/chunks/runtime-R.js', ['rolldown:runtime']),
    chunk('js/chunks/machines-M.js', ['src/main.tsx'], { imports: ['js/chunks/runtime-R.js'] }),
    chunk('js/chunks/app-A.js', ['src/app/app.tsx'], { dynamicImports: ['js/chunks/customers-C.js', 'js/chunks/till-T.js'] }),
    chunk('js/chunks/screen-loader-S.js', ['src/pages/screen-loader.ts']),
    chunk('js/chunks/customers-C.js', ['src/screens/customers/list.tsx'], { imports: ['js/chunks/table-B.js'] }),
    chunk('js/chunks/table-B.js', ['src/components/table.tsx']),
    chunk('js/chunks/till-T.js', ['src/screens/pos/till.tsx', 'machines/checkout/checkout.machine.ts'], {
      imports: ['js/chunks/idb-I.js'],
      dynamicImports: ['js/chunks/receipt-P.js'],
      viteMetadata: { importedCss: new Set(), importedAssets: new Set(['assets/beep-X.mp3']) },
    }),
    chunk('js/chunks/idb-I.js', ['node_modules/idb/build/index.js']),
    chunk('js/chunks/receipt-P.js', ['src/screens/pos/receipt.tsx'], { imports: ['js/chunks/barcode-Z.js'] }),
    chunk('js/chunks/barcode-Z.js', ['node_modules/@bwip-js/browser/dist/bwip-js.mjs']),
    chunk('js/chunks/http-client-H.js', ['src/app/http-client.ts']),
    { type: 'asset', fileName: 'assets/index-C.css', source: 'body{font-family:Inter}@font-face{src:url(/assets/inter-latin-L.woff2) format("woff2")}@font-face{src:url("/assets/inter-greek-G.woff2")}' },
    { type: 'asset', fileName: 'assets/inter-latin-L.woff2', source: new Uint8Array([1]) },
    { type: 'asset', fileName: 'assets/inter-greek-G.woff2', source: new Uint8Array([1]) },
    { type: 'asset', fileName: 'assets/beep-X.mp3', source: new Uint8Array([1]) },
    { type: 'asset', fileName: 'assets/logo-unused.png', source: new Uint8Array([1]) },
  );

  it('takes the entry and app shell, the till’s chunks with what they import (lazily too), their styles and fonts, and none of the other screens', () => {
    expect(tillPrecache(app, isTillModule, shell)).toEqual([
      'assets/beep-X.mp3',
      'assets/index-C.css',
      'assets/inter-greek-G.woff2',
      'assets/inter-latin-L.woff2',
      'js/chunks/app-A.js',
      'js/chunks/barcode-Z.js',
      'js/chunks/http-client-H.js',
      'js/chunks/idb-I.js',
      'js/chunks/machines-M.js',
      'js/chunks/receipt-P.js',
      'js/chunks/runtime-R.js',
      'js/chunks/screen-loader-S.js',
      'js/chunks/till-T.js',
      'js/index-E.js',
    ]);
  });

  it('knows the till’s modules', () => {
    for (const id of ['/r/src/pos/outbox.ts', '/r/src/screens/pos/till.tsx', '/r/machines/checkout/checkout.machine.ts', '/r/domain/pos/scale.ts', '/r/src/app/http-client.ts']) expect(isTillModule(id)).toBe(true);
    for (const id of ['/r/src/screens/customers/list.tsx', '/r/machines/sales/sale.machine.ts', '/r/src/possible.ts']) expect(isTillModule(id)).toBe(false);
  });
});

describe('what the worker answers', () => {
  const origin = 'https://shop.example';
  const at = (path: string) => new URL(path, origin);

  it('keeps the till’s page (network first), and no other page', () => {
    expect(isTillNavigation(at('/admin/pos'), 'navigate', origin)).toBe(true);
    expect(isTillNavigation(at('/admin/pos/returns?x=1'), 'navigate', origin)).toBe(true);
    expect(isTillNavigation(at('/admin/possible'), 'navigate', origin)).toBe(false);
    expect(isTillNavigation(at('/admin/customers'), 'navigate', origin)).toBe(false);
    // The page's own fetches are not navigations; another origin is not ours.
    expect(isTillNavigation(at('/admin/pos'), 'cors', origin)).toBe(false);
    expect(isTillNavigation(new URL('https://else.example/admin/pos'), 'navigate', origin)).toBe(false);
  });

  it('never touches an API call', () => {
    for (const path of ['/api/v1/admin/pos/catalogue', '/api', '/me', '/sanctum/csrf-cookie']) {
      expect(isApiPath(path)).toBe(true);
      expect(isTillNavigation(at(path), 'navigate', origin)).toBe(false);
    }
    expect(isApiPath('/apix')).toBe(false);
  });
});

describe('registering the worker', () => {
  it('registers the built worker for the till’s scope only', async () => {
    const calls: unknown[] = [];
    const registration = { scope: `${TILL_SCOPE}` } as ServiceWorkerRegistration;
    const container = { register: async (url: string | URL, options?: RegistrationOptions) => (calls.push([url, options]), registration) };
    expect(await registerTillServiceWorker({ container, enabled: true })).toBe(registration);
    expect(calls).toEqual([[TILL_SW_URL, { scope: TILL_SCOPE }]]);
  });

  it('does nothing on the dev server or without service workers, and a failed registration leaves the till working', async () => {
    let called = 0;
    const container = {
      register: async () => {
        called++;
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(await registerTillServiceWorker({ container, enabled: false })).toBeUndefined();
    expect(called).toBe(0);
    expect(await registerTillServiceWorker({ container: undefined, enabled: true })).toBeUndefined();
    expect(await registerTillServiceWorker({ container, enabled: true })).toBeUndefined();
    expect(called).toBe(1);
  });
});
