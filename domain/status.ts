/**
 * A record's Active/Inactive status: its values and how a list filter or a form offers them.
 * Apart from domain/fields.ts (which builds the zod field from it) so that a list screen can
 * offer the choices without loading zod.
 */
export const STATUSES = ['active', 'inactive'] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;
