import { useEffect, type ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import { Link, useLocation } from 'react-router-dom';
import '../styles/feedback.css';
import { t } from '../texts';

/** The product's name: the last part of every document title. */
export const PRODUCT_NAME = 'Verity';

/**
 * A level above this page in the breadcrumb: its name, its page (none when that page is this one, as
 * an audit on its own plan list), and what kind of thing it names.
 */
export interface Crumb {
  label: string;
  to?: string;
  /** 'Company', 'Auditor', 'Audit': the crumb also names the page's subject in the heading's context line. */
  kind?: string;
  /**
   * The name is still on its way: the trail shows the kind, and the context line keeps the name's
   * place empty, so that its arrival does not move the screen under a finger about to tap.
   */
  waiting?: boolean;
}

/** A level of a trail: its name once known (then it also names the page's subject), else its kind. */
export function namedCrumb(name: string | undefined, kind: string, to: string): Crumb {
  return name ? { label: name, kind, to } : { label: kind, kind, to, waiting: true };
}

/** Where a nested page sits: the pages above it (outermost first) and what it is about. */
export interface PageTrail {
  breadcrumbs: readonly Crumb[];
  /** What the page is about, first in the document title (e.g. the company's name). */
  subject?: string;
}

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The breadcrumb and document-title subject of a nested page; the title ends the breadcrumb. */
  trail?: PageTrail;
}

/** 'Acme Steel Ltd — Action Plans — Verity': the subject (when there is one), the page and the product. */
export function documentTitle(title: string, subject?: string): string {
  return [subject, title, PRODUCT_NAME].filter((part) => part && part.trim() !== '').join(' — ');
}

/**
 * A trail for the page being shown: a crumb whose page is this one stays as text, not a link (an
 * audit on its own plan list).
 */
export function useTrail(breadcrumbs: readonly Crumb[], subject?: string): PageTrail {
  const { pathname } = useLocation();
  return {
    subject,
    breadcrumbs: breadcrumbs.map(({ to, ...crumb }) =>
      to === pathname ? crumb : { ...crumb, to },
    ),
  };
}

/** Keeps the document's title on the page being shown: 'Acme Steel Ltd — Action Plans — Verity'. */
export function useDocumentTitle(title: string, subject?: string): void {
  useEffect(() => {
    document.title = documentTitle(title, subject);
  }, [title, subject]);
}

/** A nested page's breadcrumb: links back up through its trail, ending with the page itself. */
export function Breadcrumb({ trail, current }: { trail: PageTrail; current: string }) {
  useLanguage();
  if (trail.breadcrumbs.length === 0) return null;
  return (
    <nav aria-label={t('ui.pageHeader.breadcrumb')} className="vui-breadcrumb">
      <ol>
        {trail.breadcrumbs.map((crumb, index) => (
          <li key={index}>
            {crumb.to ? (
              <Link to={crumb.to} title={crumb.label}>
                {crumb.label}
              </Link>
            ) : (
              <span title={crumb.label}>{crumb.label}</span>
            )}
          </li>
        ))}
        <li>
          <span aria-current="page" title={current}>
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/**
 * The line under a nested page's heading naming what it is about: 'Company: … Auditor: … Audit: …'.
 * A name still on its way keeps its place, one line high and empty.
 */
export function PageContext({ trail }: { trail: PageTrail }) {
  const named = trail.breadcrumbs.filter((crumb) => crumb.kind);
  if (named.length === 0) return null;
  return (
    <dl className="vui-page-header__context">
      {named.map((crumb) =>
        crumb.waiting ? (
          <div key={crumb.kind} className="vui-page-header__context-waiting" aria-hidden="true" />
        ) : (
          <div key={crumb.kind}>
            <dt>{crumb.kind}</dt>
            <dd>{crumb.label}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

/**
 * The heading block at the top of a screen: the title is the page's one h1 and the document's title.
 * A nested page also shows its breadcrumb (links back up) and a context line naming what it is about.
 */
export function PageHeader({ title, description, actions, trail }: PageHeaderProps) {
  useDocumentTitle(title, trail?.subject);
  return (
    <div className="vui-page-header">
      <div className="vui-page-header__text">
        {trail ? <Breadcrumb trail={trail} current={title} /> : null}
        <h1 className="vui-page-header__title">{title}</h1>
        {trail ? <PageContext trail={trail} /> : null}
        {description ? <p className="vui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="vui-page-header__actions">{actions}</div> : null}
    </div>
  );
}
