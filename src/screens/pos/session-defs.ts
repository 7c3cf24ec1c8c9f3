import { POS_RIGHT, REGISTER_ALL_RIGHT, registerList } from '../../../domain/pos/till.facts.ts';
import { adminHref } from '../../../domain/paths.ts';
import { documentList } from '../documents/document-list.ts';

/**
 * Register sessions' list (/pos/sessions) as the generic list screen reads it: a cashier sees
 * their own, a manager (`pos setting`) everyone's (the server filters). Sessions are opened and
 * closed at the till or on a session's page, never edited or deleted.
 */
export const REGISTER_SESSIONS = documentList(registerList, {
  label: { one: 'register session', many: 'register sessions' },
  permissions: { list: POS_RIGHT, create: POS_RIGHT, edit: REGISTER_ALL_RIGHT, delete: REGISTER_ALL_RIGHT, export: POS_RIGHT },
  routes: { list: '/pos/sessions', edit: '/pos/sessions/:id' },
});

export const sessionHref = (id: number | string) => adminHref('/pos/sessions/:id', { id });
export const SESSIONS_HREF = adminHref(REGISTER_SESSIONS.routes.list);
