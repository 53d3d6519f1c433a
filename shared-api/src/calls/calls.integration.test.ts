// Every call of docs/api.md "Calls" against the real API server (started here, on PGlite with the
// demo data).
import { randomUUID } from 'node:crypto';
import { HTTPError, getCurrentUser, type KyInstance } from '@verity/session';
import { formatFileSizeKb } from '../domain/dates';
import type { ActionPlan, Audit, GapInput, TargetCompany } from '../contract';
import { getErrorText } from './error-text';
import { EMAIL_MUST_EXIST, TARGET_COMPANY_ID_NOT_FOUND } from '../messages';
import { startAccountsStub, type AccountsStub } from '../testing/accounts-stub';
import { startApi, type RunningApi } from '../testing/start-api';
import {
  addGap,
  createActionPlan,
  editActionPlan,
  getActionPlan,
  getActionPlans,
  getPlanGaps,
  updateGap,
  updateGapStatus,
} from './action-plans';
import { addRemark, withdrawRemark, withdrawRemarkDocument } from './remarks';
import { exportActionPlansCsv } from './csv-export';
import {
  getNotificationPreferences,
  getOrganisationSettings,
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationPreferences,
  updateOrganisationSettings,
} from './notifications';
import { createAuditor, getAuditors } from './auditors';
import {
  addCorrectiveAction,
  addIncidentPhotos,
  answerIncidentQuestion,
  askIncidentQuestion,
  closeIncident,
  correctIncident,
  exportIncidentsCsv,
  getCompanyIncidents,
  getGapIncidents,
  getIncident,
  getIncidentClocks,
  getIncidentPortfolio,
  reportIncident,
  submitRootCause,
  updateIncidentClocks,
} from './incidents';
import {
  exportGrievancesCsv,
  getCompanyGrievances,
  getGrievance,
  getGrievancePortfolio,
  getGrievanceSettings,
  recordGrievance,
  takeGrievanceStep,
  updateGrievanceIdentityViewers,
  updateGrievanceTargets,
} from './grievances';
import { createAudit, getAudit, getAudits } from './audits';
import { getAuditorDashboard, getClientDashboard, getTargetCompanyDashboard } from './dashboards';
import {
  addTargetCompanyAuditor,
  createTargetCompany,
  getAuditorTargetCompanies,
  getCompanyAuditors,
  getTargetCompanies,
} from './target-companies';
import {
  createAuditorUser,
  createClientUser,
  createCompanyUser,
  deleteAuditorUser,
  deleteClientUser,
  deleteCompanyUser,
  getAuditorUsers,
  getClientUsers,
  getCompanyUsers,
} from './users';

const FORBIDDEN = 'You do not have permission to do this.';
const NEW_COMPANY_OWNER = {
  email: 'owner@harbour-mills.test',
  name: 'Hari Harbour',
  sub: 'sub-harbour',
};
const NEW_AUDITOR_OWNER = {
  email: 'lead@clearview-audit.test',
  name: 'Cleo View',
  sub: 'sub-clearview',
};
// A 1x1 PNG: the API checks the bytes, not only the type.
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let api: RunningApi;
let accounts: AccountsStub;
let clientOwner: KyInstance;
let clientViewer: KyInstance;
let auditorOwner: KyInstance;
let companyOwner: KyInstance;
let auditorId: string;
let acme: TargetCompany;

const days = (count: number) => new Date(Date.now() + count * 86_400_000).toISOString();

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

function apGap(name: string): GapInput {
  return {
    KPI: 'Noise at the boundary',
    gapName: name,
    recommendation: 'Fit silencers to the compressors',
    responsibility: 'Plant Head',
    riskSeverity: 'moderate',
    impactedSDGs: ['SDG3', 'SDG11'],
    dueDate: days(20),
    ESGAspect: 'Environmental',
  };
}

async function acmeApAudit(): Promise<Audit> {
  const { audits } = await getAudits({ auditorId, targetCompanyId: acme._id }, auditorOwner);
  const audit = audits.find((candidate) => candidate.auditForm === 'ap');
  if (!audit) throw new Error('The demo data has no action-plan audit on Acme Steel Ltd');
  return audit;
}

