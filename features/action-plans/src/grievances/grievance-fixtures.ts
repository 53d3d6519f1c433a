import type { Grievance, GrievanceRegister, GrievanceSummary } from '@verity/shared-api';
import { toDateInputValue } from '@verity/shared-ui';

/** The day so many days from today on this device, YYYY-MM-DD (negative: before). */
export const dayFrom = (days: number) => toDateInputValue(new Date(Date.now() + days * 86_400_000));

/** A grievance as the API answers it to a reader the owner named; override any field. */
export function makeGrievance(overrides: Partial<Grievance> = {}): Grievance {
  return {
    id: 'grievance-1',
    targetCompanyId: 'company-1',
    targetCompanyName: 'Compañía Minera Andina del Sur de los Yungas S.A.C.',
    channel: 'communityMeeting',
    receivedOn: dayFrom(-2),
    complainantType: 'community',
    category: 'environment',
    anonymous: false,
    complainantName: 'María Fernanda Choquehuanca Mamani de los Ríos',
    complainantContact: '+51 984 000 111, Plaza de Armas 12, Yungas',
    identityWithheld: false,
    acknowledgeDueOn: dayFrom(5),
    resolveDueOn: dayFrom(28),
    acknowledgedOn: null,
    investigatedOn: null,
    resolvedOn: null,
    closedOn: null,
    complainantResponse: null,
    daysToAcknowledge: null,
    daysToResolve: null,
    acknowledgeDaysLeft: 5,
    resolveDaysLeft: 28,
    late: false,
    description: 'Dust from the haul road covers the school’s yard on dry days.',
    investigation: null,
    resolution: null,
    recordedByName: 'Lucía Quispe',
    recordedAt: '2026-11-02T15:00:00.000Z',
    revision: 1,
    ...overrides,
  };
}

/** The same grievance as a reader who was not named receives it. */
export function withheld(grievance: Grievance): Grievance {
  return { ...grievance, complainantName: null, complainantContact: null, identityWithheld: true };
}

export function summaryOf(grievance: Grievance): GrievanceSummary {
  const {
    description: _description,
    investigation: _investigation,
    resolution: _resolution,
    recordedByName: _recordedByName,
    recordedAt: _recordedAt,
    revision: _revision,
    ...summary
  } = grievance;
  return summary;
}

export function registerOf(grievances: Grievance[]): GrievanceRegister {
  return {
    grievances: grievances.map(summaryOf),
    counts: {
      total: grievances.length,
      open: grievances.filter((grievance) => !grievance.closedOn).length,
      late: grievances.filter((grievance) => grievance.late).length,
      byCategory: Object.fromEntries(
        grievances.map((grievance) => [
          grievance.category,
          grievances.filter((other) => other.category === grievance.category).length,
        ]),
      ),
      byMonth: [
        {
          month: '2026-11',
          received: grievances.length,
          late: grievances.filter((grievance) => grievance.late).length,
          byCategory: {},
        },
      ],
    },
  };
}
