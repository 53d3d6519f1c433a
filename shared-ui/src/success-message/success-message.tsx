import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import { MESSAGES } from '@verity/shared-api';
import './success-message.css';

export interface SuccessMessageProps {
  /** What succeeded, e.g. 'User created successfully.'. */
  message: ReactNode;
}

/** Shown in a new-user dialog just before it closes itself. */
export function SuccessMessage({ message }: SuccessMessageProps) {
  useLanguage();
  return (
    <div className="vui-success-message" role="status">
      <svg
        viewBox="0 0 24 24"
        width="40"
        height="40"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6.5" />
      </svg>
      <p className="vui-success-message__text">{message}</p>
      <p className="vui-success-message__closing">{MESSAGES.CLOSING_IN_A_MOMENT}</p>
    </div>
  );
}
