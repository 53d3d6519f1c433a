import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Link, Route, Routes } from 'react-router-dom';
import type { ActionPlan, ActionPlanCreatePayload, AuditForm } from '@verity/shared-api';
import {
  fails,
  ok,
  onApi,
  renderScreen,
  type ApiRequest,
  onTrailNames,
  enterText,
  testUser,
} from '@verity/shared-ui/src/testing';
import { UNSAVED_CHANGES_TEXT } from '@verity/shared-ui';
import { apiAudit, calendarOf } from '@verity/shared-ui/src/testing';
import { CreateActionPlanPage } from './create-action-plan-page';

// The breadcrumb's names, answered before each test's own calls.
beforeEach(onTrailNames);

// Local time, so the date inputs' days are the days the user sees.
const NOW = new Date(2026, 5, 15, 10, 0, 0);
const CREATE_PATH = '/auditor/target-companies/c1/audits/au1/create-audit';

const AUDIT = 'target-company/audit/:auditId';
const CREATE = 'action-plan';

let loadedAudit: jest.Mock<void, [ApiRequest]>;
let created: jest.Mock<void, [ApiRequest]>;
beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  loadedAudit = onApi('get', AUDIT, ({ params }) =>
    ok({
      audit: apiAudit({
        _id: params.auditId,
        id: params.auditId,
        auditForm: 'ap',
        auditCategory: 'EHS',
      }),
    }),
  );
  created = onApi('post', CREATE, ok({ actionPlan: savedPlan('p-new') }, 201));
});
afterEach(() => {
  jest.useRealTimers();
  jest.resetAllMocks();
  window.localStorage.clear();
});

function auditOf(auditForm: AuditForm, overrides: Parameters<typeof apiAudit>[0] = {}) {
  return apiAudit({ _id: 'au1', id: 'au1', auditForm, ...overrides });
}

const AUDITOR = testUser({
  _id: 'auditor-user-1',
  userType: 'auditor',
  clientId: undefined,
  auditorId: 'a1',
  organisationName: 'Greenfield Assurance',
});

function renderPage(path = CREATE_PATH, { signedIn = false } = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
  const view = renderScreen(
    <Routes>
      <Route
        path="/auditor/target-companies/:targetCompanyId/audits/:auditId/create-audit"
        element={
          <>
            <CreateActionPlanPage />
            <Link to="/auditor/target-companies/c1/audits/au2/create-audit">Next audit</Link>
          </>
        }
      />
      <Route path="*" element={<p>Navigated away</p>} />
    </Routes>,
    { path, user: signedIn ? AUDITOR : undefined },
  );
  return { ...view, user };
}

const details = (label: string) => screen.getByRole('region', { name: `${label} Details` });
const gapSection = () => screen.getByRole('region', { name: 'Gap Analysis' });

async function fillPlan(user: ReturnType<typeof userEvent.setup>, label = 'Action Plan') {
  const section = within(details(label));
  await enterText(user, section.getByLabelText(/^Heading/), 'Effluent treatment upgrade');
  await user.selectOptions(section.getByLabelText(/^Category/), 'Environment');
}

async function fillGap(user: ReturnType<typeof userEvent.setup>, dueDate = '2026-07-01') {
  const gap = within(gapSection());
  await enterText(user, gap.getByLabelText(/^KPI/), 'COD in discharged water');
  await enterText(user, gap.getByLabelText(/^Gap Name/), 'COD above consent limits');
  await enterText(user, gap.getByLabelText(/^Recommendation/), 'Add a tertiary treatment stage');
  await enterText(user, gap.getByLabelText(/^Responsibility/), 'Plant Head');
  await user.click(gap.getByLabelText('SDG6: Clean Water and Sanitation'));
  if (gap.queryByLabelText(/^Due Date/)) {
    await enterText(user, gap.getByLabelText(/^Due Date/), dueDate);
  }
  if (gap.queryByLabelText(/^ESG Aspect/)) {
    await user.selectOptions(gap.getByLabelText(/^ESG Aspect/), 'Environmental');
  }
  if (gap.queryByLabelText(/^Area Code/)) {
    await enterText(user, gap.getByLabelText(/^Area Code/), 'ETP-2');
  }
}

