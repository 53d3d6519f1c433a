import type { ReactNode } from 'react';
import '../styles/feedback.css';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className="vui-empty-state">
      <span className="vui-empty-state__icon" aria-hidden="true">
        {icon ?? <InboxIcon />}
      </span>
      <p className="vui-empty-state__title">{title}</p>
      {description ? <div className="vui-empty-state__description">{description}</div> : null}
      {action}
    </div>
  );
}

function InboxIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 13h5l1.5 3h5L16 13h5" />
      <path d="M5.5 5h13L21 13v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5z" />
    </svg>
  );
}
