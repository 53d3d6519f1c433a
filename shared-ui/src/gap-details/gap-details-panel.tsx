import { useEffect, useMemo, useRef, useState } from 'react';
import { NetworkError, useSession, useLanguage } from '@verity/session';
import {
  ADD_YOUR_COMMENTS,
  isGapStatus,
  MESSAGES,
  type Gap,
  type GapStatus,
  type Remark,
  type RemarkChange,
  type RemarkDoc,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import {
  addRemark,
  getGapChanges,
  getGapRemarks,
  updateGapStatus,
  withdrawRemark,
  withdrawRemarkDocument,
} from '@verity/shared-api/calls';
import { Modal } from '../modal';
import { OFFLINE_TEXT, waitingHereText } from '../offline/offline-text';
import type { OutboxChange, OutboxEntry } from '../offline/outbox-entry';
import { useOfflineState, useOfflineWork } from '../offline/use-offline-state';
import { Tabs } from '../tabs';
import { toast } from '../toast';
import { ChangeHistory } from './change-history';
import { CHANGE_HISTORY_TEXT } from './change-history-text';
import {
  keepingEarlierPages,
  withEarlierChanges,
  withEarlierRemarks,
  withRemark,
  withRemarkReplaced,
  withRevision,
  withStatus,
  withoutStatusChange,
} from './gap-details-state';
import { ClosureSection } from './closure-section';
import { ExtensionSection } from './extension-section';
import { GAP_DETAILS_TEXT, GAP_FIELD_TERMS } from './gap-details-text';
import { GapFields } from './gap-fields';
import { GapIncidents } from './gap-incidents';
import { GapStatusSelector } from './gap-status-selector';
import { RemarkInput, type RemarkDraft } from './remark-input';
import { RemarkList, type RemarkWithdrawal } from './remark-list';
import { StatusHistory } from './status-history';
import './gap-details.css';

export interface GapDetailsPanelProps {
  gap: Gap;
  targetCompanyId: string;
  open: boolean;
  onClose: () => void;
  /** Client or auditor users who are not viewers (canChangeGapStatus). */
  canChangeStatus: boolean;
  /** Everyone but viewers (canAddRemark). */
  canAddRemark: boolean;
  /** Whether the user may withdraw a remark now (canWithdrawRemark); absent, no one may. */
  canWithdrawRemark?: (remark: Remark) => boolean;
  /** The gap after a status change or a new remark, for the list behind the panel. */
  onGapChange?: (gap: Gap) => void;
  /** Target-company owners, admins and editors: 'Request closure' (canRequestClosure). */
  canRequestClosure?: boolean;
  /** Auditor owners and admins, client non-viewers: 'Accept evidence' and 'Return' (canReviewClosure). */
  canReviewClosure?: boolean;
  /** Target-company owners, admins and editors: 'Request extension' (canRequestExtension). */
  canRequestExtension?: boolean;
  /** Whether the user answers extension requests where `approver` does (canAnswerExtension). */
  canAnswerExtension?: (approver: 'client' | 'auditor') => boolean;
}

/** The fullscreen Gap Details panel: the gap's fields, its status, remarks and status history. */
export function GapDetailsPanel({
  gap,
  targetCompanyId,
  open,
  onClose,
  canChangeStatus,
  canAddRemark,
  canWithdrawRemark,
  onGapChange,
  canRequestClosure = false,
  canReviewClosure = false,
  canRequestExtension = false,
  canAnswerExtension = () => false,
}: GapDetailsPanelProps) {
  useLanguage();
  const [current, setCurrent] = useState(gap);
  const latest = useRef(gap);
  const [scrollRequest, setScrollRequest] = useState(0);
  const [updating, setUpdating] = useState(false);
  // A remark typed (or images picked) but not sent: closing the panel asks first.
  const [remarkUnsent, setRemarkUnsent] = useState(false);

  // A user who keeps plans on this device: with no network, changes wait in the outbox and show
  // here as they will be (docs/decisions/0101-offline-field-app.md).
  const user = useSession((state) => state.user);
  const offline = useOfflineWork(user?._id);
  const outbox = useOfflineState(offline, (state) => state.entries, NO_ENTRIES);
  const shown = useMemo(
    () => (offline ? offline.withWaitingChanges(current, outbox, offline.photoUrl) : current),
    [offline, current, outbox],
  );
  const waitingHere = useMemo(
    () =>
      new Set(
        outbox
          .filter((entry) => entry.gapId === current.id && entry.state !== 'sent')
          .map((entry) => entry.key),
      ),
    [outbox, current.id],
  );

  /** Whether a change goes to the outbox instead: no network (or none on the way) for such a user. */
  const waitsOffline = (error?: unknown) =>
    Boolean(offline && user) && (!navigator.onLine || error instanceof NetworkError);

  async function queue(change: OutboxChange): Promise<boolean> {
    if (!offline || !user) return false;
    const author: OutboxEntry['user'] = {
      userId: user._id,
      fullname: user.fullname,
      userType: user.userType,
      role: user.role,
    };
    await offline.queueChange(author, latest.current, targetCompanyId, change);
    toast.success(OFFLINE_TEXT.queued);
    return true;
  }

  useEffect(() => {
    const next = keepingEarlierPages(gap, latest.current);
    latest.current = next;
    setCurrent(next);
  }, [gap]);

  function update(next: Gap) {
    latest.current = next;
    setCurrent(next);
    onGapChange?.(next);
  }

  function changeStatus(status: GapStatus | '') {
    if (!isGapStatus(status)) {
      toast.error(MESSAGES.MISSING_STATUS);
      return;
    }
    if (waitsOffline()) {
      void queue({ kind: 'status', status });
      return;
    }
    const before = latest.current;
    const change = withStatus(before, status, new Date());
    // Shown at once, without waiting for the reply, marked 'Updating…' until the
    // server answers: then the spec's success toast, or the change undone with one error.
    update(change.gap);
    setUpdating(true);
    // The version the user saw: a gap someone changed since is refused (409) and undone here.
    updateGapStatus(before.id, targetCompanyId, { status, version: before.version }).then(
      (saved) => {
        setUpdating(false);
        update(withRevision(latest.current, saved));
        toast.success(MESSAGES.STATUS_UPDATED);
      },
      (error: unknown) => {
        setUpdating(false);
        update(withoutStatusChange(latest.current, before, change.entry));
        toast.error(getErrorText(error));
      },
    );
  }

  async function sendRemark({ comments, documents }: RemarkDraft): Promise<boolean> {
    const waiting = (): Promise<boolean> =>
      comments === ''
        ? Promise.resolve(false)
        : queue({
            kind: 'remark',
            comments,
            photos: documents.map(({ file, deviceCapture }) => ({
              name: file.name,
              type: file.type,
              size: file.size,
              blob: file,
              deviceCapture,
            })),
          });
    if (waitsOffline()) return waiting();
    try {
      const { remark, gap: revision } = await addRemark(latest.current.id, targetCompanyId, {
        comments,
        documents,
      });
      update(withRevision(withRemark(latest.current, remark), revision));
      setScrollRequest((count) => count + 1);
      return true;
    } catch (error) {
      if (waitsOffline(error)) return waiting();
      const text = getErrorText(error);
      // A blank remark has already been answered with this very text (the API's words are English).
      const blankAnswer = text === ADD_YOUR_COMMENTS || text === MESSAGES.ADD_YOUR_COMMENTS;
      if (!(comments === '' && blankAnswer)) toast.error(text);
      return false;
    }
  }

  async function withdrawn(work: Promise<RemarkChange>, message: string): Promise<void> {
    try {
      const { remark, gap: revision } = await work;
      update(withRevision(withRemarkReplaced(latest.current, remark), revision));
      toast.success(message);
    } catch (error) {
      toast.error(getErrorText(error));
    }
  }

  async function showEarlierRemarks(): Promise<void> {
    const gapNow = latest.current;
    try {
      const page = await getGapRemarks(gapNow.id, {
        targetCompanyId,
        before: gapNow.remark[0]?.id,
      });
      update(withEarlierRemarks(latest.current, page));
    } catch (error) {
      toast.error(getErrorText(error));
    }
  }

  async function showEarlierChanges(): Promise<void> {
    const gapNow = latest.current;
    try {
      const page = await getGapChanges(gapNow.id, {
        targetCompanyId,
        before: gapNow.changeHistory.at(-1)?.id,
      });
      update(withEarlierChanges(latest.current, page));
    } catch (error) {
      toast.error(getErrorText(error));
    }
  }

  const withdrawal: RemarkWithdrawal | undefined = canWithdrawRemark && {
    canWithdraw: canWithdrawRemark,
    withdrawRemark: (remark: Remark) =>
      withdrawn(
        withdrawRemark(latest.current.id, remark.id, targetCompanyId),
        GAP_DETAILS_TEXT.remarkWithdrawnToast,
      ),
    withdrawImage: (_remark: Remark, doc: RemarkDoc) =>
      withdrawn(withdrawRemarkDocument(doc._id), GAP_DETAILS_TEXT.imageWithdrawnToast),
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={GAP_DETAILS_TEXT.title}
      size="fullscreen"
      dirty={remarkUnsent}
    >
      <div className="vui-gap-details">
        <div className="vui-gap-details__top">
          <dl className="vui-gap-details__kpi">
            <dt>{GAP_FIELD_TERMS.kpi}</dt>
            <dd>{shown.KPI}</dd>
          </dl>
          {/* A gap waiting for its closure review is decided there, not by the selector; an ESAP
              item dropped by a revision keeps its status until a revision lists it again. */}
          {canChangeStatus && shown.status !== 'pending' && shown.status !== 'dropped' ? (
            <div className="vui-gap-details__status">
              <GapStatusSelector
                status={shown.status}
                onConfirm={changeStatus}
                updating={updating}
              />
            </div>
          ) : null}
        </div>
        {waitingHere.size > 0 ? (
          <p className="vui-gap-details__waiting" role="status">
            {waitingHereText(waitingHere.size)}
          </p>
        ) : null}
        <ClosureSection
          gap={shown}
          targetCompanyId={targetCompanyId}
          canRequest={canRequestClosure}
          canReview={canReviewClosure}
          onGapChange={update}
          waitOffline={
            offline && user
              ? (note) =>
                  waitsOffline()
                    ? queue({ kind: 'closureRequest', note })
                    : Promise.resolve(undefined)
              : undefined
          }
        />
        <ExtensionSection
          gap={current}
          targetCompanyId={targetCompanyId}
          canRequest={canRequestExtension}
          canAnswer={canAnswerExtension}
          onGapChange={update}
        />
        <GapIncidents gapId={current.id} />
        <GapFields gap={shown} />
        <Tabs
          label={GAP_DETAILS_TEXT.tabsLabel}
          items={[
            {
              value: 'remarks',
              label: GAP_DETAILS_TEXT.remarksTab,
              count: shown.remarkCount,
              content: (
                <div className="vui-gap-details__remarks">
                  <RemarkList
                    remarks={shown.remark}
                    waiting={waitingHere}
                    scrollRequest={scrollRequest}
                    withdrawal={withdrawal}
                    earlier={shown.remarkCount - shown.remark.length}
                    onShowEarlier={showEarlierRemarks}
                  />
                  {canAddRemark ? (
                    <RemarkInput onSend={sendRemark} onUnsentChange={setRemarkUnsent} />
                  ) : null}
                </div>
              ),
            },
            {
              value: 'history',
              label: GAP_DETAILS_TEXT.historyTab,
              count: current.statusHistory.length,
              content: <StatusHistory entries={current.statusHistory} />,
            },
            {
              value: 'changes',
              label: CHANGE_HISTORY_TEXT.tab,
              count: current.changeCount,
              content: (
                <ChangeHistory
                  entries={current.changeHistory}
                  earlier={current.changeCount - current.changeHistory.length}
                  onShowEarlier={showEarlierChanges}
                />
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}

const NO_ENTRIES: OutboxEntry[] = [];
