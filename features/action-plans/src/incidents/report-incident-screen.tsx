import { useState } from 'react';
import { useLanguage } from '@verity/session';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { INCIDENT_TEXT as text, type IncidentValues } from '@verity/shared-api';
import { addIncidentPhotos, getErrorText, reportIncident } from '@verity/shared-api/calls';
import { PageHeader, toast, type DraftImage, type PageTrail } from '@verity/shared-ui';
import { IncidentPhotoPicker } from './incident-photo-picker';
import { IncidentReportForm } from './incident-report-form';
import './incidents.css';

export interface ReportIncidentScreenProps {
  targetCompanyId: string;
  /** The reported incident's page in the caller's area. */
  incidentPath: (incidentId: string) => string;
  trail?: PageTrail;
}

/**
 * The company reports a serious incident (docs/decisions/0099-serious-incidents.md), on a phone as
 * well as at a desk: what, when, where, category, severity, people affected, the immediate actions
 * and photos. The report goes first, so the client is told even when a photo fails.
 */
export function ReportIncidentScreen({
  targetCompanyId,
  incidentPath,
  trail,
}: ReportIncidentScreenProps) {
  useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<DraftImage[]>([]);
  const [preparing, setPreparing] = useState(false);

  async function send(values: IncidentValues) {
    let incident = await reportIncident(targetCompanyId, values);
    if (photos.length > 0) {
      try {
        incident = await addIncidentPhotos(incident.id, photos);
      } catch (error) {
        toast.error(`${text.photosFailed} ${getErrorText(error)}`);
      }
    }
    queryClient.setQueryData(queryKeys.incident(incident.id), incident);
    void queryClient.invalidateQueries({ queryKey: queryKeys.incidents() });
    toast.success(text.reported);
    void navigate(incidentPath(incident.id));
  }

  return (
    <div className="vui-incidents">
      <PageHeader title={text.report} description={text.reportIntro} trail={trail} />
      <div className="vui-incidents__panel">
        <IncidentReportForm submitLabel={text.send} onSend={send} busy={preparing}>
          {(sending) => (
            <IncidentPhotoPicker
              photos={photos}
              onChange={setPhotos}
              disabled={sending}
              onPreparingChange={setPreparing}
            />
          )}
        </IncidentReportForm>
      </div>
    </div>
  );
}
