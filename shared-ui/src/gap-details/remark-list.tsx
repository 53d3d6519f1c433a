import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLanguage } from '@verity/session';
import {
  REMARK_SCROLL_DELAY_MS,
  ROLE_LABELS,
  USER_TYPE_LABELS,
  formatFileSizeKb,
  type Remark,
  type RemarkDoc,
  MESSAGES,
} from '@verity/shared-api';
import { Button } from '../button';
import { formatDate } from '../date-text';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyState } from '../empty-state';
import {
  GAP_DETAILS_TEXT,
  earlierRemarksText,
  remarkWithdrawnText,
  withdrawImageLabel,
  withdrawImageText,
} from './gap-details-text';
import { OFFLINE_TEXT } from '../offline/offline-text';
import { RemarkEvidenceDetails } from './remark-evidence';
import { ShowEarlier } from './show-earlier';

/** Withdrawing remarks and their images; absent for users who may withdraw nothing. */
export interface RemarkWithdrawal {
  /** Whether the user may withdraw this remark (and its images) now. */
  canWithdraw: (remark: Remark) => boolean;
  /** Resolves once done, whatever the outcome (the caller reports it). */
  withdrawRemark: (remark: Remark) => Promise<void>;
  withdrawImage: (remark: Remark, doc: RemarkDoc) => Promise<void>;
}

export interface RemarkListProps {
  remarks: readonly Remark[];
  /** Grows by one each time a remark is added; the list then scrolls to its end. */
  scrollRequest: number;
  withdrawal?: RemarkWithdrawal;
  /** Remarks of the gap before those given, not loaded yet: a button above the list shows them. */
  earlier?: number;
  /** Loads the next earlier remarks; resolves once done, whatever the outcome (the caller reports it). */
  onShowEarlier?: () => Promise<void>;
  /** Remarks written with no network, waiting on the device to be sent (by id). */
  waiting?: ReadonlySet<string>;
}

type Pending = { remark: Remark; doc?: RemarkDoc };

