import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { CompanyAuditorsScreen, type CompanyAuditorsScreenProps } from './company-auditors-screen';
import { apiCompanyAuditor, fails, ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';

const TARGET_COMPANY_ID = '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11';

const greenAudit = apiCompanyAuditor({
  id: 'ca-green',
  auditType: ['normal_audit', 'dd'],
  auditCategory: ['EHS', 'Environment'],
  formType: ['ap', 'capa'],
  createdAt: '2025-02-03T10:05:00.000Z',
  auditor: {
    _id: 'firm-green',
    auditorName: 'GreenAudit Partners',
    registeredName: 'GreenAudit Partners LLP',
    emailId: 'lead@greenaudit.example',
  },
});
const terra = apiCompanyAuditor({
  id: 'ca-terra',
  auditType: ['esap'],
  auditCategory: ['Environment'],
  formType: ['recommendation'],
  createdAt: '2025-04-22T10:05:00.000Z',
  auditor: {
    _id: 'firm-terra',
    auditorName: 'Terra Assurance',
    registeredName: 'Terra Assurance SA',
    emailId: 'audits@terra.example',
  },
});

function renderAuditors(props: Partial<CompanyAuditorsScreenProps> = {}) {
  return renderScreen(
    <CompanyAuditorsScreen
      targetCompanyId={TARGET_COMPANY_ID}
      auditsPath={(entry) => `/client/target-companies/tc-acme/auditors/${entry.auditor._id}`}
      {...props}
    />,
  );
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Auditors of this target company' });
  return within(table).getAllByRole('row').slice(1);
}

function auditorsShown() {
  const names = ['GreenAudit Partners', 'Terra Assurance'];
  return bodyRows().flatMap((row) => names.filter((name) => within(row).queryByText(name)));
}

let listed: jest.Mock;
beforeEach(() => {
  listed = onApi('get', 'target-company/auditors', ok({ auditors: [greenAudit, terra] }));
});

describe('CompanyAuditorsScreen', () => {
  it('shows the auditor details, types, categories, forms and joined date', async () => {
    renderAuditors();
    await screen.findByText('GreenAudit Partners');
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: TARGET_COMPANY_ID } }),
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Auditor Details',
      'Audit Types',
      'Categories',
      'Form Types',
      'Joined Date',
      'Actions',
    ]);
    const cells = within(bodyRows()[0] as HTMLElement).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('GreenAudit Partners');
    expect(cells[0]).toHaveTextContent('GreenAudit Partners LLP');
    expect(cells[0]).toHaveTextContent('lead@greenaudit.example');
    expect(within(cells[1] as HTMLElement).getByText('Normal Audit')).toBeInTheDocument();
    expect(within(cells[1] as HTMLElement).getByText('Due Diligence')).toBeInTheDocument();
    expect(within(cells[2] as HTMLElement).getByText('EHS')).toBeInTheDocument();
    expect(within(cells[2] as HTMLElement).getByText('Environment')).toBeInTheDocument();
    expect(within(cells[3] as HTMLElement).getByText('Action Plan')).toBeInTheDocument();
    expect(within(cells[3] as HTMLElement).getByText('CAPA')).toBeInTheDocument();
    expect(cells[4]).toHaveTextContent('03/02/2025');
  });

  it('links each auditor to their audits through the path builder', async () => {
    renderAuditors();
    await screen.findByText('Terra Assurance');
    expect(
      within(bodyRows()[1] as HTMLElement).getByRole('link', { name: 'View Audits' }),
    ).toHaveAttribute('href', '/client/target-companies/tc-acme/auditors/firm-terra');
  });

  it("shows 'Add New Auditor' only when the area gives onAddAuditor, and calls it", async () => {
    const user = userEvent.setup();
    const onAddAuditor = jest.fn();
    const { unmount } = renderAuditors();
    await screen.findByText('Terra Assurance');
    expect(screen.queryByRole('button', { name: 'Add New Auditor' })).not.toBeInTheDocument();
    unmount();
    renderAuditors({ onAddAuditor });
    await user.click(screen.getByRole('button', { name: 'Add New Auditor' }));
    expect(onAddAuditor).toHaveBeenCalledTimes(1);
  });

  it('asks the server for the search text and the audit type', async () => {
    // The API's answer: the type keeps the firms assigned it; 'terra.example' finds Terra.
    listed = onApi('get', 'target-company/auditors', ({ search }) => {
      const auditors = [greenAudit, terra].filter(
        (entry) =>
          (!search.auditType || entry.auditType.includes(search.auditType as 'dd')) &&
          (!search.search || (search.search === 'terra.example' && entry === terra)),
      );
      return ok({ auditors, total: auditors.length });
    });
    const user = userEvent.setup();
    renderAuditors();
    await screen.findByText('Terra Assurance');
    const search = screen.getByRole('searchbox', { name: 'Search Auditors...' });
    await user.type(search, 'terra.example');
    await waitFor(() => expect(auditorsShown()).toEqual(['Terra Assurance']));
    await user.clear(search);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Audit type' }), 'Due Diligence');
    await waitFor(() => expect(auditorsShown()).toEqual(['GreenAudit Partners']));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { targetCompanyId: TARGET_COMPANY_ID, auditType: 'dd' } }),
    );
    await user.type(search, 'terra');
    expect(await screen.findByText('No auditors found')).toBeInTheDocument();
  });

  it("says 'No auditors found' for a company without auditors", async () => {
    onApi('get', 'target-company/auditors', ok({ auditors: [] }));
    renderAuditors();
    expect(await screen.findByText('No auditors found')).toBeInTheDocument();
  });

  it('shows the loading text while the auditors load', async () => {
    renderAuditors();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByText('Terra Assurance');
  });

  it("says 'Failed to fetch target company auditors', or the server's message, when loading fails", async () => {
    onApi('get', 'target-company/auditors', fails(500));
    const { unmount } = renderAuditors();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch target company auditors',
    );
    unmount();
    onApi('get', 'target-company/auditors', fails(400, 'You may not see these auditors'));
    const { unmount: unmount2 } = renderAuditors();
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see these auditors');
    unmount2();
    // An address that names no company the user may see: the not-found state, in words.
    onApi('get', 'target-company/auditors', fails(404, 'Not found'));
    renderAuditors();
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByText(/^Nothing you can see is at this address\./)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = renderAuditors({ onAddAuditor: () => undefined });
    await screen.findByText('Terra Assurance');
    expect(await axe(container)).toHaveNoViolations();
  });
});
