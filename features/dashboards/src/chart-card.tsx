import { useId, type ReactNode } from 'react';
import { Card } from '@verity/shared-ui';
import './dashboard.css';

/**
 * A titled section of a dashboard, named by its heading; its content (a chart) mounts once `ready`,
 * when the figures above it have rendered. `actions` sit beside the title.
 */
export function ChartCard({
  title,
  ready = true,
  actions,
  children,
}: {
  title: string;
  ready?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      as="section"
      title={<span id={headingId}>{title}</span>}
      headingLevel={2}
      aria-labelledby={headingId}
      actions={actions}
    >
      {ready ? children : null}
    </Card>
  );
}