async function newPlan(heading: string): Promise<{ plan: ActionPlan; audit: Audit }> {
  const audit = await acmeApAudit();
  const plan = await createActionPlan(
    { targetCompanyId: acme._id, auditId: audit._id },
    {
      actionPlanHeading: heading,
      category: 'environment',
      formType: 'ap',
      timeline: days(60),
      gap: apGap(`${heading} gap`),
    },
    auditorOwner,
  );
  return { plan, audit };
}

beforeAll(async () => {
  accounts = await startAccountsStub([NEW_COMPANY_OWNER, NEW_AUDITOR_OWNER]);
  api = await startApi({ accountsUrl: accounts.url });
  clientOwner = api.clientFor('client.owner@verity.test', 'client');
  clientViewer = api.clientFor('client.viewer@verity.test', 'client');
  auditorOwner = api.clientFor('auditor.owner@verity.test', 'auditor');
  companyOwner = api.clientFor('company.owner@verity.test', 'targetCompany');
  auditorId = (await getCurrentUser(auditorOwner)).auditorId as string;
  const { targetCompanies: companies } = await getTargetCompanies({}, clientOwner);
  acme = companies.find(
    (company) => company.targetCompanyName === 'Acme Steel Ltd',
  ) as TargetCompany;
});

afterAll(async () => {
  await api?.stop();
  await accounts?.close();
});

describe('target companies', () => {
  it("lists the client's companies, one page with the count of all", async () => {
    const page = await getTargetCompanies({}, clientOwner);
    const companies = page.targetCompanies;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: companies.length });
    const found = await getTargetCompanies({ search: 'acme steel' }, clientOwner);
    expect(found.targetCompanies.map((company) => company.targetCompanyName)).toEqual([
      'Acme Steel Ltd',
    ]);
    expect(found.total).toBe(1);

    expect(companies.map((company) => company.targetCompanyName)).toEqual(
      expect.arrayContaining(['Acme Steel Ltd', 'Blue River Textiles']),
    );
    expect(companies.every((company) => company._id === company.id && company.clientId)).toBe(true);
  });

  it('narrows the list to nothing for an auditor firm the client does not know', async () => {
    expect(await getTargetCompanies({ auditorId: randomUUID() }, clientOwner)).toEqual({
      targetCompanies: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });

  it("lists the auditor firm's assigned companies, and refuses another firm's id", async () => {
    const companies = (await getAuditorTargetCompanies({ auditorId }, auditorOwner))
      .targetCompanies;
    expect(companies.map((company) => company.targetCompanyName)).toContain('Acme Steel Ltd');

    const error = await rejection(
      getAuditorTargetCompanies({ auditorId: randomUUID() }, auditorOwner),
    );
    expect((error as HTTPError).response.status).toBe(404);
  });

  it('lists the auditor firms assigned to a company with their settings', async () => {
    const { auditors: entries, total } = await getCompanyAuditors(acme._id, {}, clientOwner);
    expect(total).toBe(entries.length);

    expect(entries.map((entry) => entry.auditor.auditorName)).toContain('GreenAudit Partners');
    expect(entries[0]?.auditType.length).toBeGreaterThan(0);
  });

  it('creates a company with its first auditor, then assigns a second firm to it', async () => {
    const created = await createTargetCompany(
      {
        targetCompanyName: 'Harbour Mills',
        registeredName: 'Harbour Mills Pvt Ltd',
        emailId: NEW_COMPANY_OWNER.email,
        companyType: 'borrower',
        auditorId,
        auditType: ['normal_audit'],
        auditCategory: ['EHS'],
        formType: ['ap'],
      },
      clientOwner,
    );
    expect(created.targetCompany.targetCompanyName).toBe('Harbour Mills');
    expect(created.companyAuditor.auditor.auditorName).toBe('GreenAudit Partners');

    const firm = await createAuditor(
      {
        emailId: NEW_AUDITOR_OWNER.email,
        registeredName: 'Clearview Audit LLP',
        auditorName: 'Clearview Audit',
      },
      clientOwner,
    );
    const assignment = await addTargetCompanyAuditor(
      {
        targetCompanyId: created.targetCompany._id,
        auditorId: firm.id,
        auditType: ['dd'],
        auditCategory: ['Social'],
        formType: ['recommendation'],
      },
      clientOwner,
    );

    expect(assignment.auditor.auditorName).toBe('Clearview Audit');
    expect(assignment.formType).toEqual(['recommendation']);
    const names = (
      await getCompanyAuditors(created.targetCompany._id, {}, clientOwner)
    ).auditors.map((entry) => entry.auditor.auditorName);
    expect(names.sort()).toEqual(['Clearview Audit', 'GreenAudit Partners']);
    const { targetCompanies: companies } = await getTargetCompanies({}, clientOwner);
    expect(companies.map((company) => company.targetCompanyName)).toContain('Harbour Mills');
  });
});

