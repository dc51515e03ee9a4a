/** The signed-in staff member's pinned records (GET/POST/DELETE /resource/pins on the auth service). */
import { request } from './http';

export interface Pin { id: number; path: string; title: string; created_at: string }

export const listPins = () => request<Pin[]>('auth', 'GET', '/resource/pins');
export const addPin = (path: string, title: string) => request<Pin>('auth', 'POST', '/resource/pins', { body: { path, title } });
export const removePin = (id: number) => request<Pin>('auth', 'DELETE', `/resource/pins/${id}`);
