import type { OutboxKind } from '../../../shared/outbox';
import { t } from '../i18n';

// Words of the outbox's screens (issue 36, offline entry), in the current language when read (the
// transactions namespace's `outbox` texts).

export const OUTBOX_UI = {
  get waiting() {
    return t('outbox.waiting');
  },
  get waitingNote() {
    return t('outbox.waitingNote');
  },
  get notInFigures() {
    return t('outbox.notInFigures');
  },
  get seeThem() {
    return t('outbox.seeThem');
  },
  get decisions() {
    return t('outbox.decisions');
  },
  get decisionsIntro() {
    return t('outbox.decisionsIntro');
  },
  get noDecisions() {
    return t('outbox.noDecisions');
  },
  get backToList() {
    return t('outbox.backToList');
  },
  get yourChange() {
    return t('outbox.yourChange');
  },
  get nowOnServer() {
    return t('outbox.nowOnServer');
  },
  get deletedOnServer() {
    return t('outbox.deletedOnServer');
  },
  get listOffline() {
    return t('outbox.listOffline');
  },
  get notKnownNow() {
    return t('outbox.notKnownNow');
  },
  get readAgain() {
    return t('outbox.readAgain');
  },
  get refused() {
    return t('outbox.refused');
  },
  get applyMine() {
    return t('outbox.applyMine');
  },
  get discardMine() {
    return t('outbox.discardMine');
  },
  get edit() {
    return t('outbox.edit');
  },
  get discard() {
    return t('outbox.discard');
  },
  get discarded() {
    return t('outbox.discarded');
  },
  get applied() {
    return t('outbox.applied');
  },
  get otherBook() {
    return t('outbox.otherBook');
  },
  get editTitle() {
    return t('outbox.editTitle');
  },
  get cancel() {
    return t('outbox.cancel');
  },
  get save() {
    return t('outbox.save');
  },
  get resent() {
    return t('outbox.resent');
  },
  get deleteIt() {
    return t('outbox.deleteIt');
  },
  waitingCount: (count: number) => t('outbox.waitingCount', { count }),
  decisionsCount: (count: number) => t('outbox.decisionsCount', { count }),
  pocketsStated: (count: number) => t('outbox.pocketsStated', { count }),
  /** What each kind of waiting change is called. */
  action: (kind: OutboxKind) => t(`outbox.action.${kind}`),
};
