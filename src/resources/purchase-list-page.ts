import { selectPermissions } from '../../machines/auth.machine.ts';
import { abilitiesFor } from '../../machines/list/list.selectors.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { PURCHASES } from '../screens/purchases/purchase-defs.ts';
import { heldListActor, warmListFormats } from './list-page.ts';
import { purchaseListMachine } from './purchase-list-providers.ts';

/** The purchase list's actor (src/resources/list-page.ts). Purchases are never deleted: a cancelled one keeps its number. */
export function purchaseListActor(system: AppSystem, request: Pick<ScreenRequest, 'pathname' | 'search'>) {
  const abilities = { ...abilitiesFor(selectPermissions(system.auth.getSnapshot()), PURCHASES.permissions), delete: false };
  return heldListActor(system, request, { def: PURCHASES, abilities, machine: () => purchaseListMachine(system, PURCHASES) });
}

export function prepare(system: AppSystem, request: ScreenRequest): void {
  purchaseListActor(system, request);
  warmListFormats(system, PURCHASES);
}
