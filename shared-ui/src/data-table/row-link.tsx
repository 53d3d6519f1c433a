import type { MouseEvent, ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';

/** Where a row leads, and what following it does, said before the row's text (e.g. 'Open gap'). */
export interface RowLinkTarget {
  to: To;
  /** Heard by screen readers only, before the text the link shows. */
  action?: string;
}

/**
 * The real link of a row that opens something: Tab reaches it, Enter follows it, and a middle or
 * Ctrl-click opens it in a new tab, as any link does. Its name is the action, then the text it
 * shows ('Open gap Water reuse ratio Recycling below target'), never a label in place of that
 * text: whoever names the link by what they see (voice control) finds it (WCAG 2.5.3).
 */
export function RowLink({ to, action, children }: RowLinkTarget & { children: ReactNode }) {
  return (
    <Link to={to} className="vui-row-link">
      {action ? <span className="vui-sr-only">{`${action} `}</span> : null}
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
