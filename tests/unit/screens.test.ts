/**
 * The screen loader (src/pages/screen-loader.ts) and the page actors (src/app/page-actors.ts):
 * which chunks a page needs, one import per chunk (a failed one is tried again), a page's loader
 * started before its view's chunk is here and its data answered, and the page actor's life
 * following the page.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import { createPageActors } from '../../src/app/page-actors.ts';
import type { AppSystem } from '../../src/app/system.ts';
import { createScreenLoader, type PageSources } from '../../src/pages/screen-loader.ts';

const request = (screen: string, pathname = '/admin/x', layout: 'content' | 'blank' = 'content'): ScreenRequest => ({ pathname, search: '', screen, layout, params: {} });

/** Modules whose imports the test settles, counting each import. */
function fakeModules() {
  const imports: string[] = [];
  const pending = new Map<string, { resolve: (m: unknown) => void; reject: (e: unknown) => void }>();
  const later = (name: string) => () => {
    imports.push(name);
    return new Promise<never>((resolve, reject) => pending.set(name, { resolve: resolve as (m: unknown) => void, reject }));
  };
  const View = () => null;
  const Shell = () => null;
  const prepared: Pick<ScreenRequest, 'pathname'>[] = [];
  const modules: PageSources = {
    pages: {
      list: { view: 'list.tsx', loader: async () => (_, r) => (prepared.push(r), later('list-data')()) },
      dashboard: { view: 'dashboard.tsx' },
      placeholder: { view: 'placeholder.tsx' },
    },
    views: { 'list.tsx': later('list'), 'dashboard.tsx': later('dashboard'), 'placeholder.tsx': later('placeholder') },
    shell: later('shell'),
  };
  const settle = async (name: string, ok = true) => {
    const p = pending.get(name)!;
    pending.delete(name);
    if (!ok) p.reject(new Error(`no ${name}`));
    else if (name === 'shell') p.resolve({ Shell });
    else if (name === 'list-data') p.resolve({ rows: ['first page'] });
    else p.resolve({ default: View });
    await new Promise((r) => setTimeout(r, 0));
  };
  return { modules, imports, pending, settle, prepared, View, Shell };
}

const system = () => ({ pages: { keepOnly: vi.fn(), ensure: vi.fn() } }) as unknown as AppSystem & { pages: { keepOnly: ReturnType<typeof vi.fn> } };

describe('the screen loader', () => {
  it("loads a list page's shell, view and data at once, its loader before the view is here, and answers the data", async () => {
    const f = fakeModules();
    const loader = createScreenLoader(f.modules, { withData: true });
    const sys = system();
    let done: unknown = false;
    void loader.load(request('list:customers', '/admin/customers'), sys).then((data) => (done = data));
    expect(sys.pages.keepOnly).toHaveBeenCalledWith('/admin/customers');
    // The loader's own module is imported first (a turn), then it asks.
    await Promise.resolve();
    expect(f.imports.sort()).toEqual(['list', 'list-data', 'shell']);
    expect(f.prepared.map((r) => r.pathname)).toEqual(['/admin/customers']);
    await f.settle('list-data');
    expect(done).toBe(false);
    expect(loader.screen('list:customers')).toBeUndefined();
    await f.settle('list');
    await f.settle('shell');
    expect(done).toEqual({ rows: ['first page'] });
    expect(loader.screen('list:customers')).toBe(f.View);
    expect(loader.screen('list:brands')).toBe(f.View);
    expect(loader.shell()).toBe(f.Shell);
  });

  it('imports each chunk once; the blank layout needs no shell; a first-chunk page needs nothing', async () => {
    const f = fakeModules();
    const loader = createScreenLoader(f.modules);
    void loader.load(request('dashboard'), system());
    void loader.load(request('dashboard', '/admin/dashboard'), system());
    loader.warm({ screen: 'dashboard', layout: 'content' });
    expect(f.imports.sort()).toEqual(['dashboard', 'shell']);
    await expect(loader.load(request('login', '/admin/login', 'blank'), system())).resolves.toBeUndefined();
    expect(f.imports).toHaveLength(2);
  });

  it('in the browser no loader runs: the page gets its code, and its machine asks for its data', async () => {
    const f = fakeModules();
    const loader = createScreenLoader(f.modules);
    let done: unknown = 'pending';
    void loader.load(request('list:customers', '/admin/customers'), system()).then((data) => (done = data));
    expect(f.imports.sort()).toEqual(['list', 'shell']);
    expect(f.prepared).toEqual([]);
    await f.settle('list');
    await f.settle('shell');
    expect(done).toBeUndefined();
  });

  it('a loader that fails leaves the page to its machine: no data, the page still shows', async () => {
    const f = fakeModules();
    const loader = createScreenLoader(f.modules, { withData: true });
    let done: unknown = 'pending';
    void loader.load(request('list:customers', '/admin/customers'), system()).then((data) => (done = data));
    await Promise.resolve();
    await f.settle('list-data', false);
    await f.settle('list');
    await f.settle('shell');
    expect(done).toBeUndefined();
    expect(loader.screen('list:customers')).toBe(f.View);
  });

  it('warms only code: no list is started', async () => {
    const f = fakeModules();
    const loader = createScreenLoader(f.modules);
    loader.warm({ screen: 'list:customers', layout: 'content' });
    expect(f.imports.sort()).toEqual(['list', 'shell']);
  });

  it('a chunk that failed is imported again when asked again', async () => {
    const f = fakeModules();
    const loader = createScreenLoader(f.modules);
    const first = expect(loader.load(request('placeholder', '/admin/pos'), system())).rejects.toThrow('no placeholder');
    await f.settle('placeholder', false);
    await first;
    void loader.load(request('placeholder', '/admin/pos'), system());
    expect(f.imports.filter((n) => n === 'placeholder')).toHaveLength(2);
  });
});

describe('the page actors', () => {
  const logic = (stops: string[], name: string) => fromCallback(() => () => void stops.push(name));

  it('keep the actor of the page shown, made once per page and version', async () => {
    const stops: string[] = [];
    const pages = createPageActors();
    const a = pages.ensure('/admin/customers', 'v1', () => createActor(logic(stops, 'a')));
    expect(a.getSnapshot().status).toBe('active');
    expect(pages.ensure('/admin/customers', 'v1', () => createActor(logic(stops, 'again')))).toBe(a);
    pages.keepOnly('/admin/customers');
    expect(stops).toEqual([]);
    // Other rights than it was made with: a new one, the old one stopped.
    const b = pages.ensure('/admin/customers', 'v2', () => createActor(logic(stops, 'b')));
    expect(b).not.toBe(a);
    expect(stops).toEqual(['a']);
    // Another page is shown: the list is dropped, once the event that moved the page has reached
    // every listener (the list hears that its page was left first).
    pages.keepOnly('/admin/dashboard');
    expect(stops).toEqual(['a']);
    await Promise.resolve();
    expect(stops).toEqual(['a', 'b']);
    const c = pages.ensure('/admin/suppliers', 'v2', () => createActor(logic(stops, 'c')));
    pages.ensure('/admin/brands', 'v2', () => createActor(logic(stops, 'd')));
    expect(c.getSnapshot().status).toBe('stopped');
    expect(stops).toEqual(['a', 'b', 'c']);
  });
});
