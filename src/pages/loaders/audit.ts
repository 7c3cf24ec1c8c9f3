import type { ListFirst } from '../../../machines/list/list.machine.ts';
import type { AppSystem } from '../../app/system.ts';
import { AUDIT } from '../../screens/audit/audit-defs.ts';
import type { PageRequest } from '../page.ts';
import { loadList } from './list.ts';

/** The audit trail's first page, filtered as the address says (it keeps no per-person settings). */
export const loadAudit = (system: AppSystem, request: PageRequest): Promise<ListFirst> => loadList(system, AUDIT, request, { settings: false });
