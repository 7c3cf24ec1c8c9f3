import { products } from '../../domain/resources/product.list.ts';
import { listByKey } from '../../domain/resources/lists.ts';
import { PURCHASES } from '../screens/purchases/purchase-defs.ts';
import { loadList } from './loaders/list.ts';
import { loadProduct } from './loaders/product.ts';
import { loadPurchase } from './loaders/purchase.ts';
import { loadResourceForm } from './loaders/resource-form.ts';
import { loadSetting } from './loaders/setting.ts';
import { loadStock } from './loaders/stock.ts';
import { page, screenArg, type PageModule } from './page.ts';

/**
 * Every page module, by the name routes give in their `screen` (domain/routes.ts): the one place
 * that says what draws a page and what it loads (src/pages/page.ts). Generic modules serve every
 * simple resource: `list:<key>`, `form:<key>`, `single:<key>`. The sign-in page, "not found" and
 * "not allowed" are drawn by the app's first chunk and have none.
 */
export const PAGES: Readonly<Record<string, PageModule>> = {
  dashboard: page({ view: 'dashboard/dashboard-route.tsx' }),
  list: page({ view: 'resource/list-route.tsx', load: (system, request) => loadList(system, listByKey(screenArg(request.screen)), request) }),
  // Only an edit form loads its record; a new record's form asks for nothing up front.
  form: page({ view: 'resource/form-route.tsx', load: loadResourceForm }),
  single: page({ view: 'resource/form-route.tsx', load: loadSetting }),
  placeholder: page({ view: 'placeholder/placeholder-route.tsx' }),
  // The products list is the generic list with a picture, a stock badge and bulk actions of its own.
  productList: page({ view: 'products/product-list-route.tsx', load: (system, request) => loadList(system, products, request) }),
  productView: page({ view: 'products/product-view-route.tsx', load: loadProduct }),
  productLabels: page({ view: 'products/labels-route.tsx' }),
  stock: page({ view: 'stock/stock-route.tsx', load: loadStock }),
  // Purchases keep no per-person columns or saved filters.
  purchases: page({ view: 'purchases/purchase-list-route.tsx', load: (system, request) => loadList(system, PURCHASES, request, { settings: false }) }),
  // Create, create with serial numbers (`purchaseForm:serial`) and edit share one screen (SPEC).
  // Only an existing purchase is loaded; a new one's form asks for nothing up front.
  purchaseForm: page({ view: 'purchases/purchase-route.tsx', load: loadPurchase }),
};
