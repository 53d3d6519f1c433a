import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { file, ok, onApi, renderScreen, testUser } from '@verity/shared-ui/src/testing';
import { GrievanceRegisterScreen } from './grievance-register-screen';
import { dayFrom, makeGrievance, registerOf, withheld } from './grievance-fixtures';

const late = makeGrievance({
  id: 'grievance-2',
  targetCompanyName: 'Kivu Hydro Power',
  category: 'wagesAndBenefits',
  complainantType: 'worker',
  anonymous: true,
  complainantName: null,
  complainantContact: null,
  receivedOn: dayFrom(-12),
  acknowledgeDueOn: dayFrom(-5),
  acknowledgedOn: dayFrom(-2),
  resolveDueOn: dayFrom(18),
  daysToAcknowledge: 10,
  acknowledgeDaysLeft: -3,
  resolveDaysLeft: 18,
  late: true,
});

describe('GrievanceRegisterScreen', () => {
  it("lists the portfolio's grievances with identities withheld, counts them, filters them and downloads the CSV", async () => {
    const named = withheld(
      makeGrievance({
        acknowledgedOn: dayFrom(-1),
        daysToAcknowledge: 1,
        acknowledgeDaysLeft: 6,
      }),
    );
    const listed = onApi('get', 'client/grievances', ({ search }) =>
      ok(registerOf(search.late === 'true' ? [late] : [named, late])),
    );
    const csv = onApi('get', 'client/grievances/export/csv', file('id\n', 'grievances.csv'));
    const saved = jest.fn();
    URL.createObjectURL = jest.fn(() => 'blob:grievances');
    URL.revokeObjectURL = jest.fn();
    HTMLAnchorElement.prototype.click = saved;
    const { container } = renderScreen(
      <GrievanceRegisterScreen
        targetCompanyId={null}
        grievancePath={(grievance) => `/client/grievances/${grievance.id}`}
      />,
      { user: testUser() },
    );
    expect(screen.getByRole('heading', { name: 'Grievance register', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Grievances' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Identity withheld')).toBeVisible();
    expect(within(rows[1]!).getByText('Acknowledged')).toBeVisible();
    expect(within(rows[1]!).getByText('On time')).toBeVisible();
    expect(within(rows[2]!).getByText('Anonymous')).toBeVisible();
    expect(within(rows[2]!).getByText('Late by 3 days')).toBeVisible();
    expect(within(rows[2]!).getByText('Due in 18 days')).toBeVisible();
    expect(within(rows[2]!).getByText('Kivu Hydro Power')).toBeVisible();
    expect(within(rows[2]!).getByRole('link')).toHaveAttribute(
      'href',
      '/client/grievances/grievance-2',
    );
    expect(screen.queryByText(/María Fernanda/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Late' })).getByText('1')).toBeVisible();
    const byCategory = screen.getByRole('region', { name: 'By category' });
    expect(within(byCategory).getByText('Wages and benefits').nextSibling).toHaveTextContent('1');
    const byMonth = screen.getByRole('region', { name: 'By month received' });
    expect(within(byMonth).getByText('November 2026').nextSibling).toHaveTextContent(
      '2 received, 1 late',
    );
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Late only' }));
    await waitFor(() =>
      expect(listed).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: { late: 'true' } }),
      ),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(csv).toHaveBeenCalledTimes(1);
  });

  it("shows a named viewer the company's log with names, and says when no grievance matches", async () => {
    const listed = onApi('get', 'target-company/company-1/grievances', ({ search }) =>
      ok(registerOf(search.category === 'land' ? [] : [makeGrievance()])),
    );
    renderScreen(
      <GrievanceRegisterScreen
        targetCompanyId="company-1"
        grievancePath={(grievance) => `/target-company/grievances/${grievance.id}`}
      />,
      { user: testUser({ userType: 'targetCompany', role: 'owner', clientId: undefined }) },
    );
    const table = await screen.findByRole('table', { name: 'Grievances' });
    expect(within(table).queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(within(table).getByText('María Fernanda Choquehuanca Mamani de los Ríos')).toBeVisible();
    expect(within(table).getByText('Due in 5 days')).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Land and resettlement');
    expect(await screen.findByText('No grievances match these filters.')).toBeVisible();
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { category: 'land' } }),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
