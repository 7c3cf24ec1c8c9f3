import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth.ts';
import { idList, optionalPhone, optionalText, relationId, requiredEmail, requiredText, status, STATUS_OPTIONS } from '../fields.ts';
import { defineResource } from '../resource.ts';
import * as list from './administration.list.ts';

const password = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

const userFields = {
  name: requiredText('a name'),
  email: requiredEmail(),
  phone: optionalPhone(),
  status: status(),
  role_ids: idList('a role').default([]),
};

export const users = defineResource({
  ...list.users,
  schema: z.strictObject({ ...userFields, password }),
  // Editing keeps the current password unless a new one is typed.
  updateSchema: z.strictObject({
    ...userFields,
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  }),
  defaults: { name: '', email: '', phone: '', status: 'active', role_ids: [], password: '' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'off' },
    { name: 'phone', label: 'Phone', kind: 'tel' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'role_ids', label: 'Roles', kind: 'relationMany', relation: 'roles', wide: true },
    { name: 'password', label: 'Password', kind: 'password', required: true, only: 'create', autoComplete: 'new-password', help: `At least ${PASSWORD_MIN_LENGTH} characters.` },
    { name: 'password', label: 'New password', kind: 'password', only: 'edit', autoComplete: 'new-password', help: 'Leave empty to keep the current password.' },
  ],
});

export const roles = defineResource({
  ...list.roles,
  schema: z.strictObject({
    name: requiredText('a role name'),
    permission_ids: idList('a permission').default([]),
  }),
  defaults: { name: '', permission_ids: [] },
  fields: [
    { name: 'name', label: 'Role name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'permission_ids', label: 'Permissions', kind: 'permissionGrid', wide: true },
  ],
});

export const permissionModules = defineResource({
  ...list.permissionModules,
  schema: z.strictObject({ name: requiredText('a module name') }),
  defaults: { name: '' },
  fields: [{ name: 'name', label: 'Module name', kind: 'text', required: true, autoComplete: 'off' }],
});

export const permissions = defineResource({
  ...list.permissions,
  schema: z.strictObject({
    name: requiredText('a permission name', 100),
    module_id: relationId('a module'),
    description: optionalText(500),
  }),
  defaults: { name: '', module_id: '', description: '' },
  fields: [
    { name: 'name', label: 'Permission name', kind: 'text', required: true, autoComplete: 'off', help: 'Permissions the application checks cannot be renamed.' },
    { name: 'module_id', label: 'Module', kind: 'relation', relation: 'permissionModules', required: true },
    { name: 'description', label: 'What it allows', kind: 'text', wide: true, help: 'Shown beside the permission on the role screen, e.g. “Delete customers”.' },
  ],
});
