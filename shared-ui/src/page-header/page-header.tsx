import type { ReactNode } from 'react';
import '../styles/feedback.css';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The heading block at the top of a screen; the title is the page's one h1. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="vui-page-header">
      <div>
        <h1 className="vui-page-header__title">{title}</h1>
        {description ? <p className="vui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="vui-page-header__actions">{actions}</div> : null}
    </div>
  );
}
