import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { PortfolioGap } from '@verity/shared-api';
import { saveBlob } from '@verity/shared-api/src/calls/csv-export';
import { fails, file, ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { GapExplorerScreen } from './gap-explorer-screen';
import { ACME, PORTFOLIO, portfolioGap } from './portfolio-test-fixtures';

// Saving a file is the browser's download, not the network: the export's request is answered below.
jest.mock('@verity/shared-api/src/calls/csv-export', () => ({
  ...jest.requireActual<object>('@verity/shared-api/src/calls/csv-export'),
  saveBlob: jest.fn(),
}));

const gapHref = (gap: PortfolioGap) => `/client/plans/${gap.actionPlanId}?gap_id=${gap.id}`;

const rows = Array.from({ length: 20 }, (_, index) =>
  portfolioGap({ id: `gap-${index + 1}`, gapName: `Finding ${index + 1}` }),
);
// An item due by first disbursement, whose date the client has not set: waiting, not overdue.
rows[4] = portfolioGap({
  id: 'gap-5',
  gapName: 'Finding 5',
  dueDate: null,
  dueMilestone: 'First disbursement',
  displayStatus: 'open',
  daysOverdue: null,
});

function renderExplorer(search = '') {
  return renderScreen(<GapExplorerScreen portfolioPath="/client/portfolio" gapHref={gapHref} />, {
    path: `/client/portfolio/gaps${search}`,
    route: '/client/portfolio/gaps',
  });
}

let listed: jest.Mock;
beforeEach(() => {
  jest.mocked(saveBlob).mockClear();
  onApi('get', 'portfolio', ok(PORTFOLIO));
  listed = onApi('get', 'portfolio/gaps', ok({ gaps: rows, total: 45, page: 1, pageSize: 20 }));
});

describe('GapExplorerScreen', () => {
  it('asks for the filters of its address and shows the total and the rows, each opening its gap', async () => {
    const view = renderExplorer(
      `?targetCompanyId=${ACME}&requirement=IFC+PS3&status=open&status=overdue`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Gap explorer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute(
      'href',
      '/client/portfolio',
    );
    expect(await screen.findByText('45 gaps')).toHaveAttribute('role', 'status');
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({
        query: `targetCompanyId=${ACME}&requirement=IFC+PS3&status=open&status=overdue`,
      }),
    );
    const row = screen.getByRole('row', { name: /Finding 3\b/ });
    expect(row).toHaveTextContent('Acme Steel Ltd');
    expect(row).toHaveTextContent('GreenAudit Partners');
    expect(row).toHaveTextContent('Overdue');
    expect(row).toHaveTextContent('IFC PS3');
    // The item's ESAP section above its number.
    expect(row).toHaveTextContent('PR3 Resource Efficiency and Pollution Prevention and Control');
    const waiting = screen.getByRole('row', { name: /Finding 5\b/ });
    expect(waiting).toHaveTextContent('Waiting for first disbursement');
    expect(waiting).not.toHaveTextContent('Overdue');
    // The filters show what the address says.
    expect(
      await screen.findByRole('option', { name: 'Acme Steel Ltd', selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Requirement' })).toHaveValue('IFC PS3');
    expect(screen.getByRole('checkbox', { name: 'Overdue' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Closed' })).not.toBeChecked();
    await userEvent.click(within(row).getByRole('link', { name: '3.1 Finding 3' }));
    expect(view.location()).toBe('/client/plans/plan-1?gap_id=gap-3');
  });

  it('puts a changed filter in the address and starts again at the first page', async () => {
    const view = renderExplorer('?status=overdue&page=3');
    await screen.findByRole('row', { name: /Finding 1\b/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'High' }));
    expect(view.location()).toBe('/client/portfolio/gaps?status=overdue&risk=high');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Overdue' }));
    expect(view.location()).toBe('/client/portfolio/gaps?risk=high');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Overdue by' }),
      'Over 180 days',
    );
    expect(view.location()).toBe('/client/portfolio/gaps?risk=high&overdueAge=181%2B');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Closure' }),
      'Due (on time or late)',
    );
    expect(view.location()).toContain('closure=onTime&closure=late');
    await waitFor(() =>
      expect(listed).toHaveBeenLastCalledWith(
        expect.objectContaining({
          query: 'risk=high&overdueAge=181%2B&closure=onTime&closure=late',
        }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(view.location()).toBe('/client/portfolio/gaps');
  });

  it('sorts by a column, then the other way, marking the sorted column', async () => {
    const view = renderExplorer();
    await screen.findByRole('row', { name: /Finding 1\b/ });
    expect(screen.getByRole('columnheader', { name: /Due date/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Risk' }));
    expect(view.location()).toBe('/client/portfolio/gaps?sort=risk&order=asc');
    expect(screen.getByRole('columnheader', { name: /Risk/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Risk' }));
    expect(view.location()).toBe('/client/portfolio/gaps?sort=risk&order=desc');
    expect(screen.getByRole('columnheader', { name: /Risk/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Due date/ })).not.toHaveAttribute('aria-sort');
  });

  it('pages through the gaps with the page in the address', async () => {
    const view = renderExplorer('?status=overdue');
    expect(await screen.findByText('1–20 of 45 gaps')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(view.location()).toBe('/client/portfolio/gaps?status=overdue&page=2');
    await waitFor(() =>
      expect(listed).toHaveBeenLastCalledWith(
        expect.objectContaining({ query: 'status=overdue&page=2' }),
      ),
    );
  });

  it('exports exactly the filtered rows, without the page', async () => {
    const exported = onApi(
      'get',
      'portfolio/gaps/export/csv',
      file('\uFEFFTarget Company\n', 'portfolio_gaps_2026-11-27.csv'),
    );
    renderExplorer('?risk=high&status=overdue&page=2');
    await screen.findByRole('row', { name: /Finding 1\b/ });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'portfolio_gaps_2026-11-27.csv'),
    );
    expect(exported).toHaveBeenCalledWith(
      expect.objectContaining({ query: 'risk=high&status=overdue' }),
    );
  });

  it("says 'No gaps match these filters.' and offers no export when none do", async () => {
    onApi('get', 'portfolio/gaps', ok({ gaps: [], total: 0, page: 1, pageSize: 20 }));
    renderExplorer('?sdg=SDG14');
    expect(await screen.findByText('No gaps match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it("shows the server's message for a bad filter typed into the address", async () => {
    onApi('get', 'portfolio/gaps', fails(400, "'Due from' must not be after 'Due to'."));
    renderExplorer('?dueFrom=2026-06-02&dueTo=2026-06-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "'Due from' must not be after 'Due to'.",
    );
  });

  it('folds the filters on a phone, saying how many are chosen, so the gaps come first', async () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query === '(max-width: 40rem)' }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      renderExplorer('?status=overdue&risk=high');
      const summary = screen.getByText('Filters (2 chosen)');
      const panel = summary.closest('details')!;
      expect(panel.open).toBe(false);
      expect(await screen.findByRole('row', { name: /Finding 3\b/ })).toBeVisible();
      await userEvent.click(summary);
      expect(panel.open).toBe(true);
      expect(screen.getByRole('checkbox', { name: 'Overdue' })).toBeChecked();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('shows the filters open on a wider screen', async () => {
    renderExplorer();
    const summary = screen.getByText('Filters');
    expect(summary.closest('details')!.open).toBe(true);
    expect(await screen.findByText('45 gaps')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = renderExplorer('?status=overdue');
    await screen.findByRole('row', { name: /Finding 1\b/ });
    expect(await axe(container)).toHaveNoViolations();
  });
});
