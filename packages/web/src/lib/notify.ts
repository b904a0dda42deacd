import { UNDO_TOAST_SECONDS } from '@kassa/contract/constants';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { t } from '../i18n';
import type { Notice } from './errors';
import { UndoToast } from './UndoToast';

/** Milliseconds a success toast stays (spec §9); errors and warnings carry theirs in the Notice. */
export const SUCCESS_MS = 3000;

/** The toast's close button has no text of its own: screen readers need its name. */
const closeButtonProps = () => ({ 'aria-label': t('notice.close') });

/** Marks a form's actions (Save, Cancel, Delete) that a toast must never cover (issue 22). */
export const CLEAR_OF_TOASTS = { 'data-clear-of-toasts': '' } as const;

/** Space kept between the toasts and the actions above them. */
const TOAST_GAP_PX = 8;
const TOAST_SETTLE_MS = 300;

/** Room the editors leave below their actions, so these can always scroll above a toast. */
export const TOAST_ROOM_PX = 120;

/**
 * Toasts stay bottom-centre (spec §9), but not over a form's actions: once a toast is on screen,
 * actions it would cover scroll up above it (the editors leave room below their card for that).
 */
function keepActionsClear(): void {
  if (typeof window === 'undefined' || typeof window.scrollBy !== 'function') return;
  // Measured once the toast has slid in (Mantine's transition takes 250 ms).
  window.setTimeout(() => {
    if (typeof document === 'undefined') return; // the page is gone (a test's torn-down DOM)
    const toasts = [...document.querySelectorAll('.mantine-Notification-root')];
    if (toasts.length === 0) return;
    const top = Math.min(...toasts.map((t) => t.getBoundingClientRect().top));
    for (const actions of document.querySelectorAll('[data-clear-of-toasts]')) {
      const box = actions.getBoundingClientRect();
      const covered = box.bottom + TOAST_GAP_PX - top;
      if (box.height > 0 && box.top < window.innerHeight && covered > 0)
        window.scrollBy({ top: covered, behavior: 'instant' });
    }
  }, TOAST_SETTLE_MS);
}

/** Shows one of the success messages of spec §8. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: SUCCESS_MS, closeButtonProps: closeButtonProps() });
  keepActionsClear();
}

/** Shows an error or warning of the spec §8 catalogue. */
export function showNotice(notice: Notice): void {
  notifications.show({
    color: notice.kind === 'error' ? 'red' : 'yellow',
    title: notice.title,
    message: notice.message,
    autoClose: notice.autoClose,
    closeButtonProps: closeButtonProps(),
  });
  keepActionsClear();
}

/**
 * A success toast holding an Undo button for UNDO_TOAST_SECONDS (issue 20: every delete and bulk
 * change can be taken back). Pressing Undo closes the toast and calls `onUndo`, which reverts the
 * change and confirms it with a toast of its own.
 */
export function notifyUndoable(message: string, onUndo: () => void): void {
  const id = notifications.show({
    color: 'teal',
    autoClose: UNDO_TOAST_SECONDS * 1000,
    closeButtonProps: closeButtonProps(),
    message: createElement(UndoToast, {
      message,
      onUndo: () => {
        notifications.hide(id);
        onUndo();
      },
    }),
  });
  keepActionsClear();
}
