import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth.ts';
import { rights } from '../permissions.ts';
import { defineResource } from '../resource.ts';
import type { SchemaKit } from '../schema-kit.ts';
import { STATUS_OPTIONS } from '../status.ts';

/** A user's body; editing keeps the current password unless a new one is typed. */
const userBody = ({ z, requiredText, requiredEmail, optionalPhone, status, idList }: SchemaKit, mode: 'create' | 'update') => {
  const password = z
    .string({ error: 'Enter a password.' })
    .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
    .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });
  return z.strictObject({
    name: requiredText('a name'),
    email: requiredEmail(),
    phone: optionalPhone(),
    status: status(),
    role_ids: idList('a role').default([]),
    password: mode === 'create' ? password : z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  });
};

export const users = defineResource({
  key: 'users',
  label: { one: 'user', many: 'users' },
  api: '/api/v1/admin/users',
  permissions: rights('user'),
  routes: { list: '/users' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'email', label: 'Email', kind: 'email', sortable: true },
    { name: 'phone', label: 'Phone', minor: true },
    { name: 'role_names', label: 'Roles', kind: 'tags' },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
    { name: 'created_at', label: 'Created', kind: 'date', sortable: true, minor: true },
  ],
  filters: [
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
    { name: 'role_id', label: 'Role', kind: 'relation', relation: 'roles' },
  ],
  searchHint: 'Search name, email or phone',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: (kit) => userBody(kit, 'create'),
  updateSchema: (kit) => userBody(kit, 'update'),
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
  key: 'roles',
  label: { one: 'role', many: 'roles' },
  api: '/api/v1/admin/roles',
  permissions: rights('role'),
  routes: { list: '/roles', create: '/role/create', edit: '/role/edit/:id' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'permissions_count', label: 'Permissions', kind: 'number', sortable: true },
    { name: 'users_count', label: 'Users', kind: 'number', sortable: true },
  ],
  filters: [],
  searchHint: 'Search role name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  protectedHint: 'The Super Admin role always holds every permission and cannot be deleted.',
  schema: ({ z, requiredText, idList }) =>
    z.strictObject({
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
  key: 'permissionModules',
  label: { one: 'permission module', many: 'permission modules' },
  api: '/api/v1/admin/permission-modules',
  permissions: rights('permission module'),
  routes: { list: '/permission-module' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'permissions_count', label: 'Permissions', kind: 'number', sortable: true },
  ],
  filters: [],
  searchHint: 'Search module name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText }) => z.strictObject({ name: requiredText('a module name') }),
  defaults: { name: '' },
  fields: [{ name: 'name', label: 'Module name', kind: 'text', required: true, autoComplete: 'off' }],
});

export const permissions = defineResource({
  key: 'permissions',
  label: { one: 'permission', many: 'permissions' },
  api: '/api/v1/admin/permissions',
  permissions: rights('permission'),
  routes: { list: '/permissions' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'description', label: 'Allows', minor: true },
    { name: 'module_name', label: 'Module', sortable: true },
    { name: 'roles_count', label: 'Roles', kind: 'number', minor: true },
  ],
  filters: [{ name: 'module_id', label: 'Module', kind: 'relation', relation: 'permissionModules' }],
  searchHint: 'Search name or what it allows',
  // By module; within one, the order the role screen shows (the server breaks ties by id).
  defaultSort: { field: 'module_name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText, relationId, optionalText }) =>
    z.strictObject({
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
