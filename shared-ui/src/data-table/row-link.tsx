import type { MouseEvent, ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';

/** Where a row leads and what its link says to a screen reader, e.g. 'Open gap Water reuse ratio'. */
export interface RowLinkTarget {
  to: To;
  label: string;
}

/**
 * The real link of a row that opens something: Tab reaches it, Enter follows it, and a middle or
 * Ctrl-click opens it in a new tab, as any link does. Its label keeps the visible text in it.
 */
export function RowLink({ to, label, children }: RowLinkTarget & { children: ReactNode }) {
  return (
    <Link to={to} className="vui-row-link" aria-label={label}>
      {children}
    </Link>
  );
}

function isInsideControl(target: EventTarget, row: HTMLElement): boolean {
  const control = (target as HTMLElement).closest('a, button, input, select, textarea, label');
  return control !== null && row.contains(control);
}

/**
 * A click anywhere else on a row with a RowLink follows that link, so the whole row stays a large
 * target; a click on another control in the row, or one that ends a text selection, does not.
 */
export function followRowLink(event: MouseEvent<HTMLTableRowElement>) {
  if (isInsideControl(event.target, event.currentTarget)) return;
  if ((window.getSelection()?.toString() ?? '') !== '') return;
  event.currentTarget.querySelector<HTMLAnchorElement>('a.vui-row-link')?.click();
}
