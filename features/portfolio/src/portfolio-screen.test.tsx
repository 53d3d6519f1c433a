import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { PortfolioGap } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { fails, ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { PortfolioScreen } from './portfolio-screen';
import { ACME, PORTFOLIO } from './portfolio-test-fixtures';

const gapHref = (gap: PortfolioGap) => `/client/plans/${gap.actionPlanId}?gap_id=${gap.id}`;

function renderPortfolio() {
  return renderScreen(<PortfolioScreen explorerPath="/client/portfolio/gaps" gapHref={gapHref} />, {
    path: '/client/portfolio',
    route: '/client/portfolio',
  });
}

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('PortfolioScreen', () => {
  beforeEach(() => {
    onApi('get', 'portfolio', ok(PORTFOLIO));
  });

  it('shows the totals, each a link to the gaps it counts', async () => {
    renderPortfolio();
    expect(screen.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    const open = await screen.findByRole('link', { name: 'Open gaps: 7' });
    expect(open).toHaveAttribute(
      'href',
      '/client/portfolio/gaps?status=open&status=overdue&status=pending&status=provClosed',
    );
    expect(hrefOf('Overdue gaps: 3')).toBe('/client/portfolio/gaps?status=overdue');
    expect(hrefOf('Open conditions precedent: 12')).toBe(
      '/client/portfolio/gaps?conditionType=precedent&status=open&status=overdue&status=pending&status=provClosed',
    );
  });

  it('shows the company × requirement matrix with the worst risk and overdue counts, each a link', async () => {
    renderPortfolio();
    const matrix = await screen.findByRole('table', {
      name: /Open gaps per company and requirement/,
    });
    const headers = within(matrix)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Company', 'IFC PS1', 'IFC PS3', 'Environment']);
    // A company without open gaps has no row.
    expect(within(matrix).queryByText('Blue River Textiles')).not.toBeInTheDocument();
    const cell = within(matrix).getByRole('link', {
      name: 'Acme Steel Ltd, IFC PS3: 4 open, worst risk High',
    });
    expect(cell).toHaveTextContent('4');
    expect(cell.closest('td')).toHaveAttribute('data-risk', 'high');
    expect(cell).toHaveAttribute(
      'href',
      `/client/portfolio/gaps?targetCompanyId=${ACME}&requirement=IFC+PS3&status=open&status=overdue&status=pending&status=provClosed`,
    );
    expect(
      within(matrix).getByRole('link', { name: 'Acme Steel Ltd, IFC PS3: 3 overdue' }),
    ).toHaveAttribute(
      'href',
      `/client/portfolio/gaps?targetCompanyId=${ACME}&requirement=IFC+PS3&status=overdue`,
    );
    expect(
      within(matrix).queryByRole('link', { name: 'Acme Steel Ltd, IFC PS1: 0 overdue' }),
    ).not.toBeInTheDocument();
    expect(
      within(matrix).getByRole('link', {
        name: 'Acme Steel Ltd, Environment: 1 open, worst risk Low',
      }),
    ).toHaveAttribute('href', expect.stringContaining('requirement=environment'));
  });

  it('shows all 17 SDGs by their titles and the four ageing buckets, each count a link', async () => {
    renderPortfolio();
    const sdgs = await screen.findByRole('list', { name: 'Open gaps by SDG' });
    expect(within(sdgs).getAllByRole('listitem')).toHaveLength(17);
    expect(
      within(sdgs).getByRole('link', { name: '6. Clean Water and Sanitation: 5' }),
    ).toHaveAttribute(
      'href',
      '/client/portfolio/gaps?sdg=SDG6&status=open&status=overdue&status=pending&status=provClosed',
    );
    const ageing = screen.getByRole('list', { name: 'Overdue ageing' });
    expect(
      within(ageing)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['1–30 days: 1', '31–90 days: 0', '91–180 days: 0', 'Over 180 days: 2']);
    expect(within(ageing).getByRole('link', { name: 'Over 180 days: 2' })).toHaveAttribute(
      'href',
      '/client/portfolio/gaps?overdueAge=181%2B',
    );
  });

  it('shows closure on time by quarter as a share, with the on-time and due counts as links', async () => {
    renderPortfolio();
    const table = await screen.findByRole('table', { name: /closed by their due date/ });
    const overall = within(table).getByRole('row', { name: /All companies/ });
    expect(overall).toHaveTextContent('75%');
    expect(
      within(overall).getByRole('link', { name: 'All companies, 2026-Q1: 3 closed on time' }),
    ).toHaveAttribute(
      'href',
      '/client/portfolio/gaps?dueFrom=2026-01-01&dueTo=2026-03-31&closure=onTime',
    );
    expect(
      within(overall).getByRole('link', { name: 'All companies, 2026-Q1: 4 due' }),
    ).toHaveAttribute(
      'href',
      '/client/portfolio/gaps?dueFrom=2026-01-01&dueTo=2026-03-31&closure=onTime&closure=late',
    );
    expect(within(overall).getByLabelText('All companies, 2026-Q2: none due')).toBeInTheDocument();
    const acme = within(table).getByRole('row', { name: /Acme Steel Ltd/ });
    expect(
      within(acme).getByRole('link', { name: 'Acme Steel Ltd, 2026-Q1: 4 due' }),
    ).toHaveAttribute(
      'href',
      `/client/portfolio/gaps?targetCompanyId=${ACME}&dueFrom=2026-01-01&dueTo=2026-03-31&closure=onTime&closure=late`,
    );
  });

  it("shows the figures in the user's language, each count in the language's order and plural", async () => {
    renderPortfolio();
    const table = await screen.findByRole('table', { name: /closed by their due date/ });
    try {
      await act(() => switchLanguage('tr'));
      expect(screen.getByRole('heading', { level: 1, name: 'Portföy' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Açık bulgular: 7' })).toBeInTheDocument();
      const overall = within(table).getByRole('row', { name: /Tüm şirketler/ });
      expect(overall).toHaveTextContent('4 bulgudan 3');
      await act(() => switchLanguage('ar'));
      expect(
        within(overall).getByRole('link', {
          name: 'جميع الشركات، 2026-Q1: 3 فجوات أُغلقت في الموعد',
        }),
      ).toBeInTheDocument();
      await act(() => switchLanguage('fr'));
      expect(
        screen.getByRole('link', {
          name: 'Acme Steel Ltd, IFC PS3\u00a0: 4 ouverts, risque le plus élevé\u00a0: Élevé',
        }),
      ).toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
    expect(within(table).getByRole('row', { name: /All companies/ })).toHaveTextContent('3 of 4');
  });

  it('lists the most overdue high-risk gaps and the open conditions precedent, each opening its gap', async () => {
    const view = renderPortfolio();
    const mostOverdue = await screen.findByRole('table', { name: 'Most overdue high-risk gaps' });
    const row = within(mostOverdue).getByRole('row', { name: /Wastewater discharge above permit/ });
    expect(row).toHaveTextContent('Acme Steel Ltd');
    expect(row).toHaveTextContent('High');
    expect(row).toHaveTextContent('269');
    expect(
      within(row).getByRole('link', { name: 'Wastewater discharge above permit' }),
    ).toHaveAttribute('href', '/client/plans/plan-1?gap_id=gap-1');
    expect(screen.getByRole('link', { name: 'Open in the gap explorer' })).toHaveAttribute(
      'href',
      '/client/portfolio/gaps?risk=high&status=overdue&sort=dueDate',
    );
    expect(screen.getByRole('link', { name: 'Show all 12' })).toHaveAttribute(
      'href',
      '/client/portfolio/gaps?conditionType=precedent&status=open&status=overdue&status=pending&status=provClosed',
    );
    await userEvent.click(
      within(row).getByRole('link', { name: 'Wastewater discharge above permit' }),
    );
    expect(view.location()).toBe('/client/plans/plan-1?gap_id=gap-1');
  });

  it('says when nothing is open and no high-risk gap is overdue', async () => {
    onApi(
      'get',
      'portfolio',
      ok({
        ...PORTFOLIO,
        companies: PORTFOLIO.companies.map((company) => ({ ...company, open: 0, overdue: 0 })),
        requirements: [],
        matrix: [],
        mostOverdueHighRisk: [],
        conditionsPrecedent: { open: 0, gaps: [] },
      }),
    );
    renderPortfolio();
    expect(await screen.findByText('No open gaps.')).toBeInTheDocument();
    expect(screen.getByText('No high-risk gap is overdue.')).toBeInTheDocument();
    expect(screen.getByText('No open condition precedent.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it("shows the server's message for a 503 and 'Something went wrong' otherwise", async () => {
    onApi('get', 'portfolio', fails(503, 'Verity is busy; try again in a moment.'));
    renderPortfolio();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verity is busy; try again in a moment.',
    );
  });

  it('has no accessibility violations', async () => {
    const { container } = renderPortfolio();
    await screen.findByRole('table', { name: 'Most overdue high-risk gaps' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
