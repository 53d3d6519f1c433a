// Bad input, sent to every route that takes text, a search, a date, an amount or a multipart body:
// each probe is a 400 with a clear message, and nothing changes in the database or the attachments.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  TEXT_LIMITS,
  gapRuleMessages,
  textRuleMessages,
  tooLongMessage,
} from '@verity/shared-api/src/server';
import { inputMessages } from '../../src/messages';
import { databaseDigest } from '../permissions/database-digest';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import {
  buildWorld,
  createPlan,
  gapsOf,
  inDays,
  validGap,
  validPlan,
  type World,
} from './action-plans/fixtures';

type Caller = keyof World['as'];
type Ids = Record<'planId' | 'gapId' | 'capaPlanId' | 'capaGapId', string>;

interface Probe {
  name: string;
  value: unknown;
  message: string;
}

const TEXT_PROBES: Probe[] = [
  { name: 'a NUL byte', value: 'Water\u0000use', message: textRuleMessages.controlCharacters },
  {
    name: 'an escape sequence',
    value: '\u001B[2Jclear',
    message: textRuleMessages.controlCharacters,
  },
  {
    name: 'a lone high surrogate',
    value: 'leaf \uD83C',
    message: textRuleMessages.brokenCharacters,
  },
  {
    name: 'a lone low surrogate',
    value: '\uDF31 leaf',
    message: textRuleMessages.brokenCharacters,
  },
];
/** What a URL can carry: percent-decoding never yields a lone surrogate (it becomes U+FFFD). */
const URL_PROBES = TEXT_PROBES.slice(0, 2);
const DATE_PROBES: Probe[] = [
  '99999-01-01',
  '+275760-09-13T00:00:00Z',
  '0001-01-01',
  '1899-12-31',
].map((value) => ({ name: value, value, message: gapRuleMessages.dateOutOfRange }));
/** A full name is one line: line breaks, tabs and the Unicode line separators are refused. */
const NAME_PROBES: Probe[] = [
  ['CR LF', 'Ada\r\nLovelace'],
  ['LF', 'Ada\nLovelace'],
  ['CR', 'Ada\rLovelace'],
  ['a tab', 'Ada\tLovelace'],
  ['the line separator', 'Ada\u2028Lovelace'],
].map(([name, value]) => ({
  name: `a full name with ${name}`,
  value,
  message: textRuleMessages.personNameOnOneLine,
}));
const AMOUNT_PROBES: Probe[] = [1e16, 1e300, '1e16', 1_000_000_000_000].map((value) => ({
  name: String(value),
  value,
  message: gapRuleMessages.amountTooLarge,
}));

/** Sets `value` at a dotted path of a copy of `body` ('gap.fields.f1.name'; '*' renames the key). */
function withValue(body: object, pathText: string, value: unknown): object {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = pathText.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (last === '*') {
    const [only] = Object.entries(node);
    for (const key of Object.keys(node)) delete node[key];
    node[String(value)] = only?.[1];
  } else if (Array.isArray(node[last])) {
    node[last] = [value];
  } else {
    node[last] = value;
  }
  return copy;
}

interface JsonTarget {
  route: string;
  as: Caller;
  body: (world: World) => object;
  request: (world: World, ids: Ids, body: object) => InjectOptions;
  texts: string[];
  /** Full names: one line (NAME_PROBES). */
  names?: string[];
  dates?: string[];
  amounts?: string[];
}

const gapTexts = (prefix: string) =>
  [
    'KPI',
    'gapName',
    'recommendation',
    'responsibility',
    'actionTakenByCompany',
    'residualRisk',
    'riskSeverity',
    'ESGAspect',
    'impactedSDGs',
    'fields.f1.name',
    'fields.f1.value',
    'fields.*',
    'addOns.a1.value',
  ].map((field) => prefix + field);

const gapWithMaps = () => ({
  ...validGap(),
  fields: { f1: { name: 'Site', value: 'North' } },
  addOns: { a1: { name: 'Budget', value: 'Approved' } },
});

const capaGap = () => ({
  ...gapWithMaps(),
  ESGAspect: undefined,
  areaCode: 'Z-9',
  amount: { currency: 'USD', value: 1250.5 },
});

const capaPlan = () => ({ ...validPlan(), formType: 'capa', gap: capaGap() });

