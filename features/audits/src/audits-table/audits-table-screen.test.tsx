import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { switchLanguage } from '@verity/session';
import { AuditsTableScreen, type AuditsTableScreenProps } from './audits-table-screen';
import { apiAudit, bare, fails, ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';

const TARGET_COMPANY_ID = '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11';
const AUDITOR_ID = 'b0e1c2d3-2222-4333-8444-555566667777';

const ehsAudit = apiAudit({
  _id: 'audit-ehs',
  auditType: 'normal_audit',
  auditCategory: 'EHS',
  auditForm: 'ap',
  fields: [
    { id: 'f-site', name: 'Site', type: 'text', placeholder: 'Site name' },
    { id: 'f-shift', name: 'Shift', type: 'number', placeholder: 'Shift number' },
  ],
  createdAt: '2025-03-05T08:00:00.000Z',
});
const socialDd = apiAudit({
  _id: 'audit-dd',
  auditType: 'dd',
  auditCategory: 'Social',
  auditForm: 'capa',
  fields: [],
  createdAt: '2025-04-18T08:00:00.000Z',
});
const esap = apiAudit({
  _id: 'audit-esap',
  auditType: 'esap',
  auditCategory: 'Environment',
  auditForm: 'recommendation',
  fields: [{ id: 'f-1', name: 'Lender', type: 'text', placeholder: '' }],
  createdAt: '2025-05-01T08:00:00.000Z',
});

function renderAudits(props: Partial<AuditsTableScreenProps> = {}) {
  return renderScreen(
    <AuditsTableScreen
      targetCompanyId={TARGET_COMPANY_ID}
      auditorId={AUDITOR_ID}
      viewAuditsPath={(audit) => `/client/target-companies/tc/auditors/a/${audit._id}/action-plans`}
      {...props}
    />,
  );
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Audits of this target company' });
  return within(table).getAllByRole('row').slice(1);
}

function typesShown() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

/**
 * The API's answer for the three audits: the filters it was asked for keep the audits that have
 * that type or category; the search 'capa' finds the CAPA audit, any other search none.
 */
function answerFiltered({ search }: { search: Record<string, string> }) {
  const audits = [ehsAudit, socialDd, esap].filter(
    (audit) =>
      (!search.auditType || audit.auditType === search.auditType) &&
      (!search.auditCategory || audit.auditCategory === search.auditCategory) &&
      (!search.search || (search.search === 'capa' && audit.auditForm === 'capa')),
  );
  return ok({ audits, total: audits.length });
}

let listed: jest.Mock;
beforeEach(() => {
  listed = onApi(
    'get',
    'target-company/:auditorId/audits',
    ok({ audits: [ehsAudit, socialDd, esap] }),
  );
});

describe('AuditsTableScreen', () => {
  it('shows type, category, form, fields count and created date per audit', async () => {
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { auditorId: AUDITOR_ID },
        search: { auditorId: AUDITOR_ID, targetCompanyId: TARGET_COMPANY_ID },
      }),
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Type', 'Category', 'Form', 'Fields count', 'Created', 'Actions']);
    const cells = within(bodyRows()[0] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['Normal Audit', 'EHS', 'Action Plan', '2', '05/03/2025']);
    expect(typesShown()).toEqual(['Normal Audit', 'Due Diligence', 'ESAP']);
  });

  it('shows the table in Portuguese, and again in English when the user turns back', async () => {
    renderAudits();
    await screen.findByRole('cell', { name: 'EHS' });
    try {
      await act(() => switchLanguage('pt'));
      expect(screen.getByRole('heading', { level: 1, name: 'Auditorias' })).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Número de campos' })).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'Ver auditorias' })).toHaveLength(3);
      // The E, S and G categories in the language's words; EHS as stored.
      expect(screen.getByRole('cell', { name: 'Meio ambiente' })).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'EHS' })).toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
    expect(screen.getByRole('columnheader', { name: 'Fields count' })).toBeInTheDocument();
  });

  it("links 'View Audits' through the path builder, without 'Create Audit' for clients", async () => {
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    const row = within(bodyRows()[1] as HTMLElement);
    expect(row.getByRole('link', { name: 'View Audits' })).toHaveAttribute(
      'href',
      '/client/target-companies/tc/auditors/a/audit-dd/action-plans',
    );
    expect(screen.queryByRole('link', { name: 'Create Audit' })).not.toBeInTheDocument();
  });

  it("gives auditors a 'Create Audit' link per audit", async () => {
    renderAudits({
      createAuditPath: (audit) => `/auditor/target-companies/tc/audits/${audit._id}/create-audit`,
    });
    await screen.findByRole('cell', { name: 'Normal Audit' });
    expect(
      within(bodyRows()[2] as HTMLElement).getByRole('link', { name: 'Create Audit' }),
    ).toHaveAttribute('href', '/auditor/target-companies/tc/audits/audit-esap/create-audit');
    expect(screen.getAllByRole('link', { name: 'Create Audit' })).toHaveLength(3);
  });

  it("gives auditor owners and admins an 'Import ESAP' link per audit, and no one else", async () => {
    const { unmount } = renderAudits({
      importEsapPath: (audit) => `/auditor/target-companies/tc/audits/${audit._id}/import-esap`,
    });
    await screen.findByRole('cell', { name: 'Normal Audit' });
    expect(
      within(bodyRows()[2] as HTMLElement).getByRole('link', { name: 'Import ESAP' }),
    ).toHaveAttribute('href', '/auditor/target-companies/tc/audits/audit-esap/import-esap');
    expect(screen.getAllByRole('link', { name: 'Import ESAP' })).toHaveLength(3);
    unmount();
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    expect(screen.queryByRole('link', { name: 'Import ESAP' })).not.toBeInTheDocument();
  });

  it("shows 'Add New Audit' only when the area gives onAddAudit, and calls it", async () => {
    const user = userEvent.setup();
    const onAddAudit = jest.fn();
    const { unmount } = renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    expect(screen.queryByRole('button', { name: 'Add New Audit' })).not.toBeInTheDocument();
    unmount();
    renderAudits({ onAddAudit });
    await user.click(screen.getByRole('button', { name: 'Add New Audit' }));
    expect(onAddAudit).toHaveBeenCalledTimes(1);
  });

  it("shows the area's company-wide export beside 'Add New Audit'", async () => {
    renderAudits({
      onAddAudit: jest.fn(),
      companyExport: <button type="button">Export all company plans (CSV)</button>,
    });
    await screen.findByRole('cell', { name: 'Normal Audit' });
    const header = screen
      .getByRole('heading', { level: 1 })
      .closest<HTMLElement>('.vui-page-header')!;
    expect(
      within(header)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Export all company plans (CSV)', 'Add New Audit']);
  });

  it('shows the not-found state, in words, for an address that names no company it may see', async () => {
    onApi('get', 'target-company/:auditorId/audits', fails(404, 'Not found'));
    renderAudits();
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByText(/^Nothing you can see is at this address\./)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the not-found state, not the schema's words, for an id that is not one", async () => {
    onApi(
      'get',
      'target-company/:auditorId/audits',
      bare(
        {
          success: false,
          message: 'querystring/targetCompanyId must match format "uuid"',
          code: 'MALFORMED_ID',
        },
        400,
      ),
    );
    renderAudits();
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByText(/must match format/)).not.toBeInTheDocument();
  });

  it('filters by type on the server and narrows the category choices to that type', async () => {
    listed = onApi('get', 'target-company/:auditorId/audits', answerFiltered);
    const user = userEvent.setup();
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'EHS', 'F&LS', 'QA', 'Environment', 'Social', 'Governance']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Due Diligence');
    await waitFor(() => expect(typesShown()).toEqual(['Due Diligence']));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({
        search: { targetCompanyId: TARGET_COMPANY_ID, auditorId: AUDITOR_ID, auditType: 'dd' },
      }),
    );
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Environment', 'Social', 'Governance']);
  });

  it('filters by category and clears a category the new type does not have', async () => {
    listed = onApi('get', 'target-company/:auditorId/audits', answerFiltered);
    const user = userEvent.setup();
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    const category = screen.getByRole('combobox', { name: 'Category' });
    await user.selectOptions(category, 'Environment');
    await waitFor(() => expect(typesShown()).toEqual(['ESAP']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Normal Audit');
    expect(category).toHaveDisplayValue('All categories');
    await waitFor(() => expect(typesShown()).toEqual(['Normal Audit']));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({
        search: {
          targetCompanyId: TARGET_COMPANY_ID,
          auditorId: AUDITOR_ID,
          auditType: 'normal_audit',
        },
      }),
    );
  });

  it("asks the server for the search text and says 'No audit records found' when nothing matches", async () => {
    listed = onApi('get', 'target-company/:auditorId/audits', answerFiltered);
    const user = userEvent.setup();
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    const search = screen.getByRole('searchbox', { name: 'Search Audits...' });
    await user.type(search, 'capa');
    await waitFor(() => expect(typesShown()).toEqual(['Due Diligence']));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({
        search: { targetCompanyId: TARGET_COMPANY_ID, auditorId: AUDITOR_ID, search: 'capa' },
      }),
    );
    await user.clear(search);
    await user.type(search, 'no such audit');
    expect(await screen.findByText('No audit records found')).toBeInTheDocument();
    expect(screen.queryByText('No audits found')).not.toBeInTheDocument();
  });

  it('pages through the audits, keeping the page in the address', async () => {
    listed = onApi('get', 'target-company/:auditorId/audits', ({ search }) => {
      const page = Number(search.page ?? '1');
      const audit = apiAudit({ _id: `audit-p${page}`, auditCategory: `Category ${page}` });
      return ok({ audits: [audit], total: 45, page, pageSize: 20 });
    });
    const user = userEvent.setup();
    const view = renderAudits();
    expect(await screen.findByRole('cell', { name: 'Category 1' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of audits' });
    expect(within(pages).getByText('1–20 of 45 audits')).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'Category 2' })).toBeInTheDocument();
    expect(view.location()).toBe('/?page=2');
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({
        search: { targetCompanyId: TARGET_COMPANY_ID, auditorId: AUDITOR_ID, page: '2' },
      }),
    );

    // A new filter starts at the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'ESAP');
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({
        search: { targetCompanyId: TARGET_COMPANY_ID, auditorId: AUDITOR_ID, auditType: 'esap' },
      }),
    );
  });

  it('shows no page buttons when every audit fits on one page', async () => {
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    expect(screen.queryByRole('navigation', { name: 'Pages of audits' })).toBeNull();
  });

  it("says 'No audits found' when the company has no audits", async () => {
    onApi('get', 'target-company/:auditorId/audits', ok({ audits: [] }));
    renderAudits();
    expect(await screen.findByText('No audits found')).toBeInTheDocument();
  });

  it('shows the loading text while the audits load', async () => {
    renderAudits();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByRole('cell', { name: 'Normal Audit' });
  });

  it("shows the server's message when loading fails", async () => {
    onApi('get', 'target-company/:auditorId/audits', fails(400, 'Forbidden for this role'));
    renderAudits();
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden for this role');
  });

  it('has no accessibility violations', async () => {
    const { container } = renderAudits({
      onAddAudit: () => undefined,
      createAuditPath: (audit) => `${audit._id}/create-audit`,
    });
    await screen.findByRole('cell', { name: 'Normal Audit' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
