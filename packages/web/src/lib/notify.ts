import { UNDO_TOAST_SECONDS } from '@kassa/contract/constants';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import type { Notice } from './errors';
import { UndoToast } from './UndoToast';

/** Milliseconds a success toast stays (spec §9); errors and warnings carry theirs in the Notice. */
export const SUCCESS_MS = 3000;

/** The toast's close button has no text of its own: screen readers need its name. */
const closeButtonProps = { 'aria-label': 'Close the message' };

/** Shows one of the success messages of spec §8. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: SUCCESS_MS, closeButtonProps });
}

/** Shows an error or warning of the spec §8 catalogue. */
export function showNotice(notice: Notice): void {
  notifications.show({
    color: notice.kind === 'error' ? 'red' : 'yellow',
    title: notice.title,
    message: notice.message,
    autoClose: notice.autoClose,
    closeButtonProps,
  });
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
    closeButtonProps,
    message: createElement(UndoToast, {
      message,
      onUndo: () => {
        notifications.hide(id);
        onUndo();
      },
    }),
  });
}
