/**
 * Barong permissions (§5.1). Declared for the client engine (list, modal form, delete); the server
 * routes are bespoke (authz: cache invalidation, verb/action upper-casing, role checks).
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const PERMISSION_VERBS = ['all', 'get', 'put', 'post', 'delete'] as const;
export const PERMISSION_ACTIONS = ['accept', 'audit', 'drop'] as const;
/** A write after which the writer's own role could no longer manage permissions; may be confirmed (X-Confirm). */
export const PERMISSION_LOCKOUT_CODE = 'admin.permission.locks_you_out';

export const permissions = defineResource({
  name: 'permissions',
  service: 'barong',
  table: 'permissions',
  server: 'bespoke',
  route: 'setting-permissions',
  // Spec §2: permissions are added and edited in a modal over the list.
  form: 'modal',
  label: 'Permission',
  labelPlural: 'Permissions',
  api: { path: '/admin/permissions', style: 'verbs', operations: ['list', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    role: { kind: 'text', required: true, max: 64, message: 'Required' },
    verb: { kind: 'enum', values: PERMISSION_VERBS, default: 'all' },
    path: { kind: 'text', required: true, max: 255, message: 'Required' },
    topic: { kind: 'text', required: true, max: 64, message: 'Required' },
    action: { kind: 'enum', values: PERMISSION_ACTIONS, default: 'accept' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'role' },
    { field: 'verb', format: { kind: 'badge', colours: { all: 'blue', get: 'green', post: 'yellow', put: 'yellow', patch: 'yellow', delete: 'red', head: 'grey' } } },
    { field: 'path' }, { field: 'topic' },
    { field: 'action', format: { kind: 'badge', colours: { accept: 'green', audit: 'yellow', drop: 'red' } } },
  ],
  filters: [{ field: 'role', op: 'eq' }, { field: 'verb' }, { field: 'path', op: 'prefix' }, { field: 'topic', op: 'eq' }, { field: 'action' }],
  list: { pageSize: 50, ordering: 'asc' },
  confirmable: [{ code: PERMISSION_LOCKOUT_CODE, title: 'Lock yourself out?', confirm: 'Save anyway' }],
  messages: {
    created: 'Permission Successfully Added',
    updated: 'Permission Successfully Edited',
    deleted: 'Permission Successfully Deleted',
  },
});
