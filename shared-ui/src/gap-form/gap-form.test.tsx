import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { AuditForm, CustomField, Gap, GapInput } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { GapForm, type GapFormProps } from './gap-form';
import { initialGapFormValues, toGapInput } from './gap-form-values';
import { calendarOf, enterText } from '../testing';

// Local time, so the date inputs' days are the days the user sees.
const NOW = new Date(2026, 5, 15, 10, 0, 0);

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
});
afterEach(() => {
  jest.useRealTimers();
});

function renderForm(props: Partial<GapFormProps> = {}) {
  const onSubmit = jest.fn<Promise<void> | void, [GapInput]>();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
  const view = render(<GapForm formType="ap" onSubmit={onSubmit} {...props} />);
  return { ...view, user, onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit };
}

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await enterText(user, screen.getByLabelText(/^KPI/), 'Water use per tonne');
  await enterText(user, screen.getByLabelText(/^Gap Name/), 'No water meter');
  await enterText(user, screen.getByLabelText(/^Recommendation/), 'Install meters');
  await enterText(user, screen.getByLabelText(/^Responsibility/), 'Plant manager');
  await user.click(screen.getByLabelText('SDG6: Clean Water and Sanitation'));
}

const labelsOf = () =>
  ['Due Date', 'Timeline', 'ESG Aspect', 'Area Code', 'Currency', 'Amount'].filter(
    (label) => screen.queryByLabelText(new RegExp(`^${label}`)) !== null,
  );

