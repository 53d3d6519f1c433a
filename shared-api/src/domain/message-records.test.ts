import * as attachments from './attachments';
import { ESG_ASPECTS, ESG_ASPECT_LABELS } from './audit';
import { CURRENCIES, CURRENCY_NAMES } from './currency';
import { DATE_STYLE_LABELS, DATE_STYLE_TEXT, DATE_STYLES } from './dates';
import * as grievances from './grievances';
import * as incidents from './incidents';
import * as closure from './closure';
import * as esap from './esap';
import { ESAP_REVISION_SCREEN } from './esap-revision';
import { DOWNLOAD_ESAP_WORKBOOK_LABEL, ESAP_WORKBOOK_BUTTON_TEXT } from './esap-workbook';
import * as extensions from './extensions';
import * as milestones from './milestones';
import * as notifications from './notifications';
import { MONITORING_REPORT_TEXT, MONITORING_REPORTS_LABEL } from './monitoring-reports';
import { SDGS, findSdg } from './sdg';
import { SSO_MESSAGES, SSO_SIGN_IN_LINK, SSO_SIGN_IN_LINK_TEXT } from './single-sign-on';

/** Each text of `record`, in English, beside the constant of the same name in `module`. */
function agrees(record: Readonly<Record<string, string>>, module: object) {
  const constants = module as Record<string, unknown>;
  for (const [name, text] of Object.entries(record)) {
    expect([name, text]).toEqual([name, constants[name]]);
  }
}

describe('the message records read in English', () => {
  it('say what the English constants say', () => {
    agrees(closure.CLOSURE_MESSAGES, closure);
    agrees(extensions.EXTENSION_MESSAGES, extensions);
    agrees(notifications.NOTIFICATION_TEXT, notifications);
    agrees(esap.ESAP_MESSAGES, esap);
    agrees(attachments.ATTACHMENT_MESSAGES, attachments);
    agrees(incidents.INCIDENT_MESSAGES, incidents);
    agrees(grievances.GRIEVANCE_MESSAGES, grievances);
    expect(CURRENCIES.map(({ value }) => CURRENCY_NAMES[value])).toEqual(
      CURRENCIES.map(({ name }) => name),
    );
    expect(ESG_ASPECTS.map((aspect) => ESG_ASPECT_LABELS[aspect])).toEqual([...ESG_ASPECTS]);
    expect(ESAP_WORKBOOK_BUTTON_TEXT.label).toBe(DOWNLOAD_ESAP_WORKBOOK_LABEL);
    const { dueRelativeTo, ...fields } = esap.ESAP_FIELD_TEXT;
    expect(fields).toEqual(esap.ESAP_FIELD_LABELS);
    expect(dueRelativeTo).toBe('Due Relative To');
  });

  it('word the monitoring report screens as before', () => {
    expect(MONITORING_REPORT_TEXT.title).toBe(MONITORING_REPORTS_LABEL);
    expect(MONITORING_REPORT_TEXT.ruleText('Annual', '12-31', 90)).toBe(
      'Annual, financial year ending 12-31, due 90 days after each period.',
    );
    expect(MONITORING_REPORT_TEXT.cardHint).toBe(
      "Your lender's annual E&S monitoring reports: prepare, submit, follow the review.",
    );
  });

  it('word the date style card and the date fields as before', () => {
    expect(DATE_STYLES.map((style) => DATE_STYLE_LABELS[style])).toEqual([
      'As each screen writes them',
      'Day/month/year',
      'Month/day/year',
      'Year-month-day',
      'Day month-name year',
    ]);
    expect({ ...DATE_STYLE_TEXT, example: undefined, badInput: undefined }).toEqual({
      heading: 'Dates',
      intro: 'How dates are written for you on every screen, in date fields and in your reports.',
      label: 'Write dates as',
      save: 'Save date style',
      saved: 'Date style saved',
      unknown: `Date style must be one of: ${DATE_STYLES.join(', ')}`,
      openCalendar: 'Choose from a calendar',
      example: undefined,
      badInput: undefined,
    });
    expect(DATE_STYLE_TEXT.example('by-place', '2026-03-04')).toBe(
      '04 Mar, 2026 in lists, Mar 04, 2026 in details, 04/03/2026 in tables',
    );
    expect(DATE_STYLE_TEXT.badInput('day-month-year')).toBe('Write the date as dd/mm/yyyy');
  });

  it('word single sign-on as before', () => {
    expect(SSO_SIGN_IN_LINK_TEXT.label).toBe(SSO_SIGN_IN_LINK);
    expect(SSO_MESSAGES.testedFor('example.com')).toBe(
      'Tested: addresses at example.com sign in through your provider.',
    );
    expect(SSO_MESSAGES.testOutcome.domainTaken).toBe(
      "Your address's domain already signs in through another organisation's provider.",
    );
  });

  it('name the goals with their United Nations titles', () => {
    expect(SDGS.map((sdg) => sdg.title)).toHaveLength(17);
    expect(findSdg('SDG1')?.title).toBe('No Poverty');
    expect(findSdg('SDG17')?.title).toBe('Partnerships for the Goals');
  });

  it('write milestones in sentences as before', () => {
    expect(milestones.milestoneDueText('Financial close', 6, 0)).toBe(
      '6 months after financial close',
    );
    expect(milestones.milestoneDueText('First disbursement', 1, 15)).toBe(
      '1 month 15 days after first disbursement',
    );
    expect(milestones.milestoneDueText('Board approval', 0, 0)).toBe('By Board approval');
    expect(milestones.waitingForMilestone('financial close')).toBe('Waiting for financial close');
    expect(milestones.MILESTONE_MESSAGES.inUse('Board approval', 1)).toBe(
      'An item is due relative to Board approval; change it before removing the milestone.',
    );
    expect(milestones.MILESTONE_MESSAGES.inUse('Board approval', 3)).toBe(
      '3 items are due relative to Board approval; change them before removing the milestone.',
    );
    expect(extensions.EXTENSION_DUE_FROM_MILESTONE('Board Approval')).toBe(
      "This gap is due relative to board approval: its due date moves when the milestone's date does.",
    );
    expect(ESAP_REVISION_SCREEN.offer('Plan A', 3, 5)).toBe(
      "3 of the 5 items of this file are already in the action plan 'Plan A'.",
    );
    expect(ESAP_REVISION_SCREEN.unchanged(1)).toBe('Unchanged: 1 item');
    expect(ESAP_REVISION_SCREEN.previewTitle(2)).toBe('Revision preview: Rev 2');
    expect(closure.checkedFlagsText(['takenBeforeGap', 'sameFileOnAnotherGap'])).toBe(
      'I have checked: Taken before the gap was raised; Same file as on another gap',
    );
  });
});