describe('auditor firms', () => {
  it("lists the client's firms, or the one asked for", async () => {
    const { auditors: firms } = await getAuditors({}, clientOwner);
    const greenAudit = firms.find((firm) => firm.auditorName === 'GreenAudit Partners');

    expect(greenAudit?.id).toBe(auditorId);
    expect((await getAuditors({ auditorId }, clientOwner)).auditors).toEqual([greenAudit]);
  });

  it("rejects an email without an account with the server's message", async () => {
    const error = await rejection(
      createAuditor(
        { emailId: 'nobody@verity.test', registeredName: 'Ghost LLP', auditorName: 'Ghost' },
        clientOwner,
      ),
    );

    expect((error as HTTPError).response.status).toBe(400);
    expect(getErrorText(error)).toBe(EMAIL_MUST_EXIST);
  });
});

describe('users', () => {
  it("lists the client's users with counts per role", async () => {
    const { users, counts, total } = await getClientUsers({}, clientOwner);
    expect(total).toBe(counts.total);

    expect(users.map((user) => user.fullname)).toEqual(
      expect.arrayContaining(['Clara Owner', 'Victor Viewer']),
    );
    expect(counts.total).toBe(users.length);
    expect(counts.viewers).toBeGreaterThanOrEqual(1);
  });

  it('adds a client user and deletes them again', async () => {
    const user = await createClientUser(
      { emailId: 'edith.editor@verity.test', fullname: 'Edith Editor', role: 'editor' },
      clientOwner,
    );
    expect(user).toMatchObject({ fullname: 'Edith Editor', role: 'editor' });
    expect((await getClientUsers({}, clientOwner)).users.map((listed) => listed.id)).toContain(
      user.id,
    );

    await deleteClientUser(user.id, clientOwner);

    expect((await getClientUsers({}, clientOwner)).users.map((listed) => listed.id)).not.toContain(
      user.id,
    );
  });

  it('adds and deletes an auditor user', async () => {
    const user = await createAuditorUser(
      { emailId: 'amir.admin@verity.test', fullname: 'Amir Admin', role: 'admin' },
      auditorOwner,
    );
    expect(
      (await getAuditorUsers({}, auditorOwner)).users.map((listed) => listed.fullname),
    ).toEqual(expect.arrayContaining(['Aditi Auditor', 'Amir Admin']));

    await deleteAuditorUser(user.id, auditorOwner);

    expect(
      (await getAuditorUsers({}, auditorOwner)).users.map((listed) => listed.id),
    ).not.toContain(user.id);
  });

  it('adds and deletes a company user', async () => {
    const user = await createCompanyUser(
      { emailId: 'vera.viewer@verity.test', fullname: 'Vera Viewer', role: 'viewer' },
      companyOwner,
    );
    expect(
      (await getCompanyUsers(acme._id, {}, companyOwner)).users.map((listed) => listed.id),
    ).toContain(user.id);

    await deleteCompanyUser(user.id, companyOwner);

    expect(
      (await getCompanyUsers(acme._id, {}, companyOwner)).users.map((listed) => listed.id),
    ).not.toContain(user.id);
  });

  it("rejects a viewer's write with the server's message", async () => {
    const error = await rejection(
      createClientUser({ emailId: 'x@verity.test', fullname: 'X', role: 'viewer' }, clientViewer),
    );

    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(403);
    expect(getErrorText(error)).toBe(FORBIDDEN);
  });
});

