/** Saved views on the auth service's admin tree (issue 17 item 2; server: src/server/auth/views.ts). */
import type { SavedView, ViewQuery } from '../../shared/saved-views';
import { request } from './http';

export const fetchViews = () => request<SavedView[]>('auth', 'GET', '/admin/views');
export const createView = (name: string, list: string, query: ViewQuery) =>
  request<SavedView>('auth', 'POST', '/admin/views', { body: { name, list, query: { ...query } } });
export const changeView = (id: number, patch: { name?: string; role?: string | null }) =>
  request<SavedView>('auth', 'PUT', '/admin/views', { body: { id, ...patch } });
export const removeView = (id: number) => request<{ id: number }>('auth', 'DELETE', '/admin/views', { body: { id } });
