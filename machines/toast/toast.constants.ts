/** SPEC §9: the toast constants, one place. */
export const TOAST_TIMEOUT = 2000;
export const TOAST_ANIMATION_MS = 400;
export const TOAST_MAX_ON_SCREEN = 8;
export const TOAST_TITLE_MAX = 16;
export const TOAST_BODY_MAX = 150;
export const TOAST_WIDTH = 300;
export const TOAST_POSITION = 'right-top';
export const PROMPT_PLACEHOLDER = 'Enter answer here...';
export const CONFIRM_BUTTONS = { ok: 'Ok', cancel: 'Cancel' } as const;

export const TOAST_TYPES = ['simple', 'success', 'error', 'warning', 'info', 'async', 'confirm', 'prompt'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Confirm, prompt and async toasts wait for an answer or an update: timeout 0. */
export function defaultTimeout(type: ToastType): number {
  return type === 'confirm' || type === 'prompt' || type === 'async' ? 0 : TOAST_TIMEOUT;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** What a machine asks the toaster to show (its `notify` action); the app sends it on as `toast.show`. */
export interface Notice {
  toastType: Extract<ToastType, 'success' | 'error' | 'warning' | 'info'>;
  body: string;
  title?: string;
}
