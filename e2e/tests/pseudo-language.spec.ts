// Every text a screen shows comes from a catalogue (docs/decisions/0109-languages.md): in the
// pseudo-language every catalogue text is accented and ⟦bracketed⟧, so a text still plain on the
// screen must be data the API sent (a name, a gap's words), a date or a number; anything else is a
// text written past the catalogues, and this test names it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ebrdWorkbook, nextYear } from '../../api/test/esap-import/esap-fixtures';
import { effluentPlan, ownAcmePlan } from '../support/demo';
import { personOn, switchTo, type Area } from '../support/session';

const PSEUDO = 'en-XA';

/** Every string value of the API's JSON answers this page received: what the screens may show as sent. */
function collectData(page: Page): Set<string> {
  const data = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') data.add(value.trim());
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  page.on('response', async (response) => {
    if (!response.url().includes('/api/v1/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    walk(await response.json().catch(() => undefined));
  });
  return data;
}

/** The product's name, written as it is in every language. */
const NAMES = new Set(['Verity']);

/** Dates, times, numbers, counts, arrows and punctuation: written by Intl or the app, not words. */
const FIGURE =
  /^[\d\s.,:;/%()+\-–—#·|×•…→←↑↓▲▼▸*]*(?:(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|AM|PM|KB|MB|px)\b[\d\s.,:/%()\-–]*)*$/;

/**
 * A piece of a catalogue text the page split around the links it holds ('⟦', '3', ' öf ', '5', '⟧'):
 * accented as the pseudo-language writes, with none of the letters it accents left plain.
 */
const PSEUDO_PIECE = /^(?=.*[àçéîñöûšýÀÇÉÎÑÖÛŠÝ])[^aceinousyACEINOUSY]*$/;

/** The visible text nodes of the page that are neither a catalogue's text nor data nor a figure. */
async function plainTexts(page: Page, data: Set<string>): Promise<string[]> {
  const texts: string[] = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, [hidden]')) continue;
      if (parent.closest('.vui-sr-only') === null && parent.getClientRects().length === 0) continue;
      found.push(text);
    }
    return found;
  });
  return [...new Set(texts)].filter(
    (text) =>
      !text.includes('⟦') &&
      !text.includes('⟧') &&
      !FIGURE.test(text) &&
      !PSEUDO_PIECE.test(text) &&
      !NAMES.has(text) &&
      !data.has(text) &&
      // A list of the API's values, joined ('IFC PS1, IFC PS3').
      !text.split(/,\s*/).every((part) => data.has(part)) &&
      ![...data].some((value) => value.length > 2 && value.includes(text)),
  );
}

const PLAIN = 'aceinousyACEINOUSY';
const ACCENTS = [...'àçéîñöûšýÀÇÉÎÑÖÛŠÝ'];

/** A text as the pseudo-language writes it (as session/src/language/texts.ts does). */
const pseudo = (text: string) =>
  `⟦${text.replace(/[a-zA-Z]/g, (letter) => ACCENTS[PLAIN.indexOf(letter)] ?? letter)}⟧`;

