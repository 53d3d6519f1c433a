import type { Incident, IncidentSummary } from '@verity/shared-api';

/** An incident as the API answers it; override any field. */
export function makeIncident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: 'incident-1',
    targetCompanyId: 'company-1',
    targetCompanyName: 'Compañía Minera Andina del Sur de los Yungas S.A.C.',
    category: 'seriousInjury',
    severity: 'high',
    occurredAt: '2026-11-30T07:40:00.000Z',
    location: 'Concentrator plant, crusher line 2 — north conveyor transfer point',
    peopleAffected: 2,
    reportedAt: '2026-11-30T09:00:00.000Z',
    rootCauseSubmittedAt: null,
    closedAt: null,
    clocks: {
      notifyDueOn: '2026-12-03',
      notifiedInTime: true,
      rootCauseDueOn: '2026-12-30',
      rootCauseLate: false,
      rootCauseDaysLeft: 26,
    },
    description: 'A fitter’s hand was caught in the conveyor’s tail pulley during cleaning.',
    immediateActions: 'Line stopped and locked out; first aid, then the regional hospital.',
    reportedByName: 'Lucía Quispe',
    lenderNotifiedAt: '2026-11-30T09:00:00.000Z',
    rootCause: null,
    revision: 1,
    questions: [],
    correctiveActions: [],
    photos: [],
    ...overrides,
  };
}

export function summaryOf(incident: Incident): IncidentSummary {
  const {
    description: _description,
    immediateActions: _immediateActions,
    reportedByName: _reportedByName,
    lenderNotifiedAt: _lenderNotifiedAt,
    rootCause: _rootCause,
    revision: _revision,
    questions: _questions,
    correctiveActions: _correctiveActions,
    photos: _photos,
    ...summary
  } = incident;
  return summary;
}
