import type { ReactNode } from 'react';
import '../styles/display.css';

export type StatCardAccent = 'neutral' | 'primary' | 'blue' | 'green' | 'yellow' | 'red';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A coloured edge; the label always says what the figure is. */
  accent?: StatCardAccent;
  icon?: ReactNode;
}

/** One headline figure, e.g. 'Total Gaps 12'. */
export function StatCard({ label, value, accent = 'neutral', icon }: StatCardProps) {
  return (
    <div className="vui-stat-card" data-accent={accent} role="group" aria-label={label}>
      <span className="vui-stat-card__label">
        {icon ? <span aria-hidden="true">{icon}</span> : null}
        {label}
      </span>
      <span className="vui-stat-card__value">{value}</span>
    </div>
  );
}
