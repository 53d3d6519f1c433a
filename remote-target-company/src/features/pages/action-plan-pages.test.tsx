import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { ActionPlanDetail, Gap, Role } from '@verity/shared-api';
import { saveBlob } from '@verity/shared-api/src/calls/csv-export';
import {
  API_ORIGIN,
  apiServer,
  fails,
  makeActionPlan,
  makeGap,
  makeRemark,
  makeStatistics,
  nameStartingWith,
  ok,
  onApi,
  onTrailNames,
  apiCompanyAuditor,
} from '@verity/shared-ui/src/testing';
import { OWN_COMPANY_ID, companyUser, renderArea } from '../../test/render-area';

// The breadcrumb's names, answered before each test's own calls.
beforeEach(onTrailNames);

// Saving the exported file is the browser's download, not the network: only it is replaced.
jest.mock('@verity/shared-api/src/calls/csv-export', () => ({
  ...jest.requireActual('@verity/shared-api/src/calls/csv-export'),
  saveBlob: jest.fn(),
}));

const base = '/target-company/auditors/auditor-1/audit-1/action-plans';
const gap = makeGap({ id: 'gap-1', KPI: 'Energy intensity per tonne' });
const plan = makeActionPlan({ id: 'plan-1', gaps: [gap] });

/** GET /action-plan/export/csv answers a file, not the API's JSON envelope. */
function onCsvExport(answer: Response | (() => Response)): jest.Mock<void, [URLSearchParams]> {
  const asked = jest.fn<void, [URLSearchParams]>();
  apiServer.use(
    http.get(`${API_ORIGIN}/api/v1/action-plan/export/csv`, ({ request }) => {
      asked(new URL(request.url).searchParams);
      return typeof answer === 'function' ? answer() : answer.clone();
    }),
  );
  return asked;
}

describe('the action plans page', () => {
  let listed: jest.Mock;
  beforeEach(() => {
    listed = onApi('get', 'action-plan/:auditId/action-plans', ok({ actionPlans: [plan] }));
    // A row followed in a test lands on the plan, which loads too.
    onApi('get', 'action-plan/:actionPlanId', 'pending');
  });

  it("lists the audit's plans for the user's own company; a row opens the plan", async () => {
    const view = renderArea(base);
    await userEvent.click(
      await screen.findByRole('link', {
        name: nameStartingWith('Open action plan Furnace energy efficiency'),
      }),
    );
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { auditId: 'audit-1' },
        search: { targetCompanyId: OWN_COMPANY_ID },
      }),
    );
    expect(view.location()).toBe(`${base}/plan-1`);
  });

  it('names the auditor firm and the audit in a breadcrumb back up and in the title', async () => {
    const firm = apiCompanyAuditor().auditor._id;
    renderArea(`/target-company/auditors/${firm}/audit-1/action-plans`);
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Auditors' })).toHaveAttribute(
      'href',
      '/target-company/auditors',
    );
    expect(
      await within(breadcrumb).findByRole('link', { name: 'GreenAudit Partners' }),
    ).toHaveAttribute('href', `/target-company/auditors/${firm}`);
    // The audit is this page: named, not a link.
    expect(await within(breadcrumb).findByText('Normal Audit · EHS')).not.toHaveAttribute('href');
    expect(screen.getByText('Auditor').nextElementSibling).toHaveTextContent('GreenAudit Partners');
    expect(screen.getByText('Audit').nextElementSibling).toHaveTextContent('Normal Audit · EHS');
    expect(document.title).toBe('GreenAudit Partners — Action Plans — Verity');
  });

  it('a gap row opens the plan with gap_id', async () => {
    const view = renderArea(base);
    await userEvent.click(
      await screen.findByRole('link', {
        name: nameStartingWith('Open gap Energy intensity per tonne'),
      }),
    );
    expect(view.location()).toBe(`${base}/plan-1?gap_id=gap-1`);
  });

  it("exports the user's own company's plans as CSV", async () => {
    const fileName = `${OWN_COMPANY_ID}_esap_export_2026-11-21.csv`;
    const exported = onCsvExport(
      new HttpResponse('Action Plan Heading\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        },
      }),
    );
    renderArea(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), fileName));
    expect(exported).toHaveBeenCalledTimes(1);
    expect(exported.mock.calls[0]![0].get('targetCompanyId')).toBe(OWN_COMPANY_ID);
    const [saved] = jest.mocked(saveBlob).mock.calls[0]!;
    expect(await saved.text()).toBe('Action Plan Heading\n');
  });

  it("says 'Failed to export data. Please try again.' when the export fails", async () => {
    onCsvExport(() => HttpResponse.json({ success: false }, { status: 500 }));
    renderArea(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export data. Please try again.')).toBeInTheDocument();
  });
});

/** The plan as the API has it: a remark sent is kept with its gap. */
let detail: ActionPlanDetail;
let loaded: jest.Mock;

function answerPlan(gaps: Gap[] = [gap]) {
  detail = { actionPlan: plan, statistics: makeStatistics(), gaps, changeHistory: [] };
  loaded = onApi('get', 'action-plan/:actionPlanId', () => ok(detail));
}

function renderPlan(role: Role, query = '?gap_id=gap-1') {
  answerPlan();
  return renderArea(`${base}/plan-1${query}`, companyUser({ role }));
}

describe('the action plan page', () => {
  it("loads the plan for the user's own company, with no Add Gap and Edit Gap disabled", async () => {
    const { container } = renderPlan('owner', '');
    const editGap = await screen.findByRole('button', {
      name: 'Edit Gap Energy intensity per tonne',
    });
    expect(loaded).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { actionPlanId: 'plan-1' },
        search: { targetCompanyId: OWN_COMPANY_ID },
      }),
    );
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
    const saved = makeRemark({
      comments: 'Meters ordered',
      docs: [
        {
          _id: 'd1',
          url: '/api/v1/remark-document/d1',
          fileName: 'quote.png',
          size: 2048,
          withdrawn: null,
          evidence: null,
        },
      ],
    });
    const sent = onApi('patch', 'gap/:gapId/remark', () => {
      detail = {
        ...detail,
        gaps: detail.gaps.map((each) =>
          each.id === 'gap-1' ? { ...each, remark: [...each.remark, saved] } : each,
        ),
      };
      return ok({ remark: saved });
    });
    renderPlan('owner');
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    await userEvent.type(
      within(panel).getByRole('textbox', { name: 'Add a remark' }),
      'Meters ordered',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText('Meters ordered')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { gapId: 'gap-1' },
        search: { targetCompanyId: OWN_COMPANY_ID },
      }),
    );
    // Sent as multipart form data: the comments are its 'comments' field.
    expect(String(sent.mock.calls[0]![0].body)).toMatch(
      /name="comments"\r\n\r\nMeters ordered\r\n/,
    );
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
    answerPlan([{ ...gap, remark: remarks }]);
    renderArea(`${base}/plan-1?gap_id=gap-1`, companyUser({ _id: 'cu-editor', role: 'editor' }));
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    expect(
      within(panel)
        .getAllByRole('button', { name: /^Withdraw remark/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Withdraw remark by Erin Editor']);
  });

  it("shows 'No action plan found.' for a plan the company cannot see", async () => {
    onApi('get', 'action-plan/:actionPlanId', fails(404, 'Not found'));
    renderArea(`${base}/plan-x`);
    expect(await screen.findByText('No action plan found.')).toBeInTheDocument();
  });
});
