import { render, screen } from '@testing-library/react';
import { makeGap } from '../testing/fixtures';
import { GapFields } from './gap-fields';

/** The text of the detail named `term`. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('a gap due relative to a milestone in the Gap Details panel', () => {
  it.each([
    [null, 'Waiting for financial close', 'Open'],
    ['2026-10-01T00:00:00.000Z', 'Oct 01, 2026', 'Overdue'],
  ] as const)('due %s shows "%s"', (dueDate, shown, status) => {
    render(
      <GapFields
        gap={makeGap({
          dueDate,
          dueMilestone: 'Financial close',
          dueOffsetMonths: 6,
          displayStatus: dueDate ? 'overdue' : 'open',
          conditionType: 'subsequent',
          loanClause: 'Clause 21.3(b)',
        })}
      />,
    );
    expect(detail('Due Date')).toHaveTextContent(shown);
    expect(detail('Due Relative To')).toHaveTextContent('6 months after financial close');
    expect(detail('Status')).toHaveTextContent(status);
    expect(detail('Loan Agreement Clause')).toHaveTextContent('Clause 21.3(b)');
  });
});