describe('GapForm fields by form type', () => {
  it.each<[AuditForm, string[]]>([
    ['ap', ['Due Date', 'Timeline', 'ESG Aspect']],
    ['mp', ['Due Date', 'Timeline', 'ESG Aspect']],
    ['capa', ['Due Date', 'Timeline', 'Area Code', 'Currency', 'Amount']],
    ['recommendation', ['ESG Aspect']],
  ])('the %s form shows its own extra fields', (formType, extras) => {
    renderForm({ formType });
    for (const label of [
      'KPI',
      'Gap Name',
      'Recommendation',
      'Responsibility',
      'Action Taken By Company',
      'Residual Risk',
      'Risk Severity',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: /Impacted SDGs/ })).toBeInTheDocument();
    expect(labelsOf()).toEqual(extras);
  });

  it('offers the seventeen goals with their titles', () => {
    renderForm();
    const group = screen.getByRole('group', { name: /Impacted SDGs/ });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(17);
    expect(within(group).getByLabelText('SDG1: No Poverty')).toBeInTheDocument();
    expect(within(group).getByLabelText('SDG17: Partnerships for the Goals')).toBeInTheDocument();
  });

  it('offers low, moderate and high risk, moderate by default', () => {
    renderForm();
    const risk = screen.getByLabelText(/^Risk Severity/);
    expect(
      within(risk)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Low', 'Moderate', 'High']);
    expect(risk).toHaveDisplayValue('Moderate');
  });

  it('offers the three ESG aspects', () => {
    renderForm({ formType: 'recommendation' });
    const aspect = screen.getByLabelText(/^ESG Aspect/);
    expect(
      within(aspect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select ESG Aspect', 'Environmental', 'Social', 'Governance']);
  });

  it('offers US Dollar and Indian Rupee, and an amount from 0 in steps of 0.01', () => {
    renderForm({ formType: 'capa' });
    const currency = screen.getByLabelText(/^Currency/);
    expect(
      within(currency)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['US Dollar', 'Indian Rupee']);
    const amount = screen.getByLabelText(/^Amount/);
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('max', '999999999999.99');
  });

  it('refuses an amount past 999,999,999,999.99 with the message the API gives', async () => {
    const { user, onSubmit } = renderForm({ formType: 'capa' });
    await fillCommon(user);
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-07-01');
    await user.type(screen.getByLabelText(/^Area Code/), 'AC-7');
    await enterText(user, screen.getByLabelText(/^Amount/), '10000000000000000');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(await screen.findByText('Amount can be at most 999,999,999,999.99')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['-5', 'Amount must be at least 0'],
    ['12.345', 'Amount can have at most two decimals'],
  ])(
    'refuses the amount %s on its own, with its message beside the field',
    async (amount, message) => {
      const { user, onSubmit } = renderForm({ formType: 'capa' });
      await fillCommon(user);
      await enterText(user, screen.getByLabelText(/^Due Date/), '2026-07-01');
      await user.type(screen.getByLabelText(/^Area Code/), 'AC-7');
      await user.type(screen.getByLabelText(/^Amount/), amount);
      await user.click(screen.getByRole('button', { name: 'Add Gap' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByLabelText(/^Amount/)).toHaveAccessibleDescription(message);
      expect(screen.getByLabelText(/^Amount/)).toHaveValue(Number(amount));
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('refuses a KPI past 3,000 characters with the message the API gives, keeping what was typed', async () => {
    const { user, onSubmit } = renderForm({ formType: 'recommendation' });
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Environmental');
    const kpi = screen.getByLabelText<HTMLTextAreaElement>(/^KPI/);
    await user.clear(kpi);
    await user.click(kpi);
    await user.paste('k'.repeat(3001));
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(await screen.findByText('KPI can be at most 3,000 characters.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(kpi.value).toHaveLength(3001);
  });

  it('lets the due date be picked from tomorrow on', () => {
    renderForm();
    // The calendar the field opens offers tomorrow first.
    expect(calendarOf(screen.getByLabelText(/^Due Date/))).toHaveAttribute('min', '2026-06-16');
  });

  it('marks action taken and residual risk as required', () => {
    renderForm();
    expect(screen.getByLabelText(/^Action Taken By Company/)).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(screen.getByLabelText(/^Residual Risk/)).toHaveAttribute('aria-required', 'true');
  });

  it('reads "Add Gap" unless told otherwise, and shows Cancel only when it can cancel', async () => {
    const { unmount } = renderForm();
    expect(screen.getByRole('button', { name: 'Add Gap' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    unmount();

    const onCancel = jest.fn();
    const { user } = renderForm({ submitLabel: 'Create Action Plan', onCancel });
    expect(screen.getByRole('button', { name: 'Create Action Plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('renders the audit custom fields of the types it supports', () => {
    const customFields = [
      { id: 'f1', name: 'Site', type: 'text', placeholder: 'Plant or office' },
      { id: 'f2', name: 'Notes', type: 'textarea' },
      { id: 'f3', name: 'Headcount', type: 'number' },
      { id: 'f4', name: 'Region', type: 'select', options: [{ value: 'n', name: 'North' }] },
    ] as unknown as CustomField[];
    renderForm({ customFields });
    expect(screen.getByLabelText('Site')).toHaveAttribute('placeholder', 'Plant or office');
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Headcount')).toHaveAttribute('type', 'number');
    expect(screen.queryByLabelText('Region')).not.toBeInTheDocument();
  });
});

describe('GapForm rules', () => {
  it.each<[AuditForm, string[]]>([
    [
      'ap',
      [
        'KPI is required',
        'Gap name is required',
        'Recommendation is required',
        'Responsibility is required',
        'Due date is required',
        'ESG Aspect is required',
        'At least one impacted SDG is required',
      ],
    ],
    [
      'mp',
      [
        'KPI is required',
        'Gap name is required',
        'Recommendation is required',
        'Responsibility is required',
        'Due date is required',
        'ESG Aspect is required',
        'At least one impacted SDG is required',
      ],
    ],
    [
      'capa',
      [
        'KPI is required',
        'Gap name is required',
        'Recommendation is required',
        'Responsibility is required',
        'Due date is required',
        'Area Code is required',
        'At least one impacted SDG is required',
      ],
    ],
    [
      'recommendation',
      [
        'KPI is required',
        'Gap name is required',
        'Recommendation is required',
        'Responsibility is required',
        'ESG Aspect is required',
        'At least one impacted SDG is required',
      ],
    ],
  ])('an empty %s form shows every message and is not sent', async (formType, messages) => {
    const { user, onSubmit, container } = renderForm({ formType });
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    const shown = await screen.findAllByText(/is required$/);
    expect(shown.map((element) => element.textContent)).toEqual(messages);
    expect(container.querySelectorAll('.vui-field__error')).toHaveLength(messages.length);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^KPI/)).toHaveFocus();
  });

  it('sends a complete action plan gap, trimmed, with moderate risk, then empties the form', async () => {
    const { user, onSubmit } = renderForm();
    await fillCommon(user);
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-07-01');
    await enterText(user, screen.getByLabelText(/^Timeline/), '2026-07-15');
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Environmental');
    await enterText(user, screen.getByLabelText(/^Action Taken By Company/), '  Quotes requested ');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));

    await waitFor(() => expect(screen.getByLabelText(/^KPI/)).toHaveValue(''));
    expect(onSubmit).toHaveBeenCalledWith({
      KPI: 'Water use per tonne',
      gapName: 'No water meter',
      recommendation: 'Install meters',
      responsibility: 'Plant manager',
      actionTakenByCompany: 'Quotes requested',
      residualRisk: '',
      riskSeverity: 'moderate',
      impactedSDGs: ['SDG6'],
      dueDate: new Date(2026, 6, 1).toISOString(),
      timeline: new Date(2026, 6, 15).toISOString(),
      ESGAspect: 'Environmental',
      fields: {},
      addOns: {},
      // The lender fields left alone: none.
      esapItemNumber: null,
      requirementReferences: [],
      completionIndicator: null,
      resources: null,
      esapSection: null,
      timetable: null,
      conditionType: null,
      loanClause: null,
      // Due on a date, not relative to a milestone.
      dueMilestone: null,
      dueOffsetMonths: 0,
      dueOffsetDays: 0,
    });
    expect(screen.getByLabelText(/^KPI/)).toHaveValue('');
    expect(screen.getByLabelText('SDG6: Clean Water and Sanitation')).not.toBeChecked();
  });

  it('sends a gap due 6 months after financial close, with no due date of its own', async () => {
    const { user, onSubmit } = renderForm();
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Environmental');
    await user.click(screen.getByLabelText('Due relative to a milestone'));
    // The due date gives way to the milestone and the time after it.
    expect(screen.queryByLabelText(/^Due Date/)).toBeNull();
    expect(screen.getByLabelText(/^Milestone/)).toHaveValue('Financial close');
    await user.clear(screen.getByLabelText(/^Months after/));
    await enterText(user, screen.getByLabelText(/^Months after/), '601');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(
      await screen.findByText('Months after the milestone must be a whole number from 0 to 600.'),
    ).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^Months after/));
    await enterText(user, screen.getByLabelText(/^Months after/), '6');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent).toMatchObject({
      dueMilestone: 'Financial close',
      dueOffsetMonths: 6,
      dueOffsetDays: 0,
    });
    expect('dueDate' in sent).toBe(false);
  });

  it('shows a standard milestone in the language in use and sends its stored name', async () => {
    await act(() => switchLanguage('fr'));
    try {
      const values = initialGapFormValues({
        dueMilestone: 'First disbursement',
        dueOffsetMonths: 6,
      });
      expect(values.dueMilestone).toBe('Premier décaissement');
      expect(toGapInput(values, 'ap')).toMatchObject({
        dueMilestone: 'First disbursement',
        dueOffsetMonths: 6,
      });
      expect(toGapInput({ ...values, dueMilestone: 'Closing financier' }, 'ap')).toMatchObject({
        dueMilestone: 'Financial close',
      });
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('refuses a due date that is not in the future', async () => {
    const { user, onSubmit } = renderForm();
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Social');
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-06-15');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(await screen.findByText('Due date must be in the future')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Due Date/)).toHaveAccessibleDescription(
      'Due date must be in the future',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a due date later than the action plan timeline, and accepts one on it', async () => {
    const { user, onSubmit } = renderForm({
      planTimeline: new Date(2026, 6, 31).toISOString(),
    });
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Governance');
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-08-01');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(
      await screen.findByText('Gap due date cannot be later than Action Plan timeline'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Due Date/));
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-07-31');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('clears a field error as soon as the field is edited, leaving the others', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(await screen.findByText('KPI is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^KPI/), 'E');
    expect(screen.queryByText('KPI is required')).not.toBeInTheDocument();
    expect(screen.getByText('Gap name is required')).toBeInTheDocument();

    await user.click(screen.getByLabelText('SDG13: Climate Action'));
    expect(screen.queryByText('At least one impacted SDG is required')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Social');
    expect(screen.queryByText('ESG Aspect is required')).not.toBeInTheDocument();
  });

  it('sends a CAPA amount in the chosen currency, and a non-numeric amount as 0', async () => {
    const { user, onSubmit } = renderForm({ formType: 'capa' });
    await fillCommon(user);
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-07-01');
    await user.type(screen.getByLabelText(/^Area Code/), ' AC-7 ');
    await user.selectOptions(screen.getByLabelText(/^Currency/), 'Indian Rupee');
    await user.type(screen.getByLabelText(/^Amount/), '1250.75');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(screen.getByLabelText(/^KPI/)).toHaveValue(''));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ areaCode: 'AC-7', amount: { currency: 'INR', value: 1250.75 } }),
    );
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('ESGAspect');

    await fillCommon(user);
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-07-01');
    await user.type(screen.getByLabelText(/^Area Code/), 'AC-8');
    await user.type(screen.getByLabelText(/^Amount/), 'abc');
    await user.tab();
    expect(screen.getByLabelText(/^Amount/)).toHaveValue(0);
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ amount: { currency: 'USD', value: 0 } }),
    );
  });

  it('sends a recommendation without due date or timeline, with the chosen risk', async () => {
    const { user, onSubmit } = renderForm({ formType: 'recommendation' });
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Social');
    await user.selectOptions(screen.getByLabelText(/^Risk Severity/), 'High');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0]?.[0];
    expect(sent).toMatchObject({ riskSeverity: 'high', ESGAspect: 'Social' });
    expect(sent).not.toHaveProperty('dueDate');
    expect(sent).not.toHaveProperty('timeline');
  });

  it('sends custom field and add-on values with their names', async () => {
    const { user, onSubmit } = renderForm({
      formType: 'recommendation',
      customFields: [{ id: 'site', name: 'Site', type: 'text' }],
      addOnFields: [{ id: 'auditRef', name: 'Audit reference', type: 'text' }],
    });
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Social');
    await enterText(user, screen.getByLabelText('Site'), 'Pune plant');
    await user.type(screen.getByLabelText('Audit reference'), 'AR-12');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      fields: { site: { name: 'Site', value: 'Pune plant' } },
      addOns: { auditRef: { name: 'Audit reference', value: 'AR-12' } },
    });
  });

  it('submits with custom and add-on fields left blank', async () => {
    const { user, onSubmit } = renderForm({
      formType: 'recommendation',
      customFields: [{ id: 'site', name: 'Site', type: 'text' }],
      addOnFields: [{ id: 'audit-ref', name: 'Audit reference', type: 'text' }],
    });
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Social');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      fields: { site: { name: 'Site', value: '' } },
      addOns: { 'audit-ref': { name: 'Audit reference', value: '' } },
    });
  });

  it('keeps the typed values when the embedding reports a failure', async () => {
    const onSubmit = jest.fn().mockRejectedValue(new Error('Server down'));
    const { user } = renderForm({ formType: 'recommendation', onSubmit });
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Social');
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/^KPI/)).toHaveValue('Water use per tonne');
  });

  it('edits a gap whose due date has passed without refusing the kept date', async () => {
    const gap = {
      id: 'gap-1',
      KPI: 'Energy use',
      gapName: 'No audit',
      recommendation: 'Audit',
      responsibility: 'EHS head',
      actionTakenByCompany: '',
      residualRisk: 'Low',
      riskSeverity: 'high',
      impactedSDGs: ['SDG7'],
      dueDate: new Date(2026, 4, 1).toISOString(),
      timeline: null,
      ESGAspect: 'Environmental',
      fields: {},
      addOns: {},
    } as unknown as Gap;
    const { user, onSubmit } = renderForm({ initialGap: gap, submitLabel: 'Update Gap' });
    expect(screen.getByLabelText(/^KPI/)).toHaveValue('Energy use');
    expect(screen.getByLabelText(/^Due Date/)).toHaveValue('01/05/2026');
    expect(screen.getByLabelText(/^Risk Severity/)).toHaveDisplayValue('High');
    expect(screen.getByLabelText('SDG7: Affordable and Clean Energy')).toBeChecked();
    await user.clear(screen.getByLabelText(/^KPI/));
    await enterText(user, screen.getByLabelText(/^KPI/), 'Energy per unit');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ KPI: 'Energy per unit' }));
    expect(screen.getByLabelText(/^KPI/)).toHaveValue('Energy per unit');
  });

  it('has no accessibility violations, errors shown included', async () => {
    const { user, container } = renderForm({ formType: 'capa' });
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await screen.findByText('KPI is required');
    expect(await axe(container)).toHaveNoViolations();
  });
});
