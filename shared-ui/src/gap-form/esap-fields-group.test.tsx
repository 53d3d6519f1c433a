import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { AuditForm, GapInput } from '@verity/shared-api';
import { makeGap } from '../testing/fixtures';
import { GapForm, type GapFormProps } from './gap-form';
import { restoreGapFormValues } from './gap-form-values';
import { enterText } from '../testing';

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
  return { ...view, user, onSubmit };
}

/** The required fields of each form type, filled. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>, formType: AuditForm) {
  await enterText(user, screen.getByLabelText(/^KPI/), 'Water use per tonne');
  await enterText(user, screen.getByLabelText(/^Gap Name/), 'No water meter');
  await enterText(user, screen.getByLabelText(/^Recommendation/), 'Install meters');
  await enterText(user, screen.getByLabelText(/^Responsibility/), 'Plant manager');
  await user.click(screen.getByLabelText('SDG6: Clean Water and Sanitation'));
  if (formType !== 'recommendation') {
    await enterText(user, screen.getByLabelText(/^Due Date/), '2026-07-01');
  }
  if (formType === 'capa') await user.type(screen.getByLabelText(/^Area Code/), 'AC-1');
  else await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Social');
}

const toggle = () => screen.getByRole('button', { name: /Lender fields \(ESAP\)/ });

describe('the gap form’s lender (ESAP) fields', () => {
  it.each<AuditForm>(['ap', 'capa', 'mp', 'recommendation'])(
    'are an optional, closed group on the %s form that the keyboard opens and fills',
    async (formType) => {
      const { user, onSubmit } = renderForm({ formType });
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByLabelText('ESAP Item No.')).not.toBeInTheDocument();

      await fillRequired(user, formType);
      // Keyboard only: focus the toggle, Enter opens it, Tab moves through the fields.
      toggle().focus();
      await user.keyboard('{Enter}');
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      await user.tab();
      expect(screen.getByLabelText('ESAP Item No.')).toHaveFocus();
      await user.keyboard(' 1.2 ');
      await enterText(user, screen.getByLabelText(/^Timetable/), 'Prior to first disbursement');
      // The loan clause is asked once the item is a condition precedent or subsequent.
      expect(screen.queryByLabelText(/^Loan Agreement Clause/)).not.toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Condition Type'), 'Condition precedent');
      await enterText(user, screen.getByLabelText(/^Loan Agreement Clause/), ' Clause 21.3(b) ');
      await enterText(user, screen.getByLabelText('Completion Indicator'), 'ESMS manual approved');
      await enterText(user, screen.getByLabelText('Resources'), 'Consultant EUR 15,000');

      const references = screen.getByRole('group', { name: 'Requirement References' });
      // Ticked with the space bar, in any order; sent in the list's order.
      within(references).getByLabelText('EP4').focus();
      await user.keyboard(' ');
      within(references).getByLabelText('IFC PS1').focus();
      await user.keyboard(' ');
      expect(within(references).getByLabelText('IFC PS1')).toBeChecked();
      expect(toggle()).toHaveTextContent('7 set');

      await user.click(screen.getByRole('button', { name: 'Add Gap' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
        esapItemNumber: '1.2',
        requirementReferences: ['IFC PS1', 'EP4'],
        completionIndicator: 'ESMS manual approved',
        resources: 'Consultant EUR 15,000',
        timetable: 'Prior to first disbursement',
        conditionType: 'precedent',
        loanClause: 'Clause 21.3(b)',
      });
    },
  );

  it('offers every reference in its family, and the condition types with an empty choice', async () => {
    const { user } = renderForm();
    await user.click(toggle());
    const references = screen.getByRole('group', { name: 'Requirement References' });
    expect(within(references).getAllByRole('checkbox')).toHaveLength(30);
    for (const family of [
      'IFC Performance Standards',
      'EBRD Performance Requirements',
      'Equator Principles',
      'Other',
    ]) {
      expect(within(references).getByRole('group', { name: family })).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('group', { name: 'EBRD Performance Requirements' }))
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(Array.from({ length: 10 }, (_, index) => `EBRD PR${index + 1}`));
    expect(
      within(screen.getByLabelText('Condition Type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'No condition type',
      'Condition precedent',
      'Condition subsequent',
      'Ongoing',
      'Recurring',
    ]);
  });

  it('opens itself on a lender field in error and moves the focus there', async () => {
    const { user, onSubmit } = renderForm();
    await fillRequired(user, 'ap');
    await user.click(toggle());
    await enterText(user, screen.getByLabelText('ESAP Item No.'), '1'.repeat(21));
    await user.click(toggle());
    expect(screen.queryByLabelText('ESAP Item No.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    const itemNumber = await screen.findByLabelText('ESAP Item No.');
    expect(itemNumber).toHaveAccessibleDescription('ESAP Item No. can be at most 20 characters.');
    await waitFor(() => expect(itemNumber).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an edited gap’s lender values open, and sends a cleared value as none', async () => {
    const gap = makeGap({
      esapItemNumber: '2.1',
      requirementReferences: ['EBRD PR1'],
      timetable: 'Annually within 60 days of year-end',
      conditionType: 'recurring',
      completionIndicator: 'Annual monitoring report',
    });
    const { user, onSubmit } = renderForm({ initialGap: gap, submitLabel: 'Update Gap' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('ESAP Item No.')).toHaveValue('2.1');
    expect(screen.getByLabelText(/^Timetable/)).toHaveValue('Annually within 60 days of year-end');
    expect(screen.getByLabelText('Condition Type')).toHaveDisplayValue('Recurring');
    expect(screen.getByLabelText('EBRD PR1')).toBeChecked();
    await user.clear(screen.getByLabelText('ESAP Item No.'));
    await user.selectOptions(screen.getByLabelText('Condition Type'), 'No condition type');
    await user.click(screen.getByLabelText('EBRD PR1'));
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      esapItemNumber: null,
      requirementReferences: [],
      conditionType: null,
      timetable: 'Annually within 60 days of year-end',
    });
  });

  it('reads a kept draft back with known references and condition types only', () => {
    const restored = restoreGapFormValues({
      esapItemNumber: '3.1',
      requirementReferences: ['IFC PS1', 'IFC PS99', 4],
      timetable: 'Quarterly',
      conditionType: 'whenever',
    });
    expect(restored).toMatchObject({
      esapItemNumber: '3.1',
      requirementReferences: ['IFC PS1'],
      completionIndicator: '',
      timetable: 'Quarterly',
      conditionType: '',
    });
  });

  it('has no accessibility violations, open and in error', async () => {
    const { user, container } = renderForm();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(toggle());
    await enterText(user, screen.getByLabelText(/^Timetable/), 'x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(await screen.findByText('Timetable can be at most 500 characters.')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });
});
