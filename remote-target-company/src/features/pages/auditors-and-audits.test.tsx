import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAudits } from '@verity/shared-api/src/calls/audits';
import { getCompanyAuditors } from '@verity/shared-api/src/calls/target-companies';
import { apiAudit, apiCompanyAuditor, ok, onApi } from '@verity/shared-ui/src/testing';
import { OWN_COMPANY_ID, renderArea } from '../../test/render-area';

jest.mock('@verity/shared-api/src/calls/audits');
jest.mock('@verity/shared-api/src/calls/target-companies');

const auditorId = 'b0e1c2d3-2222-4333-8444-555566667777';
const auditId = '9a8b7c6d-1111-4222-8333-444455556666';

// A link followed in a test lands on the next screen, which loads too.
beforeEach(() => jest.mocked(getAudits).mockResolvedValue([]));

describe('the auditors page', () => {
  it("lists the auditors of the user's own company, each linking to its audits, with no 'Add New Auditor'", async () => {
    jest.mocked(getCompanyAuditors).mockResolvedValue([apiCompanyAuditor()]);
    const view = renderArea('/target-company/auditors');
    const row = (await screen.findByText('GreenAudit Partners')).closest('tr') as HTMLElement;
    expect(getCompanyAuditors).toHaveBeenCalledWith(OWN_COMPANY_ID);
    expect(screen.queryByRole('button', { name: 'Add New Auditor' })).not.toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'View Audits' });
    expect(link).toHaveAttribute('href', `/target-company/auditors/${auditorId}`);
    await userEvent.click(link);
    expect(view.location()).toBe(`/target-company/auditors/${auditorId}`);
  });
});

describe("an auditor's audits page", () => {
  it("lists the firm's audits on the user's own company, 'View Audits' leading to the action plans", async () => {
    jest.mocked(getAudits).mockResolvedValue([apiAudit()]);
    const view = renderArea(`/target-company/auditors/${auditorId}`);
    const link = await screen.findByRole('link', { name: 'View Audits' });
    expect(getAudits).toHaveBeenCalledWith({ auditorId, targetCompanyId: OWN_COMPANY_ID });
    expect(link).toHaveAttribute(
      'href',
      `/target-company/auditors/${auditorId}/${auditId}/action-plans`,
    );
    expect(screen.queryByRole('link', { name: 'Create Audit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Audit' })).not.toBeInTheDocument();
    onApi('get', `action-plan/${auditId}/action-plans`, ok({ actionPlans: [] }));
    await userEvent.click(link);
    expect(view.location()).toBe(`/target-company/auditors/${auditorId}/${auditId}/action-plans`);
  });

  it("says 'No audits found' when the firm has none on the company", async () => {
    jest.mocked(getAudits).mockResolvedValue([]);
    renderArea(`/target-company/auditors/${auditorId}`);
    expect(await screen.findByText('No audits found')).toBeInTheDocument();
  });
});
