import { STATUS_OPTIONS } from '../status.ts';
import { defineList } from '../resource.ts';
import * as facts from './administration.facts.ts';

export const users = defineList({
  ...facts.users,
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
});

export const roles = defineList({
  ...facts.roles,
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
});

export const permissionModules = defineList({
  ...facts.permissionModules,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'permissions_count', label: 'Permissions', kind: 'number', sortable: true },
  ],
  filters: [],
  searchHint: 'Search module name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const permissions = defineList({
  ...facts.permissions,
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
});
