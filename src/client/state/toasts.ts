/** Toasts (spec §8 Alerts): each message translated, shown top-right for 5000 ms. */
import { proxy } from 'valtio';
import { t } from '../i18n';

export type ToastType = 'success' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** HTTP status of a failed call, shown next to the message so support can quote it. */
  code?: number;
}

/** Spec §9: alert display time. */
export const TOAST_MS = 5000;

export const toasts = proxy<{ items: Toast[] }>({ items: [] });

let nextId = 1;

export function dismissToast(id: number): void {
  const i = toasts.items.findIndex((x) => x.id === id);
  if (i >= 0) toasts.items.splice(i, 1);
}

/** Shows one toast per message; codes go through the translation table. */
export function notify(type: ToastType, messages: string | readonly string[], code?: number): void {
  for (const m of typeof messages === 'string' ? [messages] : messages) {
    const id = nextId++;
    toasts.items.push({ id, type, message: t(m), code });
    setTimeout(() => dismissToast(id), TOAST_MS);
  }
}

export const notifySuccess = (messages: string | readonly string[]) => notify('success', messages);

/** A failed call: the server's messages plus its status code. */
export function notifyFailure(err: unknown): void {
  const e = err as { code?: number; messages?: string[] };
  notify('error', e?.messages?.length ? e.messages : ['Server error'], e?.code);
}
