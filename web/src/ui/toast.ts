import { atom } from 'nanostores';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

const TOAST_MS = 3500;
let nextId = 1;

export const $toasts = atom<ToastItem[]>([]);

/** Shows a short message at the bottom of the screen; it disappears on its own. */
export function showToast(message: string, tone: ToastTone = 'info'): void {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, tone, message }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
