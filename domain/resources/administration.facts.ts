import { rights } from '../permissions.ts';
import { defineFacts } from '../resource.ts';

export const users = defineFacts({
  key: 'users',
  label: { one: 'user', many: 'users' },
  api: '/api/v1/admin/users',
  permissions: rights('user'),
  routes: { list: '/users' },
});

export const roles = defineFacts({
  key: 'roles',
  label: { one: 'role', many: 'roles' },
  api: '/api/v1/admin/roles',
  permissions: rights('role'),
  routes: { list: '/roles', create: '/role/create', edit: '/role/edit/:id' },
});

export const permissionModules = defineFacts({
  key: 'permissionModules',
  label: { one: 'permission module', many: 'permission modules' },
  api: '/api/v1/admin/permission-modules',
  permissions: rights('permission module'),
  routes: { list: '/permission-module' },
});

export const permissions = defineFacts({
  key: 'permissions',
  label: { one: 'permission', many: 'permissions' },
  api: '/api/v1/admin/permissions',
  permissions: rights('permission'),
  routes: { list: '/permissions' },
});
