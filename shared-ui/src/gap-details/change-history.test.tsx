import { render, screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { ChangeEntry } from '@verity/shared-api';
import { ChangeHistory } from './change-history';

let serial = 0;
function entry(overrides: Partial<ChangeEntry>): ChangeEntry {
  serial += 1;
  return {
    id: `change-${serial}`,
    field: 'gapName',
    oldValue: null,
    newValue: null,
    reason: null,
    changedBy: { name: 'Aditi Auditor', userType: 'auditor', role: 'owner' },
    changedAt: new Date(2026, 2, 6, 14, 30).toISOString(),
    ...overrides,
  };
}

const items = () =>
  within(screen.getByRole('list', { name: 'Change History' })).getAllByRole('listitem');

describe('ChangeHistory', () => {
  it('names each field as the gap form does, with old and new values, who and when', () => {
    render(
      <ChangeHistory
        entries={[
          entry({ field: 'gapName', oldValue: 'No meter', newValue: 'Meters missing' }),
          entry({
            field: 'riskSeverity',
            oldValue: 'moderate',
            newValue: 'high',
            changedBy: { name: 'Clara Owner', userType: 'client', role: 'admin' },
          }),
        ]}
      />,
    );
    const [name, risk] = items();
    expect(name).toHaveTextContent('Gap Name');
    expect(name).toHaveTextContent('No meter→ changed to Meters missing');
    expect(name).toHaveTextContent('06/03/2026 02:30 PM');
    expect(name).toHaveTextContent('Aditi Auditor · Owner · Auditor');
    expect(risk).toHaveTextContent('Risk Severity');
    expect(risk).toHaveTextContent('Moderate→ changed to High');
    expect(risk).toHaveTextContent('Clara Owner · Admin · Client');
  });

  it('keeps an acceptance whole: method, site visit, warnings checked, comment', () => {
    render(
      <ChangeHistory
        entries={[
          entry({
            field: 'closureReview',
            newValue: {
              decision: 'accept',
              method: 'site',
              comment: 'Walked all three lines.',
              visitDate: '2026-03-04',
              visitedBy: 'Sam Site',
              checkedFlags: ['sameFileOnAnotherGap'],
            },
          }),
          entry({
            field: 'closureReview',
            newValue: {
              decision: 'accept',
              method: 'desk',
              comment: null,
              visitDate: null,
              visitedBy: null,
              checkedFlags: [],
            },
          }),
        ]}
      />,
    );
    const [site, desk] = items();
    expect(site).toHaveTextContent('Evidence accepted');
    expect(site).toHaveTextContent('Verification method: Site verification');
    expect(site).toHaveTextContent('Site visit: Mar 04, 2026');
    expect(site).toHaveTextContent('Visited by: Sam Site');
    expect(site).toHaveTextContent('I have checked: Same file as on another gap');
    expect(site).toHaveTextContent('Comment: Walked all three lines.');
    expect(desk).toHaveTextContent('Verification method: Desk review');
    expect(desk).not.toHaveTextContent('Visited by');
    expect(desk).not.toHaveTextContent('I have checked');
  });

  it('keeps an extension asked and answered: the new date, the reason, the comment', () => {
    render(
      <ChangeHistory
        entries={[
          entry({
            field: 'extensionAnswer',
            newValue: { decision: 'approve', dueDate: '2026-05-01T00:00:00.000Z', comment: 'Fine' },
          }),
          entry({
            field: 'extensionRequest',
            newValue: { dueDate: '2026-05-01T00:00:00.000Z', reason: 'Supplier delay' },
          }),
          entry({
            field: 'extensionAnswer',
            newValue: { decision: 'decline', dueDate: '2026-05-01T00:00:00.000Z', comment: null },
          }),
        ]}
      />,
    );
    const [approved, asked, declined] = items();
    expect(approved).toHaveTextContent('Extension approved');
    expect(approved).toHaveTextContent('New due date: May 01, 2026');
    expect(approved).toHaveTextContent('Comment: Fine');
    expect(asked).toHaveTextContent('Extension requested');
    expect(asked).toHaveTextContent('Reason: Supplier delay');
    expect(declined).toHaveTextContent('Extension declined');
    expect(declined).not.toHaveTextContent('Comment');
  });

  it('names the lender (ESAP) fields by their labels, references joined and condition types by label', () => {
    render(
      <ChangeHistory
        entries={[
          entry({ field: 'esapItemNumber', oldValue: null, newValue: '1.2' }),
          entry({
            field: 'requirementReferences',
            oldValue: ['IFC PS1'],
            newValue: ['IFC PS1', 'EP4'],
          }),
          entry({ field: 'conditionType', oldValue: 'precedent', newValue: 'recurring' }),
          entry({ field: 'timetable', oldValue: 'Annually', newValue: null }),
        ]}
      />,
    );
    const [itemNumber, references, condition, timetable] = items();
    expect(itemNumber).toHaveTextContent('ESAP Item No.');
    expect(itemNumber).toHaveTextContent('None→ changed to 1.2');
    expect(references).toHaveTextContent('Requirement References');
    expect(references).toHaveTextContent('IFC PS1→ changed to IFC PS1; EP4');
    expect(condition).toHaveTextContent('Condition precedent→ changed to Recurring');
    expect(timetable).toHaveTextContent('Timetable');
    expect(timetable).toHaveTextContent('Annually→ changed to None');
  });

  it('formats dates, statuses, amounts and SDGs as the app does, and shows the reason', () => {
    render(
      <ChangeHistory
        entries={[
          entry({
            field: 'dueDate',
            oldValue: new Date(2026, 5, 10).toISOString(),
            newValue: new Date(2026, 6, 1).toISOString(),
            reason: 'Supplier delayed the meters',
          }),
          entry({ field: 'status', oldValue: 'open', newValue: 'provClosed' }),
          entry({
            field: 'amount',
            oldValue: null,
            newValue: { currency: 'USD', value: 1250.5 },
          }),
          entry({ field: 'impactedSDGs', oldValue: ['SDG6'], newValue: ['SDG6', 'SDG13'] }),
        ]}
      />,
    );
    const [due, status, amount, sdgs] = items();
    expect(due).toHaveTextContent('Due Date');
    expect(due).toHaveTextContent('Jun 10, 2026→ changed to Jul 01, 2026');
    expect(due).toHaveTextContent('Reason: Supplier delayed the meters');
    expect(status).toHaveTextContent('Open→ changed to Prov Close');
    expect(amount).toHaveTextContent('None→ changed to USD 1,250.50');
    expect(sdgs).toHaveTextContent('SDG6→ changed to SDG6, SDG13');
  });

  it('shows only the custom fields that changed, by their names', () => {
    render(
      <ChangeHistory
        entries={[
          entry({
            field: 'fields',
            oldValue: { site: { name: 'Site', value: 'North' }, ref: { name: 'Ref', value: 'A1' } },
            newValue: { site: { name: 'Site', value: 'South' }, ref: { name: 'Ref', value: 'A1' } },
          }),
        ]}
      />,
    );
    const [fields] = items();
    expect(fields).toHaveTextContent('Custom Fields');
    expect(fields).toHaveTextContent('Site: North→ changed to Site: South');
    expect(fields).not.toHaveTextContent('Ref');
  });

  it('says what happened for creation, remarks and images, without values', () => {
    render(
      <ChangeHistory
        entries={[
          entry({ field: 'attachment', oldValue: { remarkId: 'r1', documentId: 'd1' } }),
          entry({ field: 'remark', oldValue: { remarkId: 'r1', attachments: 1 } }),
          entry({ field: 'remark', newValue: { remarkId: 'r1', attachments: 2 } }),
          entry({ field: 'remark', newValue: { remarkId: 'r2', attachments: 0 } }),
          entry({ field: 'created', newValue: { KPI: 'Water use' } }),
        ]}
      />,
    );
    expect(items().map((item) => item.querySelector('.vui-change__field')?.textContent)).toEqual([
      'Image withdrawn',
      'Remark withdrawn',
      'Remark added with 2 images',
      'Remark added',
      'Gap created',
    ]);
    expect(screen.queryByText('changed to', { exact: false })).not.toBeInTheDocument();
  });

  it("says 'Plan created' in a plan's history", () => {
    render(<ChangeHistory subject="actionPlan" entries={[entry({ field: 'created' })]} />);
    expect(items()[0]).toHaveTextContent('Plan created');
  });

  it('keeps a long text to three lines with the whole as its title', () => {
    const long = 'Recommendation '.repeat(200).trim();
    render(
      <ChangeHistory
        entries={[entry({ field: 'recommendation', oldValue: long, newValue: 'Short' })]}
      />,
    );
    const old = screen.getByTitle(long);
    expect(old).toHaveClass('vui-change__value');
    expect(old).toHaveAttribute('data-kind', 'old');
  });

  it("says 'No changes recorded yet' without entries", () => {
    render(<ChangeHistory entries={[]} />);
    expect(screen.getByText('No changes recorded yet')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(
      <ChangeHistory
        entries={[
          entry({ field: 'KPI', oldValue: 'Water', newValue: 'Water use' }),
          entry({ field: 'dueDate', oldValue: null, newValue: new Date(2026, 5, 1).toISOString() }),
        ]}
      />,
    );
    expect(await axe(container)).toHaveNoViolations();
  });
});
