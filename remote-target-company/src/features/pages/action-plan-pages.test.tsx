import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { Role } from '@verity/shared-api';
import {
  addRemark,
  getActionPlan,
  getActionPlans,
} from '@verity/shared-api/src/calls/action-plans';
import { exportActionPlansCsv, saveBlob } from '@verity/shared-api/src/calls/csv-export';
import {
  httpError,
  makeActionPlan,
  makeGap,
  makeRemark,
  makeStatistics,
} from '@verity/shared-ui/src/testing';
import { OWN_COMPANY_ID, companyUser, renderArea } from '../../test/render-area';

jest.mock('@verity/shared-api/src/calls/action-plans');
jest.mock('@verity/shared-api/src/calls/csv-export');

const base = '/target-company/auditors/auditor-1/audit-1/action-plans';
const gap = makeGap({ id: 'gap-1', KPI: 'Energy intensity per tonne' });
const plan = makeActionPlan({ id: 'plan-1', gaps: [gap] });

describe('the action plans page', () => {
  beforeEach(() => {
    jest.mocked(getActionPlans).mockResolvedValue([plan]);
    // A row followed in a test lands on the plan, which loads too.
    jest.mocked(getActionPlan).mockImplementation(() => new Promise(() => undefined));
  });

  it("lists the audit's plans for the user's own company; a row opens the plan", async () => {
    const view = renderArea(base);
    await userEvent.click(
      await screen.findByRole('row', { name: 'Open action plan Furnace energy efficiency' }),
    );
    expect(getActionPlans).toHaveBeenCalledWith('audit-1', { targetCompanyId: OWN_COMPANY_ID });
    expect(view.location()).toBe(`${base}/plan-1`);
  });

  it('a gap row opens the plan with gap_id', async () => {
    const view = renderArea(base);
    await userEvent.click(
      await screen.findByRole('row', { name: 'Open gap Energy intensity per tonne' }),
    );
    expect(view.location()).toBe(`${base}/plan-1?gap_id=gap-1`);
  });

  it("exports the user's own company's plans as CSV", async () => {
    const blob = new Blob(['Action Plan Heading\n']);
    jest
      .mocked(exportActionPlansCsv)
      .mockResolvedValue({ blob, fileName: `${OWN_COMPANY_ID}_esap_export_2026-11-21.csv` });
    renderArea(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(exportActionPlansCsv).toHaveBeenCalledWith(OWN_COMPANY_ID);
    expect(saveBlob).toHaveBeenCalledWith(blob, `${OWN_COMPANY_ID}_esap_export_2026-11-21.csv`);
  });

  it("says 'Failed to export data. Please try again.' when the export fails", async () => {
    jest.mocked(exportActionPlansCsv).mockRejectedValue(httpError(500));
    renderArea(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export data. Please try again.')).toBeInTheDocument();
  });
});

function renderPlan(role: Role, query = '?gap_id=gap-1') {
  jest.mocked(getActionPlan).mockResolvedValue({
    actionPlan: plan,
    statistics: makeStatistics(),
    gaps: [gap],
  });
  return renderArea(`${base}/plan-1${query}`, companyUser({ role }));
}

describe('the action plan page', () => {
  it("loads the plan for the user's own company, with no Add Gap and Edit Gap disabled", async () => {
    const { container } = renderPlan('owner', '');
    const editGap = await screen.findByRole('button', {
      name: 'Edit Gap Energy intensity per tonne',
    });
    expect(getActionPlan).toHaveBeenCalledWith('plan-1', OWN_COMPANY_ID);
    expect(editGap).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Gap' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it.each(['owner', 'admin', 'editor'] as const)(
    'gives the %s the remark input but no status selector',
    async (role) => {
      renderPlan(role);
      const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
      expect(within(panel).getByRole('textbox', { name: 'Add a remark' })).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Attach images' })).toBeInTheDocument();
      expect(within(panel).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    },
  );

  it('gives a viewer neither the remark input nor the status selector', async () => {
    renderPlan('viewer');
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    expect(within(panel).getByText('Energy intensity per tonne')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'Add a remark' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Attach images' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });

  it("sends a remark for the user's own company and shows it with its files in KB", async () => {
    jest.mocked(addRemark).mockResolvedValue(
      makeRemark({
        comments: 'Meters ordered',
        docs: [
          {
            _id: 'd1',
            url: '/api/v1/remark-document/d1',
            fileName: 'quote.png',
            size: 2048,
            withdrawn: null,
          },
        ],
      }),
    );
    renderPlan('owner');
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    await userEvent.type(
      within(panel).getByRole('textbox', { name: 'Add a remark' }),
      'Meters ordered',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(addRemark).toHaveBeenCalledWith(
      'gap-1',
      OWN_COMPANY_ID,
      expect.objectContaining({ comments: 'Meters ordered' }),
    );
    expect(await within(panel).findByText('Meters ordered')).toBeInTheDocument();
    expect(within(panel).getByText('2.00 KB')).toBeInTheDocument();
  });

  it('offers Withdraw on the remarks a company user may withdraw, and on no other', async () => {
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const remarks = [
      makeRemark({
        _id: 'own',
        id: 'own',
        comments: 'Mine, just posted',
        withdrawableUntil: inAnHour,
        user: {
          userType: 'targetCompany',
          fullname: 'Erin Editor',
          userId: 'cu-editor',
          role: 'editor',
        },
      }),
      makeRemark({
        _id: 'colleague',
        id: 'colleague',
        comments: "A colleague's",
        withdrawableUntil: inAnHour,
        user: {
          userType: 'targetCompany',
          fullname: 'Ravi Kumar',
          userId: 'user-9',
          role: 'editor',
        },
      }),
    ];
    jest.mocked(getActionPlan).mockResolvedValue({
      actionPlan: plan,
      statistics: makeStatistics(),
      gaps: [{ ...gap, remark: remarks }],
    });
    renderArea(`${base}/plan-1?gap_id=gap-1`, companyUser({ _id: 'cu-editor', role: 'editor' }));
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    expect(
      within(panel)
        .getAllByRole('button', { name: /^Withdraw remark/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Withdraw remark by Erin Editor']);
  });

  it("shows 'No action plan found.' for a plan the company cannot see", async () => {
    jest.mocked(getActionPlan).mockRejectedValue(httpError(404, 'Not found'));
    renderArea(`${base}/plan-x`);
    expect(await screen.findByText('No action plan found.')).toBeInTheDocument();
  });
});
