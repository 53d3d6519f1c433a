import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { useQueryClient } from '@tanstack/react-query';
import { getAuditorTargetCompanies } from '@verity/shared-api/calls';
import { queryKeys } from '@verity/query';
import { switchLanguage } from '@verity/session';
import { targetCompanyCardLinks } from './target-company-links';
import { TargetCompaniesScreen, type TargetCompaniesScreenProps } from './target-companies-screen';
import { apiTargetCompany, fails, ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';

const acme = apiTargetCompany({
  _id: 'tc-acme',
  targetCompanyName: 'Acme Steel Ltd',
  registeredName: 'Acme Steel Private Limited',
  emailId: 'esg@acmesteel.example',
  companyType: 'borrower',
  createdAt: '2025-02-03T10:00:00.000Z',
});
const blueRiver = apiTargetCompany({
  _id: 'tc-blue',
  targetCompanyName: 'Blue River Textiles',
  registeredName: 'Blue River Textiles GmbH',
  emailId: 'sustainability@blueriver.example',
  companyType: 'sister_concern',
  createdAt: '2025-03-11T10:00:00.000Z',
});

const clientOwner = { role: 'owner', userType: 'client' } as const;
const auditorAdmin = { role: 'admin', userType: 'auditor' } as const;

function renderCompanies(props: Partial<TargetCompaniesScreenProps> = {}) {
  return renderScreen(
    <TargetCompaniesScreen cardLinks={targetCompanyCardLinks(clientOwner)} {...props} />,
    { path: '/client/target-companies', route: '/client/target-companies' },
  );
}

function card(name: string) {
  return screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;
}

let listed: jest.Mock;
beforeEach(() => {
  listed = onApi('get', 'target-company', ok({ targetCompanies: [acme, blueRiver] }));
});

describe('TargetCompaniesScreen', () => {
  it('shows the total and a card per company with its details', async () => {
    renderCompanies();
    expect(screen.getByRole('heading', { level: 1, name: 'Target Companies' })).toBeInTheDocument();
    await screen.findByText('Blue River Textiles');
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    const article = within(card('Blue River Textiles'));
    expect(article.getByText('Blue River Textiles GmbH')).toBeInTheDocument();
    expect(article.getByText('sustainability@blueriver.example')).toBeInTheDocument();
    expect(article.getByText('Sister Concern')).toBeInTheDocument();
    expect(article.getByText('Mar 11, 2025')).toBeInTheDocument();
  });

  it('shows the list in Spanish, the companies as their users wrote them', async () => {
    await switchLanguage('es');
    try {
      renderCompanies();
      expect(
        screen.getByRole('heading', { level: 1, name: 'Empresas objetivo' }),
      ).toBeInTheDocument();
      await screen.findByText('Blue River Textiles');
      expect(screen.getByText('Total: 2')).toBeInTheDocument();
      const article = within(card('Blue River Textiles'));
      expect(article.getByText('Razón social')).toBeInTheDocument();
      expect(article.getByRole('link', { name: 'Ver auditoría' })).toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it("links a client's cards to the dashboard and 'View Audit', without 'Create Audit'", async () => {
    renderCompanies();
    await screen.findByText('Acme Steel Ltd');
    const acmeCard = within(card('Acme Steel Ltd'));
    expect(acmeCard.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/client/target-companies/tc-acme/dashboard',
    );
    expect(acmeCard.getByRole('link', { name: 'View Audit' })).toHaveAttribute(
      'href',
      '/client/target-companies/tc-acme/auditors',
    );
    expect(acmeCard.queryByRole('link', { name: 'Create Audit' })).not.toBeInTheDocument();
  });

  it("gives auditors 'Create Audit' and hides the dashboard link", async () => {
    renderCompanies({ cardLinks: targetCompanyCardLinks(auditorAdmin) });
    await screen.findByText('Acme Steel Ltd');
    const acmeCard = within(card('Acme Steel Ltd'));
    expect(acmeCard.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(acmeCard.getByRole('link', { name: 'View Audit' })).toBeInTheDocument();
    expect(acmeCard.getByRole('link', { name: 'Create Audit' })).toHaveAttribute(
      'href',
      '/client/target-companies/tc-acme/create-audit',
    );
  });

  it("shows the auditor area's Audits link from its own call", async () => {
    const firmCompanies = onApi(
      'get',
      'auditor/target-company',
      ok({ targetCompanies: [blueRiver] }),
    );
    renderScreen(
      <TargetCompaniesScreen
        cardLinks={['audits']}
        load={(query) => getAuditorTargetCompanies({ ...query, auditorId: 'firm-1' })}
        queryKey={queryKeys.targetCompanies({ auditorId: 'firm-1' })}
      />,
      { path: '/auditor/target-companies', route: '/auditor/target-companies' },
    );
    await screen.findByText('Blue River Textiles');
    expect(firmCompanies).toHaveBeenCalledWith(
      expect.objectContaining({ search: { auditorId: 'firm-1' } }),
    );
    expect(listed).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Audits' })).toHaveAttribute(
      'href',
      '/auditor/target-companies/tc-blue/audits',
    );
    expect(screen.getByText('Total: 1')).toBeInTheDocument();
  });

  it("shows 'Add Target Company' only when the area gives onAdd, and calls it", async () => {
    const user = userEvent.setup();
    const onAdd = jest.fn();
    const { unmount } = renderCompanies();
    await screen.findByText('Acme Steel Ltd');
    expect(screen.queryByRole('button', { name: 'Add Target Company' })).not.toBeInTheDocument();
    unmount();

    renderCompanies({ onAdd });
    await user.click(screen.getByRole('button', { name: 'Add Target Company' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it("shows the area's own header actions beside the list", async () => {
    renderCompanies({ actions: <a href="/portfolio">Portfolio</a> });
    await screen.findByText('Acme Steel Ltd');
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
  });

  it('asks the server for the search text and shows the companies it finds', async () => {
    const found: Record<string, unknown[]> = { textiles: [blueRiver], borrower: [acme] };
    listed = onApi('get', 'target-company', ({ search }) => {
      const companies = search.search ? (found[search.search] ?? []) : [acme, blueRiver];
      return ok({ targetCompanies: companies, total: companies.length });
    });
    const user = userEvent.setup();
    renderCompanies();
    await screen.findByText('Acme Steel Ltd');
    const search = screen.getByRole('searchbox', { name: 'Search Target Companies...' });
    await user.type(search, 'textiles');
    await waitFor(() => expect(screen.queryByText('Acme Steel Ltd')).not.toBeInTheDocument());
    expect(screen.getByText('Blue River Textiles')).toBeInTheDocument();
    // The total stays the count of all the companies, as before the search.
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { search: 'textiles' } }),
    );
    await user.clear(search);
    await user.type(search, 'borrower');
    expect(await screen.findByText('Acme Steel Ltd')).toBeInTheDocument();
    expect(screen.queryByText('Blue River Textiles')).not.toBeInTheDocument();
    await user.type(search, ' nothing');
    expect(await screen.findByText('No targetCompanies found')).toBeInTheDocument();
  });

  it('pages through the cards, keeping the page in the address', async () => {
    listed = onApi('get', 'target-company', ({ search }) => {
      const page = Number(search.page ?? '1');
      const company = apiTargetCompany({
        _id: `tc-p${page}`,
        targetCompanyName: `Company on page ${page}`,
      });
      return ok({ targetCompanies: [company], total: 45, page, pageSize: 20 });
    });
    const user = userEvent.setup();
    const view = renderCompanies();
    expect(await screen.findByText('Company on page 1')).toBeInTheDocument();
    expect(screen.getByText('Total: 45')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of target companies' });
    expect(within(pages).getByText('1–20 of 45 target companies')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Company on page 2')).toBeInTheDocument();
    expect(view.location()).toBe('/client/target-companies?page=2');
    expect(listed).toHaveBeenLastCalledWith(expect.objectContaining({ search: { page: '2' } }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('41–45 of 45 target companies')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('opens on the page the address names', async () => {
    renderScreen(<TargetCompaniesScreen cardLinks={targetCompanyCardLinks(clientOwner)} />, {
      path: '/client/target-companies?page=3',
      route: '/client/target-companies',
    });
    await screen.findByText('Acme Steel Ltd');
    expect(listed).toHaveBeenCalledWith(expect.objectContaining({ search: { page: '3' } }));
  });

  it("shows 'No targetCompanies found' without companies", async () => {
    onApi('get', 'target-company', ok({ targetCompanies: [] }));
    renderCompanies();
    expect(await screen.findByText('No targetCompanies found')).toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
  });

  it('shows a loading state while the companies load', async () => {
    renderCompanies();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByText('Acme Steel Ltd');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the error with 'Try Again' when loading fails", async () => {
    const user = userEvent.setup();
    const onTryAgain = jest.fn();
    onApi('get', 'target-company', fails(500));
    renderCompanies({ onTryAgain });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch targetCompanies');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onTryAgain).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when it gives one", async () => {
    onApi('get', 'target-company', fails(404, 'Auditor firm not found'));
    renderCompanies();
    expect(await screen.findByRole('alert')).toHaveTextContent('Auditor firm not found');
  });

  it('loads again when a company was created elsewhere in the area', async () => {
    const user = userEvent.setup();
    function AfterCreate() {
      const queryClient = useQueryClient();
      return (
        <>
          <button
            type="button"
            onClick={() => queryClient.invalidateQueries({ queryKey: queryKeys.targetCompanies() })}
          >
            Company created
          </button>
          <TargetCompaniesScreen cardLinks={['auditors']} />
        </>
      );
    }
    const kestrel = apiTargetCompany({
      _id: 'tc-kestrel',
      targetCompanyName: 'Kestrel Harbour Logistics',
    });
    const reloaded = onApi('get', 'target-company', [
      ok({ targetCompanies: [acme, blueRiver] }),
      ok({ targetCompanies: [acme, blueRiver, kestrel] }),
    ]);
    renderScreen(<AfterCreate />);
    await screen.findByText('Acme Steel Ltd');
    await user.click(screen.getByRole('button', { name: 'Company created' }));
    expect(await screen.findByText('Kestrel Harbour Logistics')).toBeInTheDocument();
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
    expect(reloaded).toHaveBeenCalledTimes(2);
  });

  it('refreshes an expired session once and then shows the companies', async () => {
    const listed = onApi('get', 'target-company', [
      fails(403, 'Forbidden'),
      ok({ targetCompanies: [acme] }),
    ]);
    const refreshed = onApi('post', 'auth/refresh', ok({}));
    renderCompanies();
    expect(await screen.findByText('Acme Steel Ltd')).toBeInTheDocument();
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(listed).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = renderCompanies({ onAdd: () => undefined });
    await screen.findByText('Acme Steel Ltd');
    expect(await axe(container)).toHaveNoViolations();
  });
});
