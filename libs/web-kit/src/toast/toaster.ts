import { createToaster } from '@chakra-ui/react';

/** Business constants of spec section 9 for notifications. */
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 5000;
export const TOAST_MAX_VISIBLE = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_VIEWPORT_MAX_WIDTH_MD = '420px';
/** The invite-only notice stays longer (spec section 9). */
export const INVITE_ONLY_TOAST_DURATION_MS = 8000;

/**
 * The one toaster (a singleton because web-kit is shared): one toast visible at a time,
 * 5 s by default, removed 5 s after dismissal, F8 moves focus to the notification region.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: TOAST_MAX_VISIBLE,
  duration: TOAST_DEFAULT_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  hotkey: TOAST_HOTKEY,
  pauseOnPageIdle: true,
});

export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';

export interface ToastOptions {
  title: string;
  description?: string;
  /** 'error' is the spec's "destructive" toast; 'info' the neutral one. Default 'info'. */
  type?: ToastType;
  /** Milliseconds; default 5000. */
  duration?: number;
}

/**
 * Shows a toast; returns its id. One at a time: a new toast REPLACES the one on screen (the newest message is
 * the relevant one — a login error must not wait behind an 8-second notice). Toasts dismissed by the user or by
 * their timer stay mounted, closed, for the 5-second remove delay.
 */
export function toast({ title, description, type = 'info', duration }: ToastOptions): string {
  toaster.remove();
  return toaster.create({
    title,
    description,
    type,
    duration: duration ?? TOAST_DEFAULT_DURATION_MS,
    closable: true,
  });
}

/** A horizontal swipe of at least the threshold dismisses a toast. */
export function isDismissingSwipe(deltaX: number): boolean {
  return Math.abs(deltaX) >= TOAST_SWIPE_THRESHOLD_PX;
}
