/**
 * The stock endpoints' paths, in a module of their own: the app system asks for the bell's
 * alerts on every signed-in page, and importing the path from the list definitions
 * (lists.ts: columns, filters, option tables) put those on the sign-in page's first load.
 */
export const STOCK_API = '/api/v1/admin/stock';
export const MOVEMENTS_API = '/api/v1/admin/stock/movements';
export const STOCK_ALERTS_API = '/api/v1/admin/stock/alerts';