export function RemarkList({
  remarks,
  scrollRequest,
  withdrawal,
  earlier = 0,
  onShowEarlier,
  waiting,
}: RemarkListProps) {
  useLanguage();
  const listRef = useRef<HTMLOListElement>(null);
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  // Earlier remarks go in above the ones read: the list keeps them where they were on screen.
  const firstRemark = remarks[0]?.id;
  const layout = useRef({ firstRemark, scrollHeight: 0 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const before = layout.current;
    const grewAbove =
      before.firstRemark !== firstRemark &&
      remarks.some((remark) => remark.id === before.firstRemark);
    if (grewAbove) {
      list.scrollTop += list.scrollHeight - before.scrollHeight;
    }
    layout.current = { firstRemark, scrollHeight: list.scrollHeight };
  });

  /** Loads the earlier remarks, measuring the list just before, as the reader sees it. */
  async function showEarlier() {
    const list = listRef.current;
    if (list) layout.current = { firstRemark, scrollHeight: list.scrollHeight };
    await onShowEarlier?.();
  }

  useEffect(() => {
    if (scrollRequest === 0) return undefined;
    // The new remark (and its images) must be laid out before the end of the list is known.
    const timer = setTimeout(() => {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    }, REMARK_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [scrollRequest]);

  if (remarks.length === 0) return <EmptyState title={MESSAGES.NO_REMARKS_YET} />;

  async function confirmWithdrawal() {
    if (!pending || !withdrawal) return;
    setBusy(true);
    if (pending.doc) await withdrawal.withdrawImage(pending.remark, pending.doc);
    else await withdrawal.withdrawRemark(pending.remark);
    setBusy(false);
    setPending(undefined);
  }

  return (
    <>
      {earlier > 0 && onShowEarlier ? (
        <ShowEarlier
          label={earlierRemarksText(earlier)}
          className="vui-remarks__earlier"
          onShow={showEarlier}
        />
      ) : null}
      <ol
        ref={listRef}
        className="vui-remarks"
        aria-label={GAP_DETAILS_TEXT.remarksList}
        tabIndex={0}
      >
        {remarks.map((remark, index) => {
          const mayWithdraw = !remark.withdrawn && Boolean(withdrawal?.canWithdraw(remark));
          return (
            <li
              key={remark._id ?? `${remark.createdAt}-${index}`}
              className="vui-remark"
              data-state={remark.withdrawn ? 'withdrawn' : 'standing'}
            >
              <div className="vui-remark__header">
                <span className="vui-remark__author">{remark.user.fullname}</span>
                <span className="vui-remark__role">
                  {USER_TYPE_LABELS[remark.user.userType] ?? remark.user.userType} ·{' '}
                  {ROLE_LABELS[remark.user.role] ?? remark.user.role}
                </span>
                <time className="vui-remark__date" dateTime={remark.createdAt}>
                  {formatDate(remark.createdAt, 'dateTime')}
                </time>
                {waiting?.has(remark.id) ? (
                  <span className="vui-remark__waiting">{OFFLINE_TEXT.waiting}</span>
                ) : null}
                {mayWithdraw ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="vui-remark__withdraw"
                    aria-label={GAP_DETAILS_TEXT.withdrawRemarkLabel(remark.user.fullname)}
                    onClick={() => setPending({ remark })}
                  >
                    {GAP_DETAILS_TEXT.withdraw}
                  </Button>
                ) : null}
              </div>
              {remark.withdrawn ? (
                <p className="vui-remark__withdrawn">
                  {remarkWithdrawnText(
                    remark.withdrawn.by.fullname,
                    formatDate(remark.withdrawn.at, 'dateTime'),
                  )}
                </p>
              ) : (
                <>
                  {remark.comments ? (
                    <p className="vui-remark__comments">{remark.comments}</p>
                  ) : null}
                  {remark.docs.length > 0 ? (
                    <ul className="vui-remark__docs" aria-label={GAP_DETAILS_TEXT.attachedImages}>
                      {remark.docs.map((doc) => (
                        <li
                          key={doc._id}
                          className="vui-remark__doc-item"
                          data-evidence={doc.evidence ? 'shown' : undefined}
                        >
                          {doc.withdrawn ? (
                            <span className="vui-remark__doc vui-remark__doc--withdrawn">
                              {GAP_DETAILS_TEXT.attachmentWithdrawn}
                            </span>
                          ) : (
                            <div className="vui-remark__doc-media">
                              <a
                                href={doc.url}
                                target="_blank"
                                rel="noreferrer"
                                className="vui-remark__doc"
                              >
                                <img
                                  src={doc.url}
                                  alt=""
                                  className="vui-remark__thumb"
                                  loading="lazy"
                                />
                                <span className="vui-remark__doc-name">{doc.fileName}</span>
                                <span className="vui-remark__doc-size">
                                  {formatFileSizeKb(doc.size)}
                                </span>
                              </a>
                              {mayWithdraw ? (
                                <Button
                                  variant="ghost"
                                  size="sm"
                                  aria-label={withdrawImageLabel(doc.fileName)}
                                  onClick={() => setPending({ remark, doc })}
                                >
                                  {GAP_DETAILS_TEXT.withdraw}
                                </Button>
                              ) : null}
                            </div>
                          )}
                          {doc.evidence && !doc.withdrawn ? (
                            <RemarkEvidenceDetails evidence={doc.evidence} />
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              )}
            </li>
          );
        })}
      </ol>
      {withdrawal ? (
        <ConfirmDialog
          open={Boolean(pending)}
          onOpenChange={(open) => {
            if (!open) setPending(undefined);
          }}
          title={
            pending?.doc
              ? GAP_DETAILS_TEXT.withdrawImageTitle
              : GAP_DETAILS_TEXT.withdrawRemarkTitle
          }
          text={
            pending?.doc
              ? withdrawImageText(pending.doc.fileName)
              : GAP_DETAILS_TEXT.withdrawRemarkText
          }
          confirmLabel={GAP_DETAILS_TEXT.withdraw}
          confirmVariant="danger"
          busy={busy}
          onConfirm={() => void confirmWithdrawal()}
        />
      ) : null}
    </>
  );
}
