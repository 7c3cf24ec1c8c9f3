import type { Layout } from './routes.ts';

/**
 * Which source module draws each screen, and which ones a page loads. One table for the three
 * that must agree: the browser's screen loader (src/screens/registry.ts, whose import() calls
 * must be literal for the bundler; tests/unit/screens.test.ts holds them to this table), the
 * build (vite.config.ts writes each module's chunks to dist/.vite/page-chunks.json) and the
 * server (server/static.ts names a page's chunks in its HTML, so they download beside the entry).
 */
export const SCREEN_FILES = {
  /**
   * What every signed-in page runs that the sign-in page's first load goes without: the HTTP
   * client (ofetch), loaded with the first call, and the screen loader's import table, loaded
   * with the first page that has code. A signed-in page needs both at once.
   */
  session: ['src/app/http-client.ts', 'src/screens/registry.ts'],
  shell: 'src/app/shell.tsx',
  views: {
    dashboard: 'src/screens/dashboard/dashboard-route.tsx',
    list: 'src/screens/resource/list-route.tsx',
    form: 'src/screens/resource/form-route.tsx',
    single: 'src/screens/resource/form-route.tsx',
    placeholder: 'src/screens/placeholder/placeholder-route.tsx',
    productList: 'src/screens/products/product-list-route.tsx',
    productView: 'src/screens/products/product-view-route.tsx',
    productLabels: 'src/screens/products/labels-route.tsx',
    stock: 'src/screens/stock/stock-route.tsx',
    purchases: 'src/screens/purchases/purchase-list-route.tsx',
    purchaseForm: 'src/screens/purchases/purchase-route.tsx',
  },
  /** What a page starts besides its code: a list asks for its first page. */
  data: {
    list: 'src/resources/list-page.ts',
    productList: 'src/resources/product-list-page.ts',
    purchases: 'src/resources/purchase-list-page.ts',
  },
} as const;

export type ViewKey = keyof typeof SCREEN_FILES.views;

/** Screens that are built besides the generic ones (the products list is one of its own). */
const BUILT: Readonly<Record<string, ViewKey>> = {
  dashboard: 'dashboard',
  'list:products': 'productList',
  productView: 'productView',
  productLabels: 'productLabels',
  stock: 'stock',
  // Create, create with serial numbers and edit share one screen (SPEC).
  purchases: 'purchases',
  purchaseCreate: 'purchaseForm',
  purchaseSerialForm: 'purchaseForm',
};

/** Pages drawn by the first chunk itself (sign-in, not found, not allowed): nothing to load but the shell. */
const IN_FIRST_CHUNK = new Set(['login', 'notFound', 'forbidden']);

/** The module key of a screen key: `list:customers` → `list`; screens not built → `placeholder`. */
export function viewKey(screen: string): ViewKey | null {
  if (IN_FIRST_CHUNK.has(screen)) return null;
  if (Object.hasOwn(BUILT, screen)) return BUILT[screen]!;
  const generic = /^(list|form|single):/.exec(screen)?.[1] as ViewKey | undefined;
  if (generic) return generic;
  return 'placeholder';
}

/** The data module of a view, if it has one. */
export const dataKey = (view: ViewKey | null): keyof typeof SCREEN_FILES.data | null =>
  view !== null && view in SCREEN_FILES.data ? (view as keyof typeof SCREEN_FILES.data) : null;

/**
 * Whether a page needs any module (pageFiles(page).length > 0) without this table's paths:
 * what the sign-in page's first load asks, so those paths are not among its bytes.
 */
export const hasPageFiles = (page: { screen: string; layout: Layout }): boolean => page.layout === 'content' || viewKey(page.screen) !== null;

/**
 * The modules a page needs, the HTTP client and the data module first (their requests should
 * not wait for view code).
 */
export function pageFiles(page: { screen: string; layout: Layout }): string[] {
  const view = viewKey(page.screen);
  const data = dataKey(view);
  return [
    ...(page.layout === 'content' ? SCREEN_FILES.session : []),
    ...(data ? [SCREEN_FILES.data[data]] : []),
    ...(view ? [SCREEN_FILES.views[view]] : []),
    ...(page.layout === 'content' ? [SCREEN_FILES.shell] : []),
  ];
}