/** A name as the pseudo-language writes it, or as written: a text still plain is found, then named. */
const named = (text: string) => {
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:${escape(pseudo(text))}|${escape(text)})$`);
};

/** A page whose title is in, with nothing left loading. */
async function settled(shown: Page) {
  await expect(shown.getByRole('heading', { level: 1 })).toContainText(/⟦|\S/);
  await expect(shown.locator('.vui-loading-state, table[aria-busy="true"]')).toHaveCount(0);
}

/** A plan's page with a gap's panel open over it. */
const gapPanel = async (shown: Page) => expect(shown.getByRole('dialog')).toContainText('⟦');

/** The ESAP import screen with a lender's workbook read: its columns, first rows and statuses. */
const esapRead = async (shown: Page) => {
  await settled(shown);
  await shown.getByLabel(named('ESAP spreadsheet (.xlsx or .csv)')).setInputFiles({
    name: 'danube-steel-esap.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await ebrdWorkbook({ year: nextYear() }),
  });
  await shown.getByRole('button', { name: named('Read file') }).click();
  await expect(shown.getByRole('region', { name: named('ESAP statuses') })).toBeVisible();
};

/** A page settled, then one of its buttons pressed, and the dialog it opens shown. */
const dialogOf = (button: string) => async (shown: Page) => {
  await settled(shown);
  await shown
    .getByRole('button', { name: named(button) })
    .first()
    .click();
  await expect(shown.getByRole('dialog')).toBeVisible();
};

/** Signs in (in English, as the sign-in helpers read the buttons), then turns the device to pseudo. */
async function inPseudoLanguage(page: Page, area: Area, email?: string) {
  await page.goto('/login');
  await page.evaluate(() => window.localStorage.removeItem('verity.language'));
  await switchTo(page, area, email);
  await page.evaluate(
    (language) => window.localStorage.setItem('verity.language', language),
    PSEUDO,
  );
}

/** As Acme Steel's owner, in a browser of their own: a serious incident and a grievance, tagged. */
async function ownIncidentAndGrievance(browser: Browser, companyId: string, tag: string) {
  const company = await personOn(browser, 'targetCompany');
  try {
    const incident = await company.request.post(`/api/v1/target-company/${companyId}/incidents`, {
      data: {
        category: 'spillOrRelease',
        severity: 'medium',
        occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
        location: `Effluent outfall ${tag}`,
        description: `Caustic soda spill at the outfall (${tag}).`,
        peopleAffected: 0,
        immediateActions: 'Area bunded',
      },
    });
    expect(incident.status(), await incident.text()).toBe(201);
    const grievance = await company.request.post(`/api/v1/target-company/${companyId}/grievances`, {
      data: {
        channel: 'suggestionBox',
        receivedOn: new Date().toISOString().slice(0, 10),
        complainantType: 'community',
        category: 'healthAndSafety',
        description: `Dust over the village (${tag}).`,
        anonymous: true,
      },
    });
    expect(grievance.status(), await grievance.text()).toBe(201);
    const idOf = async (answer: typeof incident, key: string) =>
      ((await answer.json()) as { data: Record<string, { id: string }> }).data[key]!.id;
    return {
      incidentId: await idOf(incident, 'incident'),
      grievanceId: await idOf(grievance, 'grievance'),
    };
  } finally {
    await company.context().close();
  }
}

test('every text the evidence loop’s screens show comes from a catalogue', async ({
  page,
  browser,
}) => {
  const tag = `pseudo-${Date.now().toString(36)}`;
  const plan = await ownAcmePlan(browser, effluentPlan(tag));
  const { incidentId, grievanceId } = await ownIncidentAndGrievance(browser, plan.companyId, tag);
  const data = collectData(page);
  const client = `/client/target-companies/${plan.companyId}`;
  const auditor = `/auditor/target-companies/${plan.companyId}`;
  const audit = `${auditor}/audits/${plan.auditId}`;
  const screens: {
    area: Area;
    email?: string;
    path: string;
    ready: (page: Page) => Promise<void>;
  }[] = [
    {
      area: 'targetCompany',
      email: 'company.editor@verity.test',
      path: '/target-company/dashboard',
      ready: async (shown) => expect(shown.getByRole('heading', { level: 1 })).toContainText('⟦'),
    },
    {
      area: 'targetCompany',
      email: 'company.editor@verity.test',
      path: `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
      ready: async (shown) => expect(shown.getByRole('dialog')).toContainText('⟦'),
    },
    {
      area: 'client',
      path: '/client/dashboard',
      ready: async (shown) => expect(shown.getByRole('heading', { level: 1 })).toContainText('⟦'),
    },
    {
      area: 'client',
      path: '/client/portfolio/gaps',
      ready: async (shown) => expect(shown.getByRole('table')).toContainText('⟦'),
    },
    {
      area: 'auditor',
      path: `/auditor/target-companies/${plan.companyId}/audits/${plan.auditId}/action-plans/${plan.planId}`,
      ready: async (shown) => expect(shown.getByRole('table')).toContainText('⟦'),
    },
    // Every other screen of the client's and the auditor's areas, and the dialogs they open.
    ...(
      [
        ['/client/portfolio', settled],
        ['/client/portfolio/incidents', settled],
        ['/client/portfolio/grievances', settled],
        ['/client/users', settled],
        ['/client/users', dialogOf('Add New User')],
        ['/client/auditors', settled],
        ['/client/auditors', dialogOf('Add New Auditor')],
        ['/client/settings', settled],
        ['/client/target-companies', settled],
        ['/client/target-companies', dialogOf('Add Target Company')],
        [`${client}/dashboard`, settled],
        [`${client}/dashboard`, dialogOf('Download report')],
        [`${client}/manage`, settled],
        [`${client}/auditors`, settled],
        [`${client}/auditors`, dialogOf('Add New Auditor')],
        [`${client}/auditors/${plan.auditorId}`, settled],
        [`${client}/auditors/${plan.auditorId}`, dialogOf('Add New Audit')],
        [`${client}/auditors/${plan.auditorId}/${plan.auditId}/action-plans`, settled],
        [
          `${client}/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
          gapPanel,
        ],
        [`${client}/monitoring-reports`, settled],
        [`${client}/incidents`, settled],
        [`${client}/incidents/${incidentId}`, settled],
        [`${client}/grievances`, settled],
        [`${client}/grievances/${grievanceId}`, settled],
      ] as const
    ).map(([path, ready]) => ({ area: 'client' as const, path, ready })),
    ...(
      [
        ['/auditor/target-companies', settled],
        ['/auditor/dashboard', settled],
        ['/auditor/portfolio', settled],
        ['/auditor/portfolio/gaps', settled],
        ['/auditor/users', settled],
        ['/auditor/users', dialogOf('Add New User')],
        [`${auditor}/incidents`, settled],
        [`${auditor}/incidents/${incidentId}`, settled],
        [`${auditor}/grievances`, settled],
        [`${auditor}/grievances/${grievanceId}`, settled],
        [`${auditor}/audits`, settled],
        [`${audit}/action-plans`, settled],
        [`${audit}/action-plans/${plan.planId}?gap_id=${plan.gapId}`, gapPanel],
        [`${audit}/action-plans/${plan.planId}`, dialogOf('Edit Plan')],
        [`${audit}/action-plans/${plan.planId}`, dialogOf('Add Gap')],
        [`${audit}/create-audit`, settled],
        [`${audit}/import-esap`, settled],
        [`${audit}/import-esap`, esapRead],
      ] as const
    ).map(([path, ready]) => ({ area: 'auditor' as const, path, ready })),
  ];
  const found: string[] = [];
  let signedIn: string | undefined;
  for (const screen of screens) {
    const who = `${screen.area} ${screen.email ?? ''}`;
    if (signedIn !== who) {
      await inPseudoLanguage(page, screen.area, screen.email);
      signedIn = who;
    }
    // A step per screen, so a screen that never shows is named.
    await test.step(screen.path, async () => {
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
      await screen.ready(page);
      found.push(...(await plainTexts(page, data)).map((text) => `${screen.path}: ${text}`));
    });
  }
  expect(found).toEqual([]);
});
