import { AUDIT_API } from '../../../domain/audit.ts';
import type { RouteFixture } from './fixtures.ts';

/** The audit trail's two read-only routes: its list and its export, each asked as it is. */
export function auditFixture(route: { method: string; path: string }): RouteFixture | undefined {
  if (route.method !== 'GET' || (route.path !== AUDIT_API && route.path !== `${AUDIT_API}/export`)) return undefined;
  return { kind: 'explicit', build: async () => ({ method: 'GET', path: route.path }) };
}