describe('audits', () => {
  it("lists one firm's audits on a company and reads one", async () => {
    const { audits, total } = await getAudits(
      { auditorId, targetCompanyId: acme._id },
      clientOwner,
    );

    expect(audits.length).toBeGreaterThan(0);
    expect(total).toBe(audits.length);
    expect(audits.every((audit) => audit.auditorName === 'GreenAudit Partners')).toBe(true);
    const first = audits[0] as Audit;
    expect(await getAudit(first._id, clientOwner)).toEqual(first);
  });

  it('creates an audit with its add-on fields', async () => {
    const audit = await createAudit(
      {
        targetCompanyId: acme._id,
        auditorId,
        auditType: 'dd',
        auditCategory: 'Governance',
        auditForm: 'mp',
        fields: [{ id: 'site', name: 'Site', placeholder: 'Which site', type: 'text' }],
      },
      clientOwner,
    );

    expect(audit).toMatchObject({ auditType: 'dd', auditCategory: 'Governance', auditForm: 'mp' });
    expect(audit.fields.map((field) => field.name)).toEqual(['Site']);
    const { audits } = await getAudits({ auditorId, targetCompanyId: acme._id }, clientOwner);
    expect(audits.map((listed) => listed._id)).toContain(audit._id);
  });
});

describe('dashboards', () => {
  it("gives the auditor firm's overview and the gaps per company", async () => {
    const dashboard = await getAuditorDashboard(auditorId, auditorOwner);

    expect(dashboard.projectsOverview.totalProjects).toBeGreaterThan(0);
    expect(dashboard.targetCompanyActionPlanStats.map((row) => row.targetCompanyName)).toContain(
      'Acme Steel Ltd',
    );
  });

  it("gives one company's plan and gap figures", async () => {
    const dashboard = await getTargetCompanyDashboard(acme._id, companyOwner);
    const { statusOverview } = dashboard.actionPlans;

    expect(statusOverview.total).toBeGreaterThan(0);
    expect(
      statusOverview.closed + statusOverview.provClosed + statusOverview.open,
    ).toBeLessThanOrEqual(statusOverview.total);
    expect(dashboard.gaps.riskSeverityDistribution.length).toBeGreaterThan(0);
  });

  it("gives the client's figures with a bar per company", async () => {
    const dashboard = await getClientDashboard(clientOwner);

    expect(dashboard.targetCompanyActionPlanStats.map((row) => row.targetCompanyName)).toEqual(
      expect.arrayContaining(['Acme Steel Ltd', 'Blue River Textiles']),
    );
    expect(dashboard.actionPlans.categoryBreakdown.length).toBeGreaterThan(0);
  });
});

