import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession, useLanguage } from '@verity/session';
import { INCIDENT_CATEGORY_LABELS, incidentPath, type IncidentSummary } from '@verity/shared-api';
import { getGapIncidents } from '@verity/shared-api/calls';
import { formatDate } from '../date-text';
import { GAP_DETAILS_TEXT } from './gap-details-text';
import './closure.css';

/**
 * The incidents the gap is a corrective action of (docs/decisions/0099-serious-incidents.md), each
 * a link to its page in the reader's area; nothing at all for a gap that answers none.
 */
export function GapIncidents({ gapId }: { gapId: string }) {
  useLanguage();
  const userType = useSession((state) => state.user?.userType);
  const [incidents, setIncidents] = useState<IncidentSummary[]>([]);
  useEffect(() => {
    let current = true;
    setIncidents((shown) => (shown.length === 0 ? shown : []));
    // A gap's panel works without it: a failed read leaves the list out.
    getGapIncidents(gapId).then(
      (found) => current && found.length > 0 && setIncidents(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [gapId]);
  if (!userType || incidents.length === 0) return null;
  return (
    <section className="vui-closure" aria-label={GAP_DETAILS_TEXT.correctiveActionOf}>
      <p className="vui-gap-incidents__heading">{GAP_DETAILS_TEXT.correctiveActionOf}</p>
      <ul className="vui-gap-incidents">
        {incidents.map((incident) => (
          <li key={incident.id}>
            <Link
              to={incidentPath(userType, {
                targetCompanyId: incident.targetCompanyId,
                incidentId: incident.id,
              })}
            >
              {GAP_DETAILS_TEXT.incidentName(
                INCIDENT_CATEGORY_LABELS[incident.category],
                formatDate(incident.occurredAt, 'table'),
                incident.location,
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
