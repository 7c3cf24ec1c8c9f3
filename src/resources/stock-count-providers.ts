import { fromPromise } from 'xstate';
import { IDEMPOTENCY_HEADER } from '../../domain/idempotency.ts';
import { STOCK_COUNTS_API } from '../../domain/documents/stock-count.ts';
import { stockCountMachine } from '../../machines/stock/stock-count.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { scanLookup } from './document-providers.ts';

/** The stock count: scans look products up; posting sends the differences once, under a key. */
export function stockCountWith(system: Pick<AppSystem, 'api' | 'navigation'>, counted: (message: string) => void) {
  return stockCountMachine.provide({
    actors: {
      lookupProduct: scanLookup(system),
      postCount: fromPromise(async ({ input }) => {
        const res = await system.api.call<{ message: string }>(STOCK_COUNTS_API, { method: 'POST', body: input.body, headers: { [IDEMPOTENCY_HEADER]: input.key } });
        return { message: res.message };
      }),
    },
    actions: {
      counted: (_, { message }) => counted(message),
      setLeaveGuard: (_, { dirty }) => system.navigation.send({ type: 'nav.block', blocked: dirty }),
    },
  });
}