const JSON_TARGETS: JsonTarget[] = [
  {
    route: 'POST /target-company',
    as: 'clientOwner',
    body: (world) => ({
      targetCompanyName: 'Delta Mills',
      registeredName: 'Delta Mills Ltd',
      emailId: 'new.person@verity.test',
      companyType: 'borrower',
      fullname: 'New Person',
      sub: 'sub-1',
      auditorId: world.greenAuditId,
      auditType: ['esap'],
      auditCategory: ['Environment'],
      formType: ['ap'],
    }),
    request: (_world, _ids, payload) => ({ method: 'POST', url: '/target-company', payload }),
    texts: [
      'targetCompanyName',
      'registeredName',
      'emailId',
      'companyType',
      'fullname',
      'sub',
      'auditType',
      'auditCategory',
      'formType',
    ],
    names: ['fullname'],
  },
  {
    route: 'POST /client/add-target-company-auditor',
    as: 'clientOwner',
    body: (world) => ({
      targetCompanyId: world.betaId,
      auditorId: world.otherFirmId,
      auditType: ['esap'],
      auditCategory: ['Environment'],
      formType: ['ap'],
    }),
    request: (_world, _ids, payload) => ({
      method: 'POST',
      url: '/client/add-target-company-auditor',
      payload,
    }),
    texts: ['auditType', 'auditCategory', 'formType'],
  },
  {
    route: 'POST /auditor',
    as: 'clientOwner',
    body: () => ({
      emailId: 'new.person@verity.test',
      sub: 'sub-2',
      registeredName: 'Firm Ltd',
      auditorName: 'Firm',
    }),
    request: (_world, _ids, payload) => ({ method: 'POST', url: '/auditor', payload }),
    texts: ['emailId', 'sub', 'registeredName', 'auditorName'],
  },
  ...(
    [
      ['POST /client/user', 'clientOwner'],
      ['POST /auditor/user', 'auditorOwner'],
      ['POST /target-company/user', 'companyOwner'],
    ] as const
  ).map(([route, as]): JsonTarget => ({
    route,
    as,
    body: () => ({ emailId: 'fresh.user@verity.test', fullname: 'Fresh User', role: 'viewer' }),
    request: (_world, _ids, payload) => ({
      method: 'POST',
      url: route.replace('POST ', ''),
      payload,
    }),
    texts: ['emailId', 'fullname', 'role'],
    names: ['fullname'],
  })),
  {
    route: 'POST /target-company/audit',
    as: 'clientOwner',
    body: (world) => ({
      targetCompanyId: world.acmeId,
      auditorId: world.greenAuditId,
      auditType: 'esap',
      auditCategory: 'Environment',
      auditForm: 'ap',
      fields: { 0: { id: 'site', name: 'Site', placeholder: 'Which site?', type: 'text' } },
    }),
    request: (_world, _ids, payload) => ({
      method: 'POST',
      url: '/target-company/audit',
      payload: {
        ...payload,
        fields: Object.values((payload as { fields: object }).fields),
      },
    }),
    texts: [
      'auditType',
      'auditCategory',
      'auditForm',
      'fields.0.id',
      'fields.0.name',
      'fields.0.placeholder',
      'fields.0.type',
    ],
  },
  {
    route: 'POST /action-plan',
    as: 'auditorOwner',
    body: () => ({ ...validPlan(), gap: gapWithMaps() }),
    request: (world, _ids, payload) => ({
      method: 'POST',
      url: '/action-plan',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.ap },
      payload,
    }),
    texts: ['actionPlanHeading', 'category', 'formType', ...gapTexts('gap.')],
    dates: ['timeline', 'gap.dueDate', 'gap.timeline'],
  },
  {
    route: 'POST /action-plan (capa)',
    as: 'auditorOwner',
    body: capaPlan,
    request: (world, _ids, payload) => ({
      method: 'POST',
      url: '/action-plan',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.capa },
      payload,
    }),
    texts: ['gap.areaCode', 'gap.amount.currency'],
    amounts: ['gap.amount.value'],
  },
  {
    route: 'POST /action-plan/{actionPlanId}/gaps',
    as: 'auditorOwner',
    body: gapWithMaps,
    request: (world, ids, payload) => ({
      method: 'POST',
      url: `/action-plan/${ids.planId}/gaps`,
      query: { auditId: world.audits.ap },
      payload,
    }),
    texts: gapTexts(''),
    dates: ['dueDate', 'timeline'],
  },
  {
    route: 'POST /action-plan/{actionPlanId}/gaps (capa)',
    as: 'auditorOwner',
    body: capaGap,
    request: (world, ids, payload) => ({
      method: 'POST',
      url: `/action-plan/${ids.capaPlanId}/gaps`,
      query: { auditId: world.audits.capa },
      payload,
    }),
    texts: ['areaCode'],
    amounts: ['amount.value'],
  },
  {
    route: 'PUT /gap/{gapId}',
    as: 'auditorOwner',
    body: gapWithMaps,
    request: (world, ids, payload) => ({
      method: 'PUT',
      url: `/gap/${ids.gapId}`,
      query: { auditId: world.audits.ap },
      payload,
    }),
    texts: [...gapTexts(''), 'reason'],
    dates: ['dueDate', 'timeline'],
  },
  {
    route: 'PUT /gap/{gapId} (capa)',
    as: 'auditorOwner',
    body: capaGap,
    request: (world, ids, payload) => ({
      method: 'PUT',
      url: `/gap/${ids.capaGapId}`,
      query: { auditId: world.audits.capa },
      payload,
    }),
    texts: ['areaCode', 'amount.currency'],
    amounts: ['amount.value'],
  },
  {
    route: 'PUT /action-plan/{id}',
    as: 'auditorOwner',
    body: () => ({
      actionPlanHeading: 'Water stewardship',
      category: 'environment',
      timeline: inDays(70),
      reason: 'The programme was extended',
    }),
    request: (world, ids, payload) => ({
      method: 'PUT',
      url: `/action-plan/${ids.planId}`,
      query: { auditId: world.audits.ap },
      payload,
    }),
    texts: ['actionPlanHeading', 'category', 'reason'],
    dates: ['timeline'],
  },
  {
    route: 'PATCH /gap/{id}/status',
    as: 'clientOwner',
    body: () => ({ status: 'closed' }),
    request: (world, ids, payload) => ({
      method: 'PATCH',
      url: `/gap/${ids.gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload,
    }),
    texts: ['status'],
  },
];

interface UrlTarget {
  route: string;
  as: Caller;
  /** The request with `text` placed in one parameter (percent-encoded by the caller). */
  request: (world: World, ids: Ids, text: string) => InjectOptions;
}

const q = (text: string) => encodeURIComponent(text);

/** [JSON target's route, field, limit, the field's name in the message]. */
const LENGTH_CASES: [string, string, number, string][] = [
  ['POST /target-company', 'targetCompanyName', TEXT_LIMITS.organisationName, 'Company name'],
  ['POST /target-company', 'registeredName', TEXT_LIMITS.organisationName, 'Registered name'],
  ['POST /target-company', 'fullname', TEXT_LIMITS.personName, 'Full name'],
  ['POST /client/user', 'fullname', TEXT_LIMITS.personName, 'Full name'],
  ['POST /auditor', 'auditorName', TEXT_LIMITS.organisationName, 'Auditor name'],
  ['POST /auditor', 'registeredName', TEXT_LIMITS.organisationName, 'Registered name'],
  ['POST /action-plan', 'actionPlanHeading', TEXT_LIMITS.actionPlanHeading, 'Action plan heading'],
  ['POST /action-plan', 'gap.KPI', TEXT_LIMITS.kpi, 'KPI'],
  [
    'POST /action-plan/{actionPlanId}/gaps',
    'recommendation',
    TEXT_LIMITS.findingText,
    'Recommendation',
  ],
  ['PUT /gap/{gapId}', 'gapName', TEXT_LIMITS.gapName, 'Gap name'],
  ['PUT /gap/{gapId}', 'fields.f1.value', TEXT_LIMITS.customFieldValue, 'Each custom field value'],
  ['PUT /gap/{gapId} (capa)', 'areaCode', TEXT_LIMITS.areaCode, 'Area code'],
  ['PUT /gap/{gapId}', 'reason', TEXT_LIMITS.changeReason, 'A reason'],
  [
    'PUT /action-plan/{id}',
    'actionPlanHeading',
    TEXT_LIMITS.actionPlanHeading,
    'Action plan heading',
  ],
  ['PUT /action-plan/{id}', 'reason', TEXT_LIMITS.changeReason, 'A reason'],
];

const URL_TARGETS: UrlTarget[] = [
  {
    route: 'GET /action-plan/{auditId}/action-plans ?search',
    as: 'clientOwner',
    request: (world, _ids, text) => ({
      method: 'GET',
      url: `/action-plan/${world.audits.ap}/action-plans?targetCompanyId=${world.acmeId}&search=${q(text)}`,
    }),
  },
  {
    route: 'GET /action-plan/{auditId}/action-plans ?page',
    as: 'clientOwner',
    request: (world, _ids, text) => ({
      method: 'GET',
      url: `/action-plan/${world.audits.ap}/action-plans?targetCompanyId=${world.acmeId}&page=${q(text)}`,
    }),
  },
  {
    route: 'GET /action-plan/{actionPlanId}/gaps ?pageSize',
    as: 'clientOwner',
    request: (world, ids, text) => ({
      method: 'GET',
      url: `/action-plan/${ids.planId}/gaps?targetCompanyId=${world.acmeId}&pageSize=${q(text)}`,
    }),
  },
  {
    route: 'GET /gap/{gapId}/remarks ?before',
    as: 'clientOwner',
    request: (world, ids, text) => ({
      method: 'GET',
      url: `/gap/${ids.gapId}/remarks?targetCompanyId=${world.acmeId}&before=${q(text)}`,
    }),
  },
  {
    route: 'GET /gap/{gapId}/remarks ?pageSize',
    as: 'clientOwner',
    request: (world, ids, text) => ({
      method: 'GET',
      url: `/gap/${ids.gapId}/remarks?targetCompanyId=${world.acmeId}&pageSize=${q(text)}`,
    }),
  },
  {
    route: 'GET /gap/{gapId}/changes ?before',
    as: 'clientOwner',
    request: (world, ids, text) => ({
      method: 'GET',
      url: `/gap/${ids.gapId}/changes?targetCompanyId=${world.acmeId}&before=${q(text)}`,
    }),
  },
  {
    route: 'GET /gap/{gapId}/changes ?pageSize',
    as: 'clientOwner',
    request: (world, ids, text) => ({
      method: 'GET',
      url: `/gap/${ids.gapId}/changes?targetCompanyId=${world.acmeId}&pageSize=${q(text)}`,
    }),
  },
  {
    route: 'GET /client/users ?search',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({ method: 'GET', url: `/client/users?search=${q(text)}` }),
  },
  {
    route: 'GET /target-company ?search',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({ method: 'GET', url: `/target-company?search=${q(text)}` }),
  },
  {
    route: 'GET /auditor/target-company ?search',
    as: 'auditorOwner',
    request: (_world, _ids, text) => ({
      method: 'GET',
      url: `/auditor/target-company?search=${q(text)}`,
    }),
  },
  {
    route: 'GET /target-company ?targetCompanyId',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({
      method: 'GET',
      url: `/target-company?targetCompanyId=${q(text)}`,
    }),
  },
  {
    route: 'GET /target-company/auditors ?auditorId',
    as: 'clientOwner',
    request: (world, _ids, text) => ({
      method: 'GET',
      url: `/target-company/auditors?targetCompanyId=${world.acmeId}&auditorId=${q(text)}`,
    }),
  },
  {
    route: 'GET /target-company/auditors ?auditType',
    as: 'clientOwner',
    request: (world, _ids, text) => ({
      method: 'GET',
      url: `/target-company/auditors?targetCompanyId=${world.acmeId}&auditType=${q(text)}`,
    }),
  },
  {
    route: 'GET /target-company/{auditorId}/audits ?auditCategory',
    as: 'clientOwner',
    request: (world, _ids, text) => ({
      method: 'GET',
      url: `/target-company/${world.greenAuditId}/audits?targetCompanyId=${world.acmeId}&auditorId=${world.greenAuditId}&auditCategory=${q(text)}`,
    }),
  },
  ...[
    'status',
    'risk',
    'requirement',
    'sdg',
    'overdueAge',
    'closure',
    'dueFrom',
    'sort',
    'order',
  ].map((field): UrlTarget => ({
    route: `GET /portfolio/gaps ?${field}`,
    as: 'clientOwner',
    request: (_world, _ids, text) => ({
      method: 'GET',
      url: `/portfolio/gaps?${field}=${q(text)}`,
    }),
  })),
  {
    route: 'GET /portfolio/gaps ?targetCompanyId',
    as: 'auditorOwner',
    request: (_world, _ids, text) => ({
      method: 'GET',
      url: `/portfolio/gaps?targetCompanyId=${q(text)}`,
    }),
  },
  {
    route: 'GET /portfolio/gaps/export/csv ?dueTo',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({
      method: 'GET',
      url: `/portfolio/gaps/export/csv?dueFrom=2026-01-01&dueTo=${q(text)}`,
    }),
  },
  {
    route: 'GET /accounts/user ?email',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({ method: 'GET', url: `/accounts/user?email=${q(text)}` }),
  },
  {
    route: 'GET /action-plan/export/csv ?targetCompanyId',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({
      method: 'GET',
      url: `/action-plan/export/csv?targetCompanyId=${q(text)}`,
    }),
  },
  {
    route: 'GET /action-plan/export/csv ?auditId',
    as: 'clientOwner',
    request: (world, _ids, text) => ({
      method: 'GET',
      url: `/action-plan/export/csv?targetCompanyId=${world.acmeId}&auditId=${q(text)}`,
    }),
  },
  {
    route: 'GET /target-company ?auditorId',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({
      method: 'GET',
      url: `/target-company?auditorId=${q(text)}`,
    }),
  },
  {
    route: 'GET /action-plan/{id} (path)',
    as: 'clientOwner',
    request: (world, _ids, text) => ({
      method: 'GET',
      url: `/action-plan/${q(text)}?targetCompanyId=${world.acmeId}`,
    }),
  },
  {
    route: 'DELETE /client/user/{id} (path)',
    as: 'clientOwner',
    request: (_world, _ids, text) => ({ method: 'DELETE', url: `/client/user/${q(text)}` }),
  },
];

/** Calendar days the date format takes but no date column holds, in a URL's date filters. */
const URL_DATE_PROBES: Probe[] = ['0000-01-01', '1899-12-31'].map((value) => ({
  name: value,
  value,
  message: gapRuleMessages.dateOutOfRange,
}));

const URL_DATE_TARGETS: UrlTarget[] = ['/portfolio/gaps', '/portfolio/gaps/export/csv'].flatMap(
  (path) =>
    ['dueFrom', 'dueTo'].map((field) => ({
      route: `GET ${path} ?${field}`,
      as: 'clientOwner' as const,
      request: (_world: World, _ids: Ids, text: string) => ({
        method: 'GET' as const,
        url: `${path}?${field}=${q(text)}`,
      }),
    })),
);

const BOUNDARY = '----verity-fuzz';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipartBody(comments: string, fileName = 'site.png'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n${comments}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const whole = multipartBody('Seen on the visit');

interface MultipartProbe {
  name: string;
  contentType: string;
  payload: Buffer | string;
  message: string;
}

const MULTIPART_PROBES: MultipartProbe[] = [
  {
    name: 'comments one character past their limit',
    contentType: MULTIPART_TYPE,
    payload: multipartBody('x'.repeat(TEXT_LIMITS.remark + 1)),
    message: tooLongMessage('A remark', TEXT_LIMITS.remark),
  },
  ...URL_PROBES.map((probe) => ({
    name: `comments with ${probe.name}`,
    contentType: MULTIPART_TYPE,
    payload: multipartBody(String(probe.value)),
    message: probe.message,
  })),
  ...URL_PROBES.map((probe) => ({
    name: `a file name with ${probe.name}`,
    contentType: MULTIPART_TYPE,
    payload: multipartBody('Seen', `site${String(probe.value)}.png`),
    message: probe.message,
  })),
  {
    name: 'no boundary',
    contentType: 'multipart/form-data',
    payload: whole,
    message: inputMessages.malformedUpload,
  },
  {
    name: 'a body cut off inside a file',
    contentType: MULTIPART_TYPE,
    payload: whole.subarray(0, whole.length - 30),
    message: inputMessages.malformedUpload,
  },
  {
    name: 'a body cut off inside a field',
    contentType: MULTIPART_TYPE,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="comments"\r\n\r\nSeen on`,
    message: inputMessages.malformedUpload,
  },
  {
    name: 'a boundary that never appears',
    contentType: 'multipart/form-data; boundary=not-the-one',
    payload: whole,
    message: inputMessages.malformedUpload,
  },
  {
    name: 'JSON sent as multipart',
    contentType: MULTIPART_TYPE,
    payload: '{"comments":"Seen"}',
    message: inputMessages.malformedUpload,
  },
];

describe.each(databaseKinds)('bad input on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let ids: Ids;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    const planId = await createPlan(world);
    const capaPlanId = await createPlan(world, capaPlan(), world.audits.capa);
    ids = {
      planId,
      gapId: (await gapsOf(world, planId))[0]!.id,
      capaPlanId,
      capaGapId: (await gapsOf(world, capaPlanId))[0]!.id,
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const attachments = () =>
    readdir(path.join(database.env.DATA_DIR, 'attachments')).catch(() => [] as string[]);

  /** Sends the request and expects a 400 with `message` that changed no row and no stored file. */
  async function expectRefused(as: Caller, options: InjectOptions, message: string) {
    const before = { rows: await databaseDigest(app), files: await attachments() };
    const response = await world.as[as]({ ...options, url: `/api/v1${String(options.url)}` });
    expect({ status: response.statusCode, message: response.json().message }).toEqual({
      status: 400,
      message,
    });
    expect({ rows: await databaseDigest(app), files: await attachments() }).toEqual(before);
  }

  const jsonCases = JSON_TARGETS.flatMap((target) =>
    (
      [
        [target.texts, TEXT_PROBES],
        [target.names ?? [], NAME_PROBES],
        [target.dates ?? [], DATE_PROBES],
        [target.amounts ?? [], AMOUNT_PROBES],
      ] as const
    ).flatMap(([fields, probes]) =>
      fields.flatMap((field) =>
        probes.map((probe) => [target.route, field, probe.name, target, field, probe] as const),
      ),
    ),
  );

  it.each(jsonCases)('%s: %s with %s', async (_route, _field, _probe, target, field, probe) => {
    const body = withValue(target.body(world), field, probe.value);
    await expectRefused(target.as, target.request(world, ids, body), probe.message);
  });

  // One character past each text's limit: refused in words that name the field, nothing stored.
  const lengthCases = LENGTH_CASES.map(
    ([route, field, max, label]) =>
      [route, field, max, JSON_TARGETS.find((target) => target.route === route)!, label] as const,
  );

  it.each(lengthCases)(
    '%s: %s one character past %d',
    async (_route, field, max, target, label) => {
      const body = withValue(target.body(world), field, 'x'.repeat(max + 1));
      await expectRefused(target.as, target.request(world, ids, body), tooLongMessage(label, max));
    },
  );

  const urlCases = URL_TARGETS.flatMap((target) =>
    URL_PROBES.map((probe) => [target.route, probe.name, target, probe] as const),
  );

  it.each(urlCases)('%s with %s', async (_route, _probe, target, probe) => {
    await expectRefused(target.as, target.request(world, ids, String(probe.value)), probe.message);
  });

  const urlDateCases = URL_DATE_TARGETS.flatMap((target) =>
    URL_DATE_PROBES.map((probe) => [target.route, probe.name, target, probe] as const),
  );

  it.each(urlDateCases)('%s with %s', async (_route, _probe, target, probe) => {
    await expectRefused(target.as, target.request(world, ids, String(probe.value)), probe.message);
  });

  it.each(MULTIPART_PROBES.map((probe) => [probe.name, probe] as const))(
    'PATCH /gap/{id}/remark: %s',
    async (_name, probe) => {
      await expectRefused(
        'companyOwner',
        {
          method: 'PATCH',
          url: `/gap/${ids.gapId}/remark`,
          query: { targetCompanyId: world.acmeId },
          headers: { 'content-type': probe.contentType },
          payload: probe.payload,
        },
        probe.message,
      );
    },
  );

  it('takes the same requests without the probes (the probes are what is refused)', async () => {
    const plan = await world.as.auditorOwner({
      method: 'POST',
      url: '/api/v1/action-plan',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.capa },
      payload: { ...capaPlan(), timeline: inDays(80) },
    });
    expect(plan.statusCode).toBe(201);
    const remark = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${ids.gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      headers: { 'content-type': MULTIPART_TYPE },
      payload: multipartBody('Seen on the visit: tabs\tand\r\nline breaks, 🌱 and é'),
    });
    expect(remark.statusCode).toBe(200);
    expect(remark.json().data.remark.comments).toBe(
      'Seen on the visit: tabs\tand\r\nline breaks, 🌱 and é',
    );
    const search = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${world.audits.ap}/action-plans?targetCompanyId=${world.acmeId}&search=${q('🌱 Water')}`,
    });
    expect(search.statusCode).toBe(200);
  });
});
