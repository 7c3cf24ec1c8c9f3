import type { ResourceList } from '../../../domain/resource.ts';
import { STOCK_ACCESS } from '../../../domain/stock/access.ts';
import { movementList, productMovementList, productSerialList, stockList, type ListDef } from '../../../domain/stock/lists.ts';

/**
 * The stock lists (domain/stock/lists.ts) as the generic list screen's parts read them. They are
 * read-only: nothing is created, edited or deleted from them, so their rights are never held
 * as abilities (every list here gets `abilities` all false).
 */
function readOnly(def: ListDef, one: string, many: string, titleField: string): ResourceList {
  const p = STOCK_ACCESS.stockList;
  return {
    key: def.key,
    label: { one, many },
    api: def.api,
    permissions: { list: p, create: p, edit: p, delete: p, export: p },
    columns: def.columns,
    filters: def.filters,
    ...(def.searchHint ? { searchHint: def.searchHint } : {}),
    defaultSort: def.defaultSort,
    titleField,
    routes: { list: '/stock' },
  };
}

export const STOCK_LEVELS = readOnly(stockList, 'product', 'products', 'name');
export const LEDGER = readOnly(movementList, 'movement', 'movements', 'product_name');
export const productHistory = (id: string) => ({ ...readOnly(productMovementList, 'movement', 'movements', 'kind'), api: productMovementList.api.replace(':id', encodeURIComponent(id)) });
export const productSerials = (id: string) => ({ ...readOnly(productSerialList, 'serial number', 'serial numbers', 'serial'), api: productSerialList.api.replace(':id', encodeURIComponent(id)) });
export const NO_ABILITIES = { create: false, edit: false, delete: false, export: false } as const;
