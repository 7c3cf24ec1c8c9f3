import { defineFacts } from '../resource.ts';

export const users = defineFacts({
  key: 'users',
  label: { one: 'user', many: 'users' },
  api: '/api/v1/admin/users',
  permissions: { list: 'user list', create: 'user list', edit: 'user list', delete: 'user list' },
  routes: { list: '/users' },
});

export const roles = defineFacts({
  key: 'roles',
  label: { one: 'role', many: 'roles' },
  api: '/api/v1/admin/roles',
  permissions: { list: 'role list', create: 'role list', edit: 'role list', delete: 'role list' },
  routes: { list: '/roles', create: '/role/create', edit: '/role/edit/:id' },
});

export const permissionModules = defineFacts({
  key: 'permissionModules',
  label: { one: 'permission module', many: 'permission modules' },
  api: '/api/v1/admin/permission-modules',
  permissions: {
    list: 'permission module list',
    create: 'permission module list',
    edit: 'permission module list',
    delete: 'permission module list',
  },
  routes: { list: '/permission-module' },
});

export const permissions = defineFacts({
  key: 'permissions',
  label: { one: 'permission', many: 'permissions' },
  api: '/api/v1/admin/permissions',
  permissions: { list: 'permission list', create: 'permission list', edit: 'permission list', delete: 'permission list' },
  routes: { list: '/permissions' },
});
