import {
  GRIEVANCE_CARD_TEXT,
  GRIEVANCE_REGISTER_CARD_HINT,
  GRIEVANCE_REGISTER_LABEL,
  GRIEVANCES_CARD_HINT,
  GRIEVANCES_LABEL,
} from './grievance-card-texts';
import { GRIEVANCE_TEXT } from './grievance-texts';
import { INCIDENT_CARD_TEXT, INCIDENTS_LABEL } from './incident-card-texts';
import { INCIDENT_TEXT } from './incident-texts';

describe('the incident and grievance words in English', () => {
  it('count days as the spec writes them', () => {
    expect(INCIDENT_TEXT.rootCauseDueIn(0, '01/02/2030')).toBe('Root cause due today (01/02/2030)');
    expect(INCIDENT_TEXT.rootCauseDueIn(1, '01/02/2030')).toBe(
      'Root cause due in 1 day (01/02/2030)',
    );
    expect(INCIDENT_TEXT.rootCauseDueIn(12, '01/02/2030')).toBe(
      'Root cause due in 12 days (01/02/2030)',
    );
    expect(INCIDENT_TEXT.lateShort(1)).toBe('Late by 1 day');
    expect(INCIDENT_TEXT.dueInShort(0)).toBe('Due today');
    expect(GRIEVANCE_TEXT.takenDays(0)).toBe('the day received');
    expect(GRIEVANCE_TEXT.takenDays(2)).toBe('after 2 days');
    expect(GRIEVANCE_TEXT.target(7, '08/01/2030')).toBe('Target 7 days (by 08/01/2030)');
    expect(GRIEVANCE_TEXT.monthLine(3, 0)).toBe('3 received');
    expect(GRIEVANCE_TEXT.monthLine(3, 1)).toBe('3 received, 1 late');
    expect(GRIEVANCE_TEXT.targetsLine(1, 30)).toBe(
      'Targets: acknowledged within 1 day, resolved within 30 days of the day received.',
    );
  });

  it('name the registers with the words of their constants', () => {
    expect(INCIDENT_CARD_TEXT.title).toBe(INCIDENTS_LABEL);
    expect(INCIDENT_TEXT.title).toBe(INCIDENTS_LABEL);
    expect(GRIEVANCE_CARD_TEXT).toEqual({
      label: GRIEVANCES_LABEL,
      cardHint: GRIEVANCES_CARD_HINT,
      registerLabel: GRIEVANCE_REGISTER_LABEL,
      registerCardHint: GRIEVANCE_REGISTER_CARD_HINT,
    });
    expect(GRIEVANCE_TEXT.portfolioTitle).toBe(GRIEVANCE_REGISTER_LABEL);
  });
});
