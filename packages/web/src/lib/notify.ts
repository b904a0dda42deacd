import { notifications } from '@mantine/notifications';
import type { Notice } from './errors';

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
