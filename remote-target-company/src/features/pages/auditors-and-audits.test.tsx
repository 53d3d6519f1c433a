import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiAudit,
  apiCompanyAuditor,
  ok,
  onApi,
  onTrailNames,
} from '@verity/shared-ui/src/testing';
import { OWN_COMPANY_ID, renderArea } from '../../test/render-area';

// The breadcrumb's names, answered before each test's own calls.
beforeEach(onTrailNames);

const auditorId = 'b0e1c2d3-2222-4333-8444-555566667777';
const auditId = '9a8b7c6d-1111-4222-8333-444455556666';

// A link followed in a test lands on the next screen, which loads too.
beforeEach(() => {
  onApi('get', 'target-company/:auditorId/audits', ok({ audits: [] }));
});

describe('the auditors page', () => {
  it("lists the auditors of the user's own company, each linking to its audits, with no 'Add New Auditor'", async () => {
    const listed = onApi('get', 'target-company/auditors', ok({ auditors: [apiCompanyAuditor()] }));
    const view = renderArea('/target-company/auditors');
    const row = (await screen.findByText('GreenAudit Partners')).closest('tr') as HTMLElement;
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: OWN_COMPANY_ID } }),
    );
    expect(screen.queryByRole('button', { name: 'Add New Auditor' })).not.toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'View Audits' });
    expect(link).toHaveAttribute('href', `/target-company/auditors/${auditorId}`);
    await userEvent.click(link);
    expect(view.location()).toBe(`/target-company/auditors/${auditorId}`);
  });
});

describe("an auditor's audits page", () => {
  it("lists the firm's audits on the user's own company, 'View Audits' leading to the action plans", async () => {
    const listed = onApi('get', 'target-company/:auditorId/audits', ok({ audits: [apiAudit()] }));
    const view = renderArea(`/target-company/auditors/${auditorId}`);
    const link = await screen.findByRole('link', { name: 'View Audits' });
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { auditorId },
        search: { targetCompanyId: OWN_COMPANY_ID, auditorId },
      }),
    );
    expect(link).toHaveAttribute(
      'href',
      `/target-company/auditors/${auditorId}/${auditId}/action-plans`,
    );
    expect(screen.queryByRole('link', { name: 'Create Audit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Audit' })).not.toBeInTheDocument();
    onApi('get', `action-plan/${auditId}/action-plans`, ok({ actionPlans: [] }));
    await userEvent.click(link);
    expect(view.location()).toBe(`/target-company/auditors/${auditorId}/${auditId}/action-plans`);
    // The plans page (its own chunk) has loaded and asked for what it shows.
    expect(await screen.findByText('No action plans found.')).toBeInTheDocument();
  });

  it("says 'No audits found' when the firm has none on the company", async () => {
    onApi('get', 'target-company/:auditorId/audits', ok({ audits: [] }));
    renderArea(`/target-company/auditors/${auditorId}`);
    expect(await screen.findByText('No audits found')).toBeInTheDocument();
  });
});
