import type { ListFirst } from '../../../machines/list/list.machine.ts';
import type { AppSystem } from '../../app/system.ts';
import { LEDGER, STOCK_LEVELS } from '../../screens/stock/list-defs.ts';
import type { PageRequest } from '../page.ts';
import { loadList } from './list.ts';

/** What the stock page shows on arrival: the first page of each of its lists. */
export interface StockData {
  levels: ListFirst;
  ledger: ListFirst;
}

/**
 * The stock page (/admin/stock): the first page of the levels and of the ledger, as their list
 * machines ask for it (src/resources/stock-providers.ts embeddedListMachine). The lists inside
 * the page start unfiltered whatever its address says (`?adjust=` is the page's, not theirs),
 * and keep no columns or saved filters.
 */
export async function loadStock(system: AppSystem, request: PageRequest): Promise<StockData> {
  const own = { ...request, search: '' };
  const [levels, ledger] = await Promise.all([loadList(system, STOCK_LEVELS, own, { settings: false }), loadList(system, LEDGER, own, { settings: false })]);
  return { levels, ledger };
}
