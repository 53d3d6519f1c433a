import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
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

  it('filters by type and narrows the category choices to that type', async () => {
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
    expect(typesShown()).toEqual(['Due Diligence']);
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Environment', 'Social', 'Governance']);
  });

  it('filters by category and clears a category the new type does not have', async () => {
    const user = userEvent.setup();
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    const category = screen.getByRole('combobox', { name: 'Category' });
    await user.selectOptions(category, 'Environment');
    expect(typesShown()).toEqual(['ESAP']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Normal Audit');
    expect(category).toHaveDisplayValue('All categories');
    expect(typesShown()).toEqual(['Normal Audit']);
  });

  it("narrows rows to the search text and says 'No audit records found' when nothing matches", async () => {
    const user = userEvent.setup();
    renderAudits();
    await screen.findByRole('cell', { name: 'Normal Audit' });
    const search = screen.getByRole('searchbox', { name: 'Search Audits...' });
    await user.type(search, 'capa');
    expect(typesShown()).toEqual(['Due Diligence']);
    await user.clear(search);
    await user.type(search, 'no such audit');
    expect(screen.getByText('No audit records found')).toBeInTheDocument();
    expect(screen.queryByText('No audits found')).not.toBeInTheDocument();
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
