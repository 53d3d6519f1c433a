import { render, screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { RevisionDifferences as Differences } from '@verity/shared-api';
import { RevisionDifferences } from './revision-differences';

const DIFFERENCES: Differences = {
  added: [{ itemNumber: '2.3', gapName: 'İSG yönetimi eksik', row: 7 }],
  changed: [
    {
      itemNumber: '1.2',
      gapId: 'gap-12',
      row: 3,
      renumberedFrom: null,
      reinstated: false,
      changes: [
        {
          field: 'dueDate',
          oldValue: '2027-06-30T00:00:00.000Z',
          newValue: '2027-09-30T00:00:00.000Z',
        },
        { field: 'completionIndicator', oldValue: null, newValue: 'PEPP publié' },
      ],
    },
    {
      itemNumber: '4.2',
      gapId: 'gap-41',
      row: 9,
      renumberedFrom: '4.1',
      reinstated: false,
      changes: [{ field: 'esapItemNumber', oldValue: '4.1', newValue: '4.2' }],
    },
  ],
  dropped: [{ itemNumber: '3.1', gapId: 'gap-31', gapName: 'Consommation d’énergie élevée' }],
  unchanged: 4,
};

describe('RevisionDifferences', () => {
  it('lists the new, changed (old → new, in the form’s words), dropped and unchanged items', async () => {
    const { container } = render(<RevisionDifferences differences={DIFFERENCES} idPrefix="rev" />);
    expect(screen.getByRole('list', { name: 'New (1)' })).toHaveTextContent(
      'Item 2.3 İSG yönetimi eksik',
    );
    const changed = within(screen.getByRole('list', { name: 'Changed (2)' })).getAllByRole(
      'listitem',
    );
    expect(changed[0]).toHaveTextContent(/Item 1\.2.*Jun 30, 2027 → Sep 30, 2027/);
    expect(changed[0]).toHaveTextContent('(empty) → PEPP publié');
    expect(changed[1]).toHaveTextContent('renumbered 4.1 → 4.2');
    expect(screen.getByRole('list', { name: 'Dropped (1)' })).toHaveTextContent(
      'Item 3.1 Consommation d’énergie élevée',
    );
    expect(screen.getByText('Unchanged: 4 items')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });
});
