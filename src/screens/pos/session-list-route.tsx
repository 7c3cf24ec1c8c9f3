import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { registerLifecycle } from '../../../domain/pos/till.facts.ts';
import { documentListRoute } from '../documents/document-list-route.tsx';
import { REGISTER_SESSIONS, sessionHref } from './session-defs.ts';

/**
 * /pos/sessions on the list engine: reference, cashier, day opened, status, float and difference,
 * filtered by cashier, status and day. A manager finds the sessions left open here; a row opens
 * the session's page (its report, Print, and Close for a manager).
 */
export default documentListRoute({ list: REGISTER_SESSIONS, lifecycle: registerLifecycle as unknown as Lifecycle, href: sessionHref });
