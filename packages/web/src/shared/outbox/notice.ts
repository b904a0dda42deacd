import { notifySuccess } from '../../lib/notify';
import { OUTBOX_TEXTS } from './texts';
import type { Queued } from './types';

/** The toast of a write kept on this device instead of sent. */
export function notifyQueued(queued: Queued): void {
  notifySuccess(queued.offline ? OUTBOX_TEXTS.queuedOffline : OUTBOX_TEXTS.queuedBehind);
}
