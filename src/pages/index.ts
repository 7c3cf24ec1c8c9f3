import { page, type PageModule } from './page.ts';

/**
 * Every page module, by the name routes give in their `screen` (domain/routes.ts): the one place
 * that says what draws a page and what it loads (src/pages/page.ts). Generic modules serve every
 * simple resource: `list:<key>`, `form:<key>`, `single:<key>`. The sign-in page, "not found" and
 * "not allowed" are drawn by the app's first chunk and have none. Loaders are imported where they
 * run (the server drawing a page), so the browser's copy of this table stays a few hundred bytes.
 */
export const PAGES: Readonly<Record<string, PageModule>> = {
  dashboard: page({ view: 'dashboard/dashboard-route.tsx', loader: () => import('./loaders/dashboard.ts').then((m) => m.loadDashboard) }),
  list: page({ view: 'resource/list-route.tsx', loader: () => import('./loaders/list-pages.ts').then((m) => m.loadResourceList) }),
  // Only an edit form loads its record; a new record's form asks for nothing up front.
  form: page({ view: 'resource/form-route.tsx', loader: () => import('./loaders/resource-form.ts').then((m) => m.loadResourceForm) }),
  single: page({ view: 'resource/form-route.tsx', loader: () => import('./loaders/setting.ts').then((m) => m.loadSetting) }),
  placeholder: page({ view: 'placeholder/placeholder-route.tsx' }),
  productList: page({ view: 'products/product-list-route.tsx', loader: () => import('./loaders/list-pages.ts').then((m) => m.loadProductList) }),
  productView: page({ view: 'products/product-view-route.tsx', loader: () => import('./loaders/product.ts').then((m) => m.loadProduct) }),
  productLabels: page({ view: 'products/labels-route.tsx', loader: () => import('./loaders/labels.ts').then((m) => m.loadLabels) }),
  stock: page({ view: 'stock/stock-route.tsx', loader: () => import('./loaders/stock.ts').then((m) => m.loadStock) }),
  purchases: page({ view: 'purchases/purchase-list-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.purchases.list) }),
  // Create, create with serial numbers (`purchaseForm:serial`) and edit share one screen (SPEC).
  // Only an existing purchase is loaded; a new one's form asks for nothing up front.
  purchaseForm: page({ view: 'purchases/purchase-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.purchases.record) }),
  // An invoice or a credit note (`issued:invoice`, `issued:creditNote`): one page, printable.
  issued: page({ view: 'invoices/issued-route.tsx', loader: () => import('./loaders/issued.ts').then((m) => m.loadIssued) }),
  orders: page({ view: 'orders/order-list-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.orders.list) }),
  orderPage: page({ view: 'orders/order-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.orders.record) }),
  sales: page({ view: 'sales/sale-list-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.sales.list) }),
  // Create and edit share one screen (SPEC); only an existing sale is loaded.
  saleForm: page({ view: 'sales/sale-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.sales.record) }),
  // The till: /pos and /website draw the same screen (SPEC).
  pos: page({ view: 'pos/pos-route.tsx', loader: () => import('./loaders/pos.ts').then((m) => m.loadTill) }),
  quotations: page({ view: 'quotations/quotation-list-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.quotations.list) }),
  // Create, edit and view share one screen (`quotationPage:view` shows it without its form); only an existing quotation is loaded.
  quotationPage: page({ view: 'quotations/quotation-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.quotations.record) }),
  registerSessions: page({ view: 'pos/session-list-route.tsx', loader: () => import('./loaders/documents.ts').then((m) => m.registerSessions.list) }),
  registerSession: page({ view: 'pos/session-route.tsx', loader: () => import('./loaders/pos.ts').then((m) => m.loadSession) }),
  // The user menu's Profile: name and email, password, and the signed-in sessions (loaded).
  profile: page({ view: 'profile/profile-route.tsx', loader: () => import('./loaders/profile.ts').then((m) => m.loadProfile) }),
  // The reports (issue 36): their index, and one screen for every kind (`report:<kind>`) loading the address's range.
  reports: page({ view: 'reports/reports-index-route.tsx' }),
  report: page({ view: 'reports/report-route.tsx', loader: () => import('./loaders/reports.ts').then((m) => m.loadReport) }),
  // The audit trail: read-only, on the list engine.
  audit: page({ view: 'audit/audit-route.tsx', loader: () => import('./loaders/audit.ts').then((m) => m.loadAudit) }),
  // The customer display: it follows the till through a channel in the browser and loads nothing.
  posDisplay: page({ view: 'pos-display/display-route.tsx' }),
};