/** Waits for the gap form to finish its submit, so nothing updates after the test. */
async function submitSettled(name: string) {
  await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
}

/** POST /action-plan's plan as the API answers it (201). */
function savedPlan(id: string, formType: AuditForm = 'ap'): ActionPlan {
  return {
    id,
    auditId: 'au1',
    targetCompanyId: 'c1',
    actionPlanHeading: 'Effluent treatment upgrade',
    category: 'environment',
    formType,
    timeline: formType === 'recommendation' ? null : new Date(2026, 7, 31).toISOString(),
    createdAt: NOW.toISOString(),
    overallStatus: 'open',
    version: 1,
  };
}

/** The body of the one POST /action-plan the page sent. */
function sentPayload(): ActionPlanCreatePayload {
  expect(created).toHaveBeenCalledTimes(1);
  return created.mock.calls[0]![0].body as ActionPlanCreatePayload;
}

describe('CreateActionPlanPage', () => {
  it.each<[AuditForm, string]>([
    ['ap', 'Action Plan'],
    ['capa', 'CAPA'],
    ['mp', 'Management Plan'],
    ['recommendation', 'Recommendation'],
  ])("switches to the %s audit's form: '%s Details' and 'Create %s'", async (form, label) => {
    loadedAudit = onApi('get', AUDIT, ok({ audit: auditOf(form) }));
    renderPage();
    expect(await screen.findByRole('button', { name: `Create ${label}` })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: `Create ${label}` })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: `${label} Details` })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Gap Analysis' })).toBeVisible();
    expect(screen.getByRole('button', { name: `Create ${label}` })).toBeVisible();
    expect(loadedAudit).toHaveBeenCalledWith(
      expect.objectContaining({ params: { auditId: 'au1' } }),
    );
    const timeline = within(details(label)).queryByLabelText(/^Timeline/);
    if (form === 'recommendation') {
      expect(timeline).not.toBeInTheDocument();
      expect(within(gapSection()).queryByLabelText(/^Due Date/)).not.toBeInTheDocument();
    } else {
      // The earliest selectable day is tomorrow.
      expect(calendarOf(timeline!)).toHaveAttribute('min', '2026-06-16');
    }
  });

  it('offers the four plan categories', async () => {
    renderPage();
    const category = await within(
      await screen.findByRole('region', { name: 'Action Plan Details' }),
    ).findByLabelText(/^Category/);
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Category', 'Environment', 'Social', 'Governance', 'Prosperity']);
  });

  it('shows the heading and category errors and the toast, without a call', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create Action Plan' }));
    const section = within(details('Action Plan'));
    expect(await section.findByText('Action Plan Heading Required')).toBeVisible();
    expect(section.getByText('Category Required')).toBeVisible();
    expect(await screen.findByText('Please fix the errors below')).toBeVisible();
    expect(await screen.findByText('KPI is required')).toBeVisible();
    expect(created).not.toHaveBeenCalled();

    await user.type(section.getByLabelText(/^Heading/), 'E');
    expect(section.queryByText('Action Plan Heading Required')).not.toBeInTheDocument();
    expect(section.getByText('Category Required')).toBeVisible();
  });

  it('keeps the gap when only the plan details are missing', async () => {
    const { user } = renderPage();
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillGap(user);
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    expect(await screen.findByText('Category Required')).toBeVisible();
    expect(created).not.toHaveBeenCalled();
    expect(within(gapSection()).getByLabelText(/^KPI/)).toHaveValue('COD in discharged water');
    await submitSettled('Create Action Plan');
  });

  it('refuses a gap due date later than the timeline entered', async () => {
    const { user } = renderPage();
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillPlan(user);
    await enterText(user, within(details('Action Plan')).getByLabelText(/^Timeline/), '2026-06-30');
    await fillGap(user, '2026-07-10');
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    expect(
      await screen.findByText('Gap due date cannot be later than Action Plan timeline'),
    ).toBeVisible();
    expect(created).not.toHaveBeenCalled();
  });

  it('creates the plan with its gap, then shows the toast and opens the new plan', async () => {
    const { user, location } = renderPage();
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillPlan(user);
    await enterText(user, within(details('Action Plan')).getByLabelText(/^Timeline/), '2026-08-31');
    await fillGap(user);
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));

    expect(await screen.findByText('Action Plan created successfully.')).toBeVisible();
    expect(created).toHaveBeenCalledWith({
      params: {},
      search: { targetCompanyId: 'c1', auditId: 'au1' },
      body: {
        actionPlanHeading: 'Effluent treatment upgrade',
        category: 'environment',
        formType: 'ap',
        timeline: new Date(2026, 7, 31).toISOString(),
        gap: expect.objectContaining({
          KPI: 'COD in discharged water',
          gapName: 'COD above consent limits',
          dueDate: new Date(2026, 6, 1).toISOString(),
          ESGAspect: 'Environmental',
          impactedSDGs: ['SDG6'],
          riskSeverity: 'moderate',
        }),
      },
    });
    expect(location()).toBe('/auditor/target-companies/c1/audits/au1/action-plans/p-new');
    expect(await screen.findByText('Navigated away')).toBeVisible();
  });

  it("sends the gap's lender (ESAP) fields with the plan", async () => {
    const { user } = renderPage();
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillPlan(user);
    await fillGap(user);
    const gap = within(gapSection());
    await user.click(gap.getByRole('button', { name: /Lender fields \(ESAP\)/ }));
    await user.type(gap.getByLabelText('ESAP Item No.'), '1.1');
    await enterText(user, gap.getByLabelText(/^Timetable/), 'Prior to first disbursement');
    await user.selectOptions(gap.getByLabelText('Condition Type'), 'Condition precedent');
    await user.click(gap.getByLabelText('IFC PS1'));
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    expect(await screen.findByText('Action Plan created successfully.')).toBeVisible();
    expect(sentPayload().gap).toMatchObject({
      esapItemNumber: '1.1',
      requirementReferences: ['IFC PS1'],
      timetable: 'Prior to first disbursement',
      conditionType: 'precedent',
      completionIndicator: null,
    });
  });

  it('sends a recommendation without timeline or due date', async () => {
    onApi('get', AUDIT, ok({ audit: auditOf('recommendation') }));
    created = onApi('post', CREATE, ok({ actionPlan: savedPlan('p-rec', 'recommendation') }, 201));
    const { user, location } = renderPage();
    await screen.findByRole('button', { name: 'Create Recommendation' });
    await fillPlan(user, 'Recommendation');
    await fillGap(user);
    await user.click(screen.getByRole('button', { name: 'Create Recommendation' }));
    expect(await screen.findByText('Recommendation created successfully.')).toBeVisible();
    const payload = sentPayload();
    expect(payload).not.toHaveProperty('timeline');
    expect(payload.gap).not.toHaveProperty('dueDate');
    expect(payload.formType).toBe('recommendation');
    expect(location()).toBe('/auditor/target-companies/c1/audits/au1/action-plans/p-rec');
    expect(await screen.findByText('Navigated away')).toBeVisible();
  });

  it("puts the audit's own fields into the gap form and sends their values", async () => {
    onApi(
      'get',
      AUDIT,
      ok({
        audit: auditOf('ap', {
          fields: [
            { id: 'site', name: 'Site', placeholder: 'Plant or site', type: 'text' },
            {
              id: 'evidence-ref',
              name: 'Evidence reference',
              placeholder: 'Document number',
              type: 'text',
            },
          ],
        }),
      }),
    );
    created = onApi('post', CREATE, ok({ actionPlan: savedPlan('p-fields') }, 201));
    const { user } = renderPage();
    const site = await within(
      await screen.findByRole('region', { name: 'Gap Analysis' }),
    ).findByLabelText(/^Site/);
    await fillPlan(user);
    await fillGap(user);
    await enterText(user, site, 'Pune rolling mill');
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    expect(await screen.findByText('Action Plan created successfully.')).toBeVisible();
    const payload = sentPayload();
    expect(payload.gap?.fields).toEqual({
      site: { name: 'Site', value: 'Pune rolling mill' },
      'evidence-ref': { name: 'Evidence reference', value: '' },
    });
    expect(await screen.findByText('Navigated away')).toBeVisible();
  });

  it("shows the server's message in the banner and a toast, keeping what was typed", async () => {
    // A 403 makes the client try to renew the session first; here it cannot, so the 403 stands.
    onApi('post', 'auth/refresh', fails(401, 'Session expired'));
    onApi('post', CREATE, fails(403, 'Only auditor owners and admins can do this'));
    const { user, location } = renderPage();
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillPlan(user);
    await fillGap(user);
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    expect(
      await screen.findByText('Only auditor owners and admins can do this', {
        selector: '.va-create-plan__banner',
      }),
    ).toHaveAttribute('role', 'alert');
    await waitFor(() =>
      expect(screen.getAllByText('Only auditor owners and admins can do this')).toHaveLength(2),
    );
    expect(location()).toBe(CREATE_PATH);
    expect(within(details('Action Plan')).getByLabelText(/^Heading/)).toHaveValue(
      'Effluent treatment upgrade',
    );
    expect(within(gapSection()).getByLabelText(/^KPI/)).toHaveValue('COD in discharged water');
    await submitSettled('Create Action Plan');
  });

  it('another audit starts a fresh form in its own form type', async () => {
    onApi('get', AUDIT, ({ params }) =>
      ok({
        audit:
          params.auditId === 'au2' ? auditOf('capa', { _id: 'au2', id: 'au2' }) : auditOf('ap'),
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    expect(await screen.findByText('Action Plan Heading Required')).toBeVisible();
    await user.type(within(details('Action Plan')).getByLabelText(/^Heading/), 'Draft');

    await user.click(screen.getByRole('link', { name: 'Next audit' }));
    expect(await screen.findByRole('button', { name: 'Create CAPA' })).toBeVisible();
    expect(within(details('CAPA')).getByLabelText(/^Heading/)).toHaveValue('');
    expect(screen.queryByText('Action Plan Heading Required')).not.toBeInTheDocument();
    expect(screen.queryByText('KPI is required')).not.toBeInTheDocument();
  });

  it('says so when the audit cannot be loaded', async () => {
    onApi('get', AUDIT, fails(500, 'The database is restarting'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is restarting');
  });

  it('shows the not-found state for an address that names no audit the user may see', async () => {
    onApi('get', AUDIT, fails(404, 'Not found'));
    renderPage();
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByText(/^Nothing you can see is at this address\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Action Plan' })).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create Action Plan' }));
    await screen.findByText('Action Plan Heading Required');
    jest.useRealTimers();
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('nothing typed is lost', () => {
  it('keeps the draft through a reload and fills both sections with it again', async () => {
    const first = renderPage(CREATE_PATH, { signedIn: true });
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillPlan(first.user);
    await enterText(
      first.user,
      within(gapSection()).getByLabelText(/^KPI/),
      'COD in discharged water',
    );
    await first.user.click(within(gapSection()).getByLabelText('SDG6: Clean Water and Sanitation'));
    first.unmount();

    // Loading the page again, as a reload does.
    renderPage(CREATE_PATH, { signedIn: true });
    expect(
      await screen.findByText('Your unsaved draft from 15/06/2026 10:00 AM is back.'),
    ).toBeVisible();
    const plan = within(details('Action Plan'));
    expect(plan.getByLabelText(/^Heading/)).toHaveValue('Effluent treatment upgrade');
    expect(plan.getByLabelText(/^Category/)).toHaveValue('environment');
    const gap = within(gapSection());
    await waitFor(() => expect(gap.getByLabelText(/^KPI/)).toHaveValue('COD in discharged water'));
    expect(gap.getByLabelText('SDG6: Clean Water and Sanitation')).toBeChecked();
  });

  it('keeps a box ticked just before a reload: the draft is written in the task of the click', async () => {
    const first = renderPage(CREATE_PATH, { signedIn: true });
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await enterText(
      first.user,
      within(gapSection()).getByLabelText(/^KPI/),
      'COD in discharged water',
    );
    const keptSdgs = () => {
      const key = Object.keys(window.localStorage).find((name) =>
        name.includes('create-action-plan.'),
      );
      const draft = key ? JSON.parse(window.localStorage.getItem(key)!) : undefined;
      return (draft?.gap?.impactedSDGs ?? []) as unknown[];
    };
    expect(keptSdgs()).toHaveLength(0);

    // A click as the browser gives it, then only what runs before the browser's next task (React's
    // microtasks): a reload at that moment finds what the draft holds then.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
      .IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      within(gapSection()).getByLabelText('SDG6: Clean Water and Sanitation').click();
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
      expect(keptSdgs()).toHaveLength(1);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT =
        actEnvironment;
    }
  });

  it("'Discard draft' empties both sections and keeps no draft", async () => {
    const first = renderPage(CREATE_PATH, { signedIn: true });
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await first.user.type(within(gapSection()).getByLabelText(/^KPI/), 'COD');
    first.unmount();

    const second = renderPage(CREATE_PATH, { signedIn: true });
    await waitFor(() => expect(within(gapSection()).getByLabelText(/^KPI/)).toHaveValue('COD'));
    await second.user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(within(gapSection()).getByLabelText(/^KPI/)).toHaveValue('');
    expect(screen.queryByText(/Your unsaved draft/)).not.toBeInTheDocument();
    second.unmount();

    renderPage(CREATE_PATH, { signedIn: true });
    await screen.findByRole('button', { name: 'Create Action Plan' });
    expect(screen.queryByText(/Your unsaved draft/)).not.toBeInTheDocument();
    expect(within(gapSection()).getByLabelText(/^KPI/)).toHaveValue('');
  });

  it('keeps no draft once the plan is created', async () => {
    const first = renderPage(CREATE_PATH, { signedIn: true });
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillPlan(first.user);
    await fillGap(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    expect(await screen.findByText('Navigated away')).toBeVisible();
    // Leaving after the save asked nothing.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    first.unmount();

    renderPage(CREATE_PATH, { signedIn: true });
    await screen.findByRole('button', { name: 'Create Action Plan' });
    expect(within(details('Action Plan')).getByLabelText(/^Heading/)).toHaveValue('');
  });

  it("keeps another user's draft from this one", async () => {
    const first = renderPage(CREATE_PATH, { signedIn: true });
    await screen.findByRole('button', { name: 'Create Action Plan' });
    await fillPlan(first.user);
    first.unmount();

    renderPage(CREATE_PATH);
    await screen.findByRole('button', { name: 'Create Action Plan' });
    expect(within(details('Action Plan')).getByLabelText(/^Heading/)).toHaveValue('');
  });

  it('a refused submit puts focus on the first field in error, the heading above the gap', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create Action Plan' }));
    await waitFor(() =>
      expect(within(details('Action Plan')).getByLabelText(/^Heading/)).toHaveFocus(),
    );

    await fillPlan(user);
    await user.click(screen.getByRole('button', { name: 'Create Action Plan' }));
    await waitFor(() => expect(within(gapSection()).getByLabelText(/^KPI/)).toHaveFocus());
    expect(UNSAVED_CHANGES_TEXT.title).toBe('Discard unsaved changes?');
  });
});
