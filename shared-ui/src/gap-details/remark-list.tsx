import { useEffect, useRef } from 'react';
import {
  NO_REMARKS_YET,
  REMARK_SCROLL_DELAY_MS,
  ROLE_LABELS,
  USER_TYPE_LABELS,
  formatDate,
  formatFileSizeKb,
  type Remark,
} from '@verity/shared-api';
import { EmptyState } from '../empty-state';

export interface RemarkListProps {
  remarks: readonly Remark[];
  /** Grows by one each time a remark is added; the list then scrolls to its end. */
  scrollRequest: number;
}

export function RemarkList({ remarks, scrollRequest }: RemarkListProps) {
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (scrollRequest === 0) return undefined;
    // The new remark (and its images) must be laid out before the end of the list is known.
    const timer = setTimeout(() => {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    }, REMARK_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [scrollRequest]);

  if (remarks.length === 0) return <EmptyState title={NO_REMARKS_YET} />;

  return (
    <ol ref={listRef} className="vui-remarks" aria-label="Remarks" tabIndex={0}>
      {remarks.map((remark, index) => (
        <li key={remark._id ?? `${remark.createdAt}-${index}`} className="vui-remark">
          <div className="vui-remark__header">
            <span className="vui-remark__author">{remark.user.fullname}</span>
            <span className="vui-remark__role">
              {USER_TYPE_LABELS[remark.user.userType] ?? remark.user.userType} ·{' '}
              {ROLE_LABELS[remark.user.role] ?? remark.user.role}
            </span>
            <time className="vui-remark__date" dateTime={remark.createdAt}>
              {formatDate(remark.createdAt, 'dateTime')}
            </time>
          </div>
          {remark.comments ? <p className="vui-remark__comments">{remark.comments}</p> : null}
          {remark.docs.length > 0 ? (
            <ul className="vui-remark__docs" aria-label="Attached images">
              {remark.docs.map((doc) => (
                <li key={doc._id}>
                  <a href={doc.url} target="_blank" rel="noreferrer" className="vui-remark__doc">
                    <img src={doc.url} alt="" className="vui-remark__thumb" loading="lazy" />
                    <span className="vui-remark__doc-name">{doc.fileName}</span>
                    <span className="vui-remark__doc-size">{formatFileSizeKb(doc.size)}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
