import { useId, type ReactNode } from 'react';
import { Card } from '@verity/shared-ui';
import './dashboard.css';

/** A titled chart section whose chart mounts once the figures above it have rendered. */
export function ChartCard({
  title,
  ready,
  children,
}: {
  title: string;
  ready: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      as="section"
      title={<span id={headingId}>{title}</span>}
      headingLevel={2}
      aria-labelledby={headingId}
    >
      {ready ? children : null}
    </Card>
  );
}
