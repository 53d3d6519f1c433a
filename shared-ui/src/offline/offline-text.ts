import { STATUS_LABELS, type GapStatus } from '@verity/shared-api';
import { t } from '../texts';

/** The words of working without a signal: the offline bar, the outbox, keeping a plan; read when shown. */
export const OFFLINE_TEXT = {
  get offline() {
    return t('ui.offline.offline');
  },
  get offlineHint() {
    return t('ui.offline.offlineHint');
  },
  get signInAgain() {
    return t('ui.offline.signInAgain');
  },
  get showOutbox() {
    return t('ui.offline.showOutbox');
  },
  get outboxTitle() {
    return t('ui.offline.outboxTitle');
  },
  get outboxEmpty() {
    return t('ui.offline.outboxEmpty');
  },
  get clearSent() {
    return t('ui.offline.clearSent');
  },
  get sendNow() {
    return t('ui.offline.sendNow');
  },
  get waiting() {
    return t('ui.offline.waiting');
  },
  get sent() {
    return t('ui.offline.sent');
  },
  get refused() {
    return t('ui.offline.refused');
  },
  get conflict() {
    return t('ui.offline.conflict');
  },
  get conflictHint() {
    return t('ui.offline.conflictHint');
  },
  get whenWritten() {
    return t('ui.offline.whenWritten');
  },
  get now() {
    return t('ui.offline.now');
  },
  get status() {
    return t('ui.offline.status');
  },
  get field() {
    return t('ui.offline.field');
  },
  get sendAgain() {
    return t('ui.offline.sendAgain');
  },
  get discard() {
    return t('ui.offline.discard');
  },
  get remark() {
    return t('ui.offline.remark');
  },
  get closureRequest() {
    return t('ui.offline.closureRequest');
  },
  get queued() {
    return t('ui.offline.queued');
  },
  get stopKeeping() {
    return t('ui.offline.stopKeeping');
  },
  get keepOffline() {
    return t('ui.offline.keepOffline');
  },
  get keeping() {
    return t('ui.offline.keeping');
  },
  get kept() {
    return t('ui.offline.kept');
  },
  get keepFailed() {
    return t('ui.offline.keepFailed');
  },
  get gapGone() {
    return t('ui.offline.gapGone');
  },
} as const;

export function waitingText(count: number): string {
  return t('ui.offline.waitingCount', { count });
}

/** Changes the server refused or that met a change made meanwhile: the user sends or discards them. */
export function decisionText(count: number): string {
  return t('ui.offline.decisionCount', { count });
}

/** In a gap's panel: its changes made with no network, not sent yet. */
export function waitingHereText(count: number): string {
  return t('ui.offline.waitingHere', { count });
}

export function keptSinceText(when: string): string {
  return t('ui.offline.keptSince', { when });
}

export function offlineCopyText(when: string): string {
  return t('ui.offline.offlineCopy', { when });
}

export function statusChangeText(status: GapStatus): string {
  return t('ui.offline.statusChange', { status: STATUS_LABELS[status] });
}

/** 'Photos: a.jpg, b.jpg': the photos of a remark waiting to be sent. */
export function photoNamesText(count: number, names: string): string {
  return t('ui.offline.photoNames', { count, names });
}
