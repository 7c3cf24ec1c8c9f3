import { defineFacts } from '../resource.ts';
import { STOCK_ACCESS } from '../stock/access.ts';

/**
 * A product (PRODUCT §3): what the route table and the menu know of it (domain/resource.ts
 * says what each layer holds); its list in product.list.ts, its form in product.ts.
 */
export const products = defineFacts({
  key: 'products',
  label: { one: 'product', many: 'products' },
  api: '/api/v1/admin/products',
  permissions: {
    list: STOCK_ACCESS.productList,
    create: STOCK_ACCESS.productCreate,
    edit: STOCK_ACCESS.productEdit,
    delete: STOCK_ACCESS.productDelete,
    export: STOCK_ACCESS.productExport,
  },
  routes: { list: '/products', create: '/product/create', edit: '/product/edit/:id' },
});
