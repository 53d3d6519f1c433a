import { useId, type ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import '../styles/display.css';
import { t } from '../texts';

export type StatCardAccent = 'neutral' | 'primary' | 'blue' | 'green' | 'yellow' | 'red';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A coloured edge; the label always says what the figure is. */
  accent?: StatCardAccent;
  icon?: ReactNode;
  /** What the figure counts, in a tooltip on an info button (hover or focus) and as the card's description. */
  hint?: string;
}

/** One headline figure, e.g. 'Total Gaps 12'. */
export function StatCard({ label, value, accent = 'neutral', icon, hint }: StatCardProps) {
  useLanguage();
  const hintId = useId();
  return (
    <div
      className="vui-stat-card"
      data-accent={accent}
      role="group"
      aria-label={label}
      aria-describedby={hint ? hintId : undefined}
    >
      <span className="vui-stat-card__label">
        {icon ? <span aria-hidden="true">{icon}</span> : null}
        {label}
        {hint ? (
          <span className="vui-stat-card__hint">
            <button
              type="button"
              className="vui-stat-card__hint-button"
              aria-label={t('ui.statCard.whatCounts', { label })}
              aria-describedby={hintId}
            >
              <InfoIcon />
            </button>
            <span role="tooltip" id={hintId} className="vui-stat-card__tooltip">
              {hint}
            </span>
          </span>
        ) : null}
      </span>
      <span className="vui-stat-card__value">{value}</span>
    </div>
  );
}

function InfoIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </svg>
  );
}