describe('action plans and gaps', () => {
  it("lists an audit's plans with their gaps, filtered by category", async () => {
    const audit = await acmeApAudit();
    const page = await getActionPlans(audit._id, { targetCompanyId: acme._id }, clientOwner);
    const plans = page.actionPlans;
    const category = plans[0]!.category;
    const filtered = (
      await getActionPlans(audit._id, { targetCompanyId: acme._id, category }, clientOwner)
    ).actionPlans;

    expect(page).toMatchObject({ page: 1, pageSize: 20, total: plans.length });
    expect(plans.length).toBeGreaterThan(1);
    expect(plans.every((plan) => plan.gaps.length > 0)).toBe(true);
    expect(plans.every((plan) => plan.statistics.totalGaps >= plan.gaps.length)).toBe(true);
    expect(filtered.map((plan) => plan.id)).toEqual(
      plans.filter((plan) => plan.category === category).map((plan) => plan.id),
    );
    expect(filtered.length).toBeLessThan(plans.length);
  });

  it('reads one plan with its statistics and gaps', async () => {
    const audit = await acmeApAudit();
    const [listed] = (await getActionPlans(audit._id, { targetCompanyId: acme._id }, clientOwner))
      .actionPlans;
    const detail = await getActionPlan(listed!.id, acme._id, clientOwner);

    expect(detail.actionPlan.actionPlanHeading).toBe(listed!.actionPlanHeading);
    expect(detail.statistics.totalGaps).toBe(detail.gaps.length);
    expect(listed!.statistics).toEqual(detail.statistics);
    const gapRows = await getPlanGaps(listed!.id, { targetCompanyId: acme._id }, clientOwner);
    expect(gapRows.total).toBe(detail.gaps.length);
    expect(gapRows.gaps.map((gap) => gap.id)).toEqual(detail.gaps.map((gap) => gap.id));
    expect(detail.gaps.every((gap) => gap.actionPlanId === listed!.id)).toBe(true);
  });

  it('creates a plan with its first gap, adds a second and edits it', async () => {
    const { plan, audit } = await newPlan('Noise control');
    expect(plan).toMatchObject({ actionPlanHeading: 'Noise control', formType: 'ap' });

    const gap = await addGap(plan.id, audit._id, apGap('Night shift noise'), auditorOwner);
    expect(gap).toMatchObject({
      gapName: 'Night shift noise',
      status: 'open',
      riskSeverity: 'moderate',
    });

    const edited = await updateGap(gap.id, audit._id, { riskSeverity: 'high' }, auditorOwner);
    expect(edited).toMatchObject({
      id: gap.id,
      gapName: 'Night shift noise',
      riskSeverity: 'high',
    });
    const detail = await getActionPlan(plan.id, acme._id, clientOwner);
    expect(detail.gaps.map((listed) => listed.gapName).sort()).toEqual([
      'Night shift noise',
      'Noise control gap',
    ]);
  });

  it('changes a gap status and adds to its history', async () => {
    const { plan } = await newPlan('Dust control');
    const [gap] = (await getActionPlan(plan.id, acme._id, clientOwner)).gaps;

    const changed = await updateGapStatus(gap!.id, acme._id, 'provClosed', clientOwner);

    expect(changed.status).toBe('provClosed');
    expect(changed.displayStatus).toBe('provClosed');
    expect(changed.statusHistory).toHaveLength(gap!.statusHistory.length + 1);
    expect(changed.statusHistory.at(-1)?.status).toBe('provClosed');
  });

  it('edits a plan, recording the change, and answers its new version', async () => {
    const { plan, audit } = await newPlan('Waste control');

    const edited = await editActionPlan(
      plan.id,
      audit._id,
      { actionPlanHeading: 'Waste and scrap control', version: plan.version },
      auditorOwner,
    );

    expect(edited.actionPlan).toMatchObject({
      id: plan.id,
      actionPlanHeading: 'Waste and scrap control',
      version: plan.version + 1,
    });
    expect(edited.changeHistory[0]).toMatchObject({
      field: 'actionPlanHeading',
      oldValue: 'Waste control',
      newValue: 'Waste and scrap control',
      changedBy: { name: 'Aditi Auditor', userType: 'auditor', role: 'owner' },
    });
    expect((await getActionPlan(plan.id, acme._id, clientOwner)).changeHistory).toEqual(
      edited.changeHistory,
    );
  });

  it('refuses a status change made on a version changed since, naming who changed it', async () => {
    const { plan } = await newPlan('Runoff control');
    const [gap] = (await getActionPlan(plan.id, acme._id, clientOwner)).gaps;
    await updateGapStatus(
      gap!.id,
      acme._id,
      { status: 'provClosed', version: gap!.version },
      clientOwner,
    );

    const error = await rejection(
      updateGapStatus(gap!.id, acme._id, { status: 'closed', version: gap!.version }, auditorOwner),
    );

    expect((error as HTTPError).response.status).toBe(409);
    expect(getErrorText(error)).toMatch(
      /^This gap was changed by Clara Owner at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M UTC\. Reload to see the change\.$/,
    );
  });

  it("rejects a viewer's status change with the server's message", async () => {
    const { plan } = await newPlan('Odour control');
    const [gap] = (await getActionPlan(plan.id, acme._id, clientOwner)).gaps;

    const error = await rejection(updateGapStatus(gap!.id, acme._id, 'closed', clientViewer));

    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(403);
    expect(getErrorText(error)).toBe(FORBIDDEN);
  });

  it('adds a remark with an image attachment', async () => {
    const { plan } = await newPlan('Spill control');
    const [gap] = (await getActionPlan(plan.id, acme._id, clientOwner)).gaps;
    const photo = new File([PNG_BYTES], 'spill.png', { type: 'image/png' });

    const { remark, gap: revision } = await addRemark(
      gap!.id,
      acme._id,
      { comments: 'Bund wall repaired', documents: [photo] },
      companyOwner,
    );

    expect(revision).toMatchObject({ id: gap!.id, version: gap!.version + 1 });
    expect(revision.changeHistory[0]).toMatchObject({
      field: 'remark',
      newValue: { remarkId: remark.id, attachments: 1 },
      changedBy: { name: 'Carlos Company', userType: 'targetCompany', role: 'owner' },
    });
    expect(remark.comments).toBe('Bund wall repaired');
    expect(remark.user).toMatchObject({ userType: 'targetCompany', role: 'owner' });
    expect(remark.docs).toHaveLength(1);
    expect(remark.docs[0]).toMatchObject({ fileName: 'spill.png', size: PNG_BYTES.length });
    expect(formatFileSizeKb(remark.docs[0]!.size)).toMatch(/KB/);
    const [reread] = (await getActionPlan(plan.id, acme._id, clientOwner)).gaps;
    expect(reread!.remark.map((listed) => listed.comments)).toContain('Bund wall repaired');
  });

  it('withdraws an image, then the whole remark, leaving a trace', async () => {
    const { plan } = await newPlan('Dust control');
    const [gap] = (await getActionPlan(plan.id, acme._id, clientOwner)).gaps;
    const photo = new File([PNG_BYTES], 'wrong.png', { type: 'image/png' });
    const { remark } = await addRemark(
      gap!.id,
      acme._id,
      { comments: 'Posted by mistake', documents: [photo, photo] },
      companyOwner,
    );
    expect(remark.withdrawableUntil).toEqual(expect.any(String));

    const { remark: withoutImage } = await withdrawRemarkDocument(
      remark.docs[0]!._id,
      companyOwner,
    );
    expect(withoutImage.comments).toBe('Posted by mistake');
    expect(withoutImage.docs.map((doc) => doc.withdrawn && doc.withdrawn.by.fullname)).toEqual([
      'Carlos Company',
      null,
    ]);

    const { remark: trace, gap: revision } = await withdrawRemark(
      gap!.id,
      remark.id,
      acme._id,
      companyOwner,
    );
    expect(revision.changeHistory.map((entry) => entry.field).slice(0, 3)).toEqual([
      'remark',
      'attachment',
      'remark',
    ]);
    expect(trace).toMatchObject({
      comments: '',
      withdrawn: { by: { fullname: 'Carlos Company' } },
    });
    const [reread] = (await getActionPlan(plan.id, acme._id, clientOwner)).gaps;
    expect(reread!.remark.find((listed) => listed.id === remark.id)).toEqual(trace);
  });

  it('exports the plans of a company as a CSV file named after it', async () => {
    const { blob, fileName } = await exportActionPlansCsv(acme._id, {}, clientOwner);

    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split(/\r?\n/)[0]).toMatch(/^\uFEFF"?Auditor"?,"?Audit Type"?,/);
    expect(text).toContain('Noise control');
    expect(fileName).toMatch(new RegExp(`^${acme._id}_esap_export_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  });

  it("refuses to export without a company id, with the spec's text", async () => {
    await expect(exportActionPlansCsv('', {}, clientOwner)).rejects.toThrow(
      TARGET_COMPANY_ID_NOT_FOUND,
    );
  });
});

describe('notifications', () => {
  it("pages the company owner's bell, marks one and then all read", async () => {
    const first = await listNotifications({ page: 1, pageSize: 2 }, companyOwner);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(2);
    expect(first.notifications.length).toBeGreaterThan(0);
    expect(first.unread).toBe(await getUnreadCount(companyOwner));
    const [latest] = first.notifications;
    const read = await markNotificationRead(latest!.id, companyOwner);
    expect(read.readAt).not.toBeNull();
    expect(await getUnreadCount(companyOwner)).toBe(first.unread - 1);
    expect(await markAllNotificationsRead(companyOwner)).toBe(0);
    expect(await getUnreadCount(companyOwner)).toBe(0);
  });

  it('reads and changes the switches; escalations stay on', async () => {
    const defaults = await getNotificationPreferences(clientViewer);
    expect(defaults.map((preference) => preference.kind)).toContain('escalation');
    const changed = await updateNotificationPreferences(
      [{ kind: 'remarkAdded', email: false }],
      clientViewer,
    );
    expect(changed.find((preference) => preference.kind === 'remarkAdded')).toMatchObject({
      email: false,
      inApp: true,
    });
    const refused = await rejection(
      updateNotificationPreferences([{ kind: 'escalation', email: false }], clientViewer),
    );
    expect(getErrorText(refused)).toBe('Escalations cannot be switched off.');
  });

  it("reads the organisation's time zone and lets its owner change it", async () => {
    expect(await getOrganisationSettings(clientViewer)).toEqual({ timeZone: 'UTC' });
    expect(await updateOrganisationSettings({ timeZone: 'Asia/Kolkata' }, clientOwner)).toEqual({
      timeZone: 'Asia/Kolkata',
    });
    expect(await getOrganisationSettings(clientViewer)).toEqual({ timeZone: 'Asia/Kolkata' });
    const refused = await rejection(updateOrganisationSettings({ timeZone: 'UTC' }, clientViewer));
    expect(getErrorText(refused)).toBe(FORBIDDEN);
  });
});

describe('serious incidents', () => {
  it('reports one with a photo, questions it, adds a corrective action and closes it', async () => {
    const clocks = await updateIncidentClocks(
      { notifyWithinDays: 2, rootCauseWithinDays: 20 },
      clientOwner,
    );
    expect(clocks).toMatchObject({
      notifyWithinDays: 2,
      rootCauseWithinDays: 20,
      isDefault: false,
    });
    expect(await getIncidentClocks(clientViewer)).toEqual(clocks);

    const location = `Boiler house ${randomUUID()}`;
    const reported = await reportIncident(
      acme._id,
      {
        category: 'fireOrExplosion',
        severity: 'medium',
        occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
        location,
        description: 'A small fire in the boiler house, put out with extinguishers.',
        peopleAffected: 0,
        immediateActions: 'Area cordoned off.',
      },
      companyOwner,
    );
    expect(reported.clocks).toMatchObject({ notifiedInTime: true, rootCauseLate: false });
    const withPhoto = await addIncidentPhotos(
      reported.id,
      [new File([PNG_BYTES], 'boiler.png', { type: 'image/png' })],
      companyOwner,
    );
    expect(withPhoto.photos).toEqual([expect.objectContaining({ fileName: 'boiler.png' })]);

    const portfolio = await getIncidentPortfolio(
      { open: true, category: 'fireOrExplosion' },
      clientOwner,
    );
    expect(portfolio.incidents.map((incident) => incident.location)).toContain(location);
    const company = await getCompanyIncidents(acme._id, { severity: 'medium' }, auditorOwner);
    expect(company.incidents.map((incident) => incident.id)).toContain(reported.id);
    const csv = await exportIncidentsCsv(acme._id, companyOwner);
    expect(await csv.blob.text()).toContain(location);

    const asked = await askIncidentQuestion(
      reported.id,
      'Was the fire brigade called?',
      clientOwner,
    );
    const answered = await answerIncidentQuestion(
      asked.questions[0]!.id,
      'No: it was out in two minutes.',
      companyOwner,
    );
    expect(answered.questions[0]).toMatchObject({ answer: 'No: it was out in two minutes.' });
    const corrected = await correctIncident(
      reported.id,
      {
        category: 'fireOrExplosion',
        severity: 'high',
        occurredAt: reported.occurredAt,
        location,
        description: reported.description,
        peopleAffected: 2,
        immediateActions: 'Area cordoned off; two workers seen by the site nurse.',
        revision: answered.revision,
      },
      companyOwner,
    );
    expect(corrected).toMatchObject({ severity: 'high', peopleAffected: 2 });
    const rooted = await submitRootCause(
      reported.id,
      { rootCause: 'Oil-soaked rags next to the burner.', revision: corrected.revision },
      companyOwner,
    );
    expect(rooted.rootCauseSubmittedAt).not.toBeNull();

    const { plan, audit } = await newPlan('Fire safety');
    const acted = await addCorrectiveAction(
      reported.id,
      plan.id,
      apGap('Housekeeping rounds in the boiler house'),
      companyOwner,
    );
    expect(acted.correctiveActions).toEqual([
      expect.objectContaining({
        actionPlanId: plan.id,
        auditId: audit._id,
        auditorId,
        gapName: 'Housekeeping rounds in the boiler house',
      }),
    ]);
    const linked = await getGapIncidents(acted.correctiveActions[0]!.gapId, auditorOwner);
    expect(linked.map((incident) => incident.id)).toEqual([reported.id]);

    const closed = await closeIncident(reported.id, acted.revision, clientOwner);
    expect(closed.closedAt).not.toBeNull();
    expect((await getIncident(reported.id, auditorOwner)).closedAt).toBe(closed.closedAt);
  });
});

describe('grievances', () => {
  it('records one, names who sees the complainant, moves it through its steps and counts it', async () => {
    const targets = await updateGrievanceTargets(
      acme._id,
      { acknowledgeWithinDays: 5, resolveWithinDays: 20 },
      companyOwner,
    );
    expect(targets).toMatchObject({
      acknowledgeWithinDays: 5,
      resolveWithinDays: 20,
      isDefault: false,
    });
    const ownerId = (await getCurrentUser(companyOwner))._id as string;
    expect(
      (await updateGrievanceIdentityViewers(acme._id, [ownerId], companyOwner)).identityViewerIds,
    ).toEqual([ownerId]);
    expect((await getGrievanceSettings(acme._id, clientViewer)).resolveWithinDays).toBe(20);

    const today = new Date().toISOString().slice(0, 10);
    const description = `No drinking water on the night shift ${randomUUID()}`;
    const recorded = await recordGrievance(
      acme._id,
      {
        channel: 'suggestionBox',
        receivedOn: today,
        complainantType: 'worker',
        category: 'workingConditions',
        description,
        anonymous: false,
        complainantName: 'Joseph Mwangi',
      },
      companyOwner,
    );
    expect(recorded).toMatchObject({ complainantName: 'Joseph Mwangi', identityWithheld: false });
    expect(await getGrievance(recorded.id, clientOwner)).toMatchObject({
      complainantName: null,
      identityWithheld: true,
    });

    let grievance = await takeGrievanceStep(
      recorded.id,
      { step: 'acknowledged', on: today, revision: recorded.revision },
      companyOwner,
    );
    grievance = await takeGrievanceStep(
      recorded.id,
      { step: 'investigated', on: today, text: 'The cooler broke in May.' },
      companyOwner,
    );
    grievance = await takeGrievanceStep(
      recorded.id,
      { step: 'resolved', on: today, text: 'A new cooler installed.' },
      companyOwner,
    );
    grievance = await takeGrievanceStep(
      recorded.id,
      { step: 'closed', on: today, response: 'satisfied' },
      companyOwner,
    );
    expect(grievance).toMatchObject({ closedOn: today, daysToResolve: 0, late: false });

    const portfolio = await getGrievancePortfolio({ category: 'workingConditions' }, clientOwner);
    expect(portfolio.grievances.map((row) => row.id)).toContain(recorded.id);
    expect(portfolio.counts.byMonth.at(-1)).toMatchObject({ month: today.slice(0, 7) });
    const company = await getCompanyGrievances(acme._id, { open: true }, auditorOwner);
    expect(company.grievances.map((row) => row.id)).not.toContain(recorded.id);
    const csv = await exportGrievancesCsv(acme._id, companyOwner);
    const text = await csv.blob.text();
    expect(text).toContain(description);
    expect(text).not.toContain('Joseph Mwangi');
  });
});
