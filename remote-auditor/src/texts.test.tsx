import { act, screen } from '@testing-library/react';
import { switchLanguage } from '@verity/session';
import { ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { AuditorDashboardScreen } from './features/auditor-dashboard';

afterEach(() => act(() => switchLanguage('en')));

describe("the auditor area's own texts", () => {
  it('show in the language in use, and again when it changes', async () => {
    onApi(
      'get',
      'dashboard/auditor',
      ok({
        projectsOverview: { totalProjects: 3, completed: 1, inProgress: 1, overdue: 1 },
        targetCompanyActionPlanStats: [],
      }),
    );
    renderScreen(<AuditorDashboardScreen auditorId="a1" />);
    expect(await screen.findByRole('group', { name: 'Total Target Companies' })).toHaveTextContent(
      '3',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await act(() => switchLanguage('tr'));
    expect(screen.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Toplam Hedef Şirket' })).toHaveTextContent('3');
    await act(() => switchLanguage('pt'));
    expect(screen.getByRole('group', { name: 'Em andamento' })).toHaveTextContent('1');
  });
});
