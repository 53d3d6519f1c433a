import { act, render, screen } from '@testing-library/react';
import { switchLanguage } from '@verity/session';
import type { StatusHistoryEntry } from '@verity/shared-api';
import { StatusHistory } from './gap-details/status-history';
import { t } from './texts';

afterEach(() => act(() => switchLanguage('en')));

describe("the design system's texts", () => {
  it('show again in the language chosen, values and plurals included', async () => {
    render(<StatusHistory entries={[] as StatusHistoryEntry[]} />);
    expect(screen.getByText('No status changes yet')).toBeInTheDocument();
    await act(() => switchLanguage('fr'));
    expect(screen.getByText('Aucun changement de statut pour l’instant')).toBeInTheDocument();
    expect(t('ui.gapDetails.earlierRemarks', { count: 2 })).toBe(
      'Afficher 2 remarques précédentes',
    );
    await act(() => switchLanguage('ar'));
    expect(t('ui.gapDetails.earlierRemarks', { count: 2 })).toBe('عرض ملاحظتين سابقتين');
    expect(screen.getByText('لا توجد تغييرات في الحالة بعد')).toBeInTheDocument();
  });
});
