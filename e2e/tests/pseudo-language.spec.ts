// Every text a screen shows comes from a catalogue (docs/decisions/0109-languages.md): in the
// pseudo-language every catalogue text is accented and ⟦bracketed⟧, so a text still plain on the
// screen must be data the API sent (a name, a gap's words), a date or a number; anything else is a
// text written past the catalogues, and this test names it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ebrdWorkbook, nextYear } from '../../api/test/esap-import/esap-fixtures';
import { effluentPlan, ownAcmePlan } from '../support/demo';
import { openInApp, personOn, switchTo, type Area } from '../support/session';

const PSEUDO = 'en-XA';

/**
 * Every string value of the API's JSON answers this page received: what the screens may show as
 * sent. `settled` waits for the answers still being read.
 */
function collectData(page: Page) {
  const data = new Set<string>();
  const reading = new Set<Promise<void>>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') data.add(value.trim());
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  page.on('response', (response) => {
    if (!response.url().includes('/api/v1/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    const read: Promise<void> = response
      .json()
      .then(walk, () => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  return { data, settled: () => Promise.all([...reading]) };
}

/** The product's name, and each language's name in its own words where a language is chosen. */
const NAMES = new Set([
  'Verity',
  'English',
  'Français',
  'Español',
  'Português',
  'Türkçe',
  'العربية',
]);

/** A date field's pattern ('dd/mm/yyyy', 'dd.mm.yyyy'): the field's letters, not words. */
const DATE_PATTERN = /^[dmy]+(?:[./\-\s][dmy]+)+$/;

/** Dates, times, numbers, counts, arrows, punctuation and the required field's mark: written by Intl or the app, not words. */
const FIGURE =
  /^[\d\s.,:;/%()+\-–—#·|×•…→←↑↓▲▼▸*]*(?:(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*|AM|PM|KB|MB|px)\b[\d\s.,:/%()\-–]*)*$/;

/**
 * A piece of a catalogue text the page split around the links it holds ('⟦', '3', ' öf ', '5', '⟧'):
 * accented as the pseudo-language writes, with none of the letters it accents left plain.
 */
const PSEUDO_PIECE = /^(?=.*[àçéîñöûšýÀÇÉÎÑÖÛŠÝ])[^aceinousyACEINOUSY]*$/;

/**
 * The visible text nodes of the page, and the words its elements give assistive technology and the
 * pointer (aria-label, title, placeholder, alt), that are neither a catalogue's text nor data nor a
 * figure.
 */
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
    const named = document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]');
    for (const element of Array.from(named)) {
      if (element.closest('[hidden]') || element.getClientRects().length === 0) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const text = element.getAttribute(name)?.trim();
        if (text) found.push(text);
      }
    }
    return found;
  });
  return [...new Set(texts)].filter(
    (text) =>
      !text.includes('⟦') &&
      !text.includes('⟧') &&
      !FIGURE.test(text) &&
      !DATE_PATTERN.test(text) &&
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

/** A label that holds the text as the pseudo-language writes it (a required field's mark after it). */
const containing = (text: string) =>
  new RegExp(pseudo(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The toast on the screen, in the pseudo-language: shown briefly, so read as it appears. */
const toastShown = (shown: Page) =>
  expect(shown.locator('#notistack-snackbar').last()).toContainText('⟦');

/** A page whose title is in, with nothing left loading. */
async function loaded(shown: Page) {
  await expect(shown.getByRole('heading', { level: 1 })).toContainText(/⟦|\S/);
  await expect(shown.locator('.vui-loading-state, table[aria-busy="true"]')).toHaveCount(0);
}

/** A plan's page with a gap's panel open over it. */
const gapPanel = async (shown: Page) => expect(shown.getByRole('dialog')).toContainText('⟦');

/** The ESAP import screen with a lender's workbook read: its columns, first rows and statuses. */
const esapRead = async (shown: Page) => {
  await loaded(shown);
  await shown.getByLabel(named('ESAP spreadsheet (.xlsx or .csv)')).setInputFiles({
    name: 'danube-steel-esap.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await ebrdWorkbook({ year: nextYear() }),
  });
  await shown.getByRole('button', { name: named('Read file') }).click();
  await expect(shown.getByRole('region', { name: named('ESAP statuses') })).toBeVisible();
};

/** The ESAP read, its plan's fields filled, and the dry run's result shown. */
const esapDryRun = async (shown: Page) => {
  await esapRead(shown);
  await shown.getByLabel(containing('Heading')).fill(`Pseudo ESAP ${Date.now()}`);
  await shown.getByLabel(containing('Category')).selectOption({ index: 1 });
  await shown.getByLabel(containing('ESG Aspect')).selectOption({ index: 1 });
  await shown.getByLabel(containing('Timeline')).fill(`${nextYear() + 1}-12-31`);
  await shown.getByRole('checkbox', { name: /^SDG8 / }).check();
  await shown.getByRole('button', { name: containing('Check (dry run)') }).click();
  await expect(shown.getByRole('region', { name: named('Result') })).toContainText('⟦');
};

/**
 * The target company wizard's second step, sent empty: the e-mail's check (its toast), then the
 * audit settings and their message.
 */
const wizardStepTwo = async (shown: Page) => {
  await loaded(shown);
  await shown.getByRole('button', { name: named('Add Target Company') }).click();
  const wizard = shown.getByRole('dialog');
  await wizard.getByLabel(containing('Target Company Name')).fill('Pseudo Mills');
  await wizard.getByLabel(containing('Registered Name')).fill('Pseudo Mills Private Limited');
  await wizard.getByLabel(containing('Email Address')).fill('new.person@verity.test');
  await toastShown(shown);
  await wizard.locator('button[type="submit"]').click();
  await expect(wizard.getByLabel(containing('Auditor'))).toBeVisible();
  await wizard.locator('button[type="submit"]').click();
  await expect(wizard.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
};

/** The company's monitoring report (started on its own screen above), opened from the client's list. */
const reportOpened = async (shown: Page) => {
  await loaded(shown);
  await shown.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(shown).toHaveURL(/\/monitoring-reports\/[0-9a-f-]{36}$/);
  await heading(shown);
  await expect(shown.getByRole('main').locator('.vui-spinner')).toHaveCount(0);
};

/** A page settled, then one of its buttons pressed, and the dialog it opens shown. */
const dialogOf = (button: string) => async (shown: Page) => {
  await loaded(shown);
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

/** A screen of the table: its user (none: signed out), its address, and what shows it complete. */
interface Screen {
  area?: Area;
  email?: string;
  path: string;
  /** Requests the page may not make while shown (an area's code, to see its error page). */
  blocked?: RegExp;
  ready: (page: Page) => Promise<void>;
}

/**
 * An incident and a grievance of the plan's company, reported by its owner (their pages' ids), and
 * a reporting rule of its client.
 */
async function companyRecords(browser: Browser, companyId: string) {
  const owner = await personOn(browser, 'targetCompany');
  /** Records one, answering its id. */
  const post = async (kind: 'incident' | 'grievance', json: object): Promise<string> => {
    const response = await owner.request.post(`/api/v1/target-company/${companyId}/${kind}s`, {
      data: json,
    });
    expect(response.ok(), `${kind} answered ${response.status()}`).toBe(true);
    const { data } = (await response.json()) as { data: Record<typeof kind, { id: string }> };
    return data[kind].id;
  };
  const incidentId = await post('incident', {
    category: 'spillOrRelease',
    severity: 'low',
    occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
    location: 'Effluent plant',
    description: 'Caustic soda spilled at the effluent plant.',
    peopleAffected: 0,
  });
  const grievanceId = await post('grievance', {
    channel: 'inPerson',
    receivedOn: new Date().toISOString().slice(0, 10),
    complainantType: 'worker',
    category: 'wagesAndBenefits',
    description: 'Overtime was paid late.',
    anonymous: true,
  });
  await owner.context().close();
  // The client's reporting rule, its year end new to this run, so the company has a report to start.
  const client = await personOn(browser, 'client');
  const day = Math.floor(Math.random() * 12 * 28);
  const pad = (value: number) => String(value).padStart(2, '0');
  const rule = await client.request.put(`/api/v1/target-company/${companyId}/report-rule`, {
    data: {
      frequency: 'annual',
      yearEnd: `${pad(Math.floor(day / 28) + 1)}-${pad((day % 28) + 1)}`,
      dueDays: 90,
    },
  });
  expect(rule.ok(), `the report rule answered ${rule.status()}`).toBe(true);
  await client.context().close();
  return { incidentId, grievanceId };
}

const heading = (page: Page) =>
  expect(page.getByRole('heading', { level: 1 }).first()).toContainText('⟦');

test('every text the screens show comes from a catalogue', async ({ page, browser }) => {
  const plan = await ownAcmePlan(browser, effluentPlan(`pseudo-${Date.now().toString(36)}`));
  const { incidentId, grievanceId } = await companyRecords(browser, plan.companyId);
  const { data, settled } = collectData(page);
  const client = `/client/target-companies/${plan.companyId}`;
  const auditor = `/auditor/target-companies/${plan.companyId}`;
  const audit = `${auditor}/audits/${plan.auditId}`;
  const company = '/target-company';
  const plans = `${company}/auditors/${plan.auditorId}/${plan.auditId}/action-plans`;
  const screens: Screen[] = [
    // The login screen before sign-in.
    {
      path: '/login',
      ready: async (shown) => {
        await expect(shown.getByRole('button').first()).toContainText('⟦');
      },
    },
    // The single sign-on address field after a failed sign-in, its hint shown.
    {
      path: '/login?sso=email&error=identity_unavailable',
      ready: async (shown) => {
        await shown.locator('.login__sso button[type="submit"]').click();
        await expect(shown.locator('.login__sso')).toContainText('⟦');
        await expect(shown.getByRole('alert').first()).toContainText('⟦');
      },
    },
    ...[
      'dashboard',
      'my-actions',
      'monitoring-reports',
      'incidents',
      'incidents/report',
      `incidents/${incidentId}`,
      'grievances',
      'grievances/record',
      `grievances/${grievanceId}`,
      'grievances/settings',
      'users',
      'auditors',
      `auditors/${plan.auditorId}`,
    ].map((path): Screen => ({
      area: 'targetCompany',
      path: `${company}/${path}`,
      ready: heading,
    })),
    {
      area: 'targetCompany',
      path: plans,
      ready: async (shown) => expect(shown.getByRole('table').first()).toContainText('⟦'),
    },
    // A monitoring report, started from the list.
    {
      area: 'targetCompany',
      path: `${company}/monitoring-reports`,
      ready: async (shown) => {
        await shown
          .getByRole('main')
          .getByRole('button', { name: /^⟦Štàrt/ })
          .first()
          .click();
        await expect(shown).toHaveURL(/\/monitoring-reports\/[0-9a-f-]{36}$/);
        await heading(shown);
        await expect(shown.getByRole('main').locator('.vui-spinner')).toHaveCount(0);
      },
    },
    // The forms' messages when sent empty, and the new user dialog.
    ...['incidents/report', 'grievances/record', `incidents/${incidentId}`].map((path): Screen => ({
      area: 'targetCompany',
      path: `${company}/${path}`,
      ready: async (shown) => {
        await heading(shown);
        await shown.getByRole('main').locator('form button[type="submit"]').click();
        await expect(
          shown.getByRole('main').locator('[aria-invalid="true"], [role="alert"]').first(),
        ).toBeVisible();
      },
    })),
    // A grievance's first step taken (its toast), then the next sent empty.
    {
      area: 'targetCompany',
      path: `${company}/grievances/${grievanceId}`,
      ready: async (shown) => {
        await heading(shown);
        const main = shown.getByRole('main');
        await main.locator('form button[type="submit"]').click();
        await toastShown(shown);
        await main.locator('form button[type="submit"]').click();
        await expect(main.locator('form [role="alert"]').first()).toBeVisible();
      },
    },
    {
      area: 'targetCompany',
      path: `${company}/users`,
      ready: async (shown) => {
        await heading(shown);
        await shown.locator('.vui-page-header__actions button').first().click();
        await expect(shown.getByRole('dialog')).toContainText('⟦');
      },
    },
    // An address that names nothing the user may see.
    {
      area: 'targetCompany',
      path: `${company}/incidents/00000000-0000-4000-8000-000000000000`,
      ready: async (shown) =>
        expect(shown.getByRole('main').getByRole('status')).toContainText('⟦'),
    },
    // The bell's list, open.
    {
      area: 'targetCompany',
      path: `${company}/dashboard`,
      ready: async (shown) => {
        await heading(shown);
        await shown
          .getByRole('banner')
          .getByRole('button', { name: /^⟦Ñötîfîçàtîöñš/ })
          .click();
        await expect(shown.getByRole('dialog')).toContainText('⟦');
        await expect(shown.getByRole('dialog').locator('.vui-spinner')).toHaveCount(0);
      },
    },
    // The user menu, open.
    {
      area: 'targetCompany',
      path: `${company}/dashboard`,
      ready: async (shown) => {
        await heading(shown);
        await shown
          .getByRole('banner')
          .getByRole('button', { name: /^⟦Öpéñ ûšér/ })
          .click();
        await expect(shown.locator('.user-menu__link').first()).toBeVisible();
      },
    },
    // The collapsed sidebar, its links named by their titles.
    {
      area: 'targetCompany',
      path: `${company}/auditors`,
      ready: async (shown) => {
        await heading(shown);
        await shown
          .getByRole('banner')
          .getByRole('button', { name: /^⟦Çöllàpšé/ })
          .click();
        await expect(
          shown.getByRole('banner').getByRole('button', { name: /^⟦Éxpàñd/ }),
        ).toBeVisible();
      },
    },
    // The error page of an area whose code cannot be loaded.
    {
      area: 'targetCompany',
      path: `${company}/dashboard`,
      blocked: new RegExp(`:${process.env.E2E_REMOTE_TARGET_COMPANY_PORT || 18083}/`),
      ready: async (shown) => expect(shown.locator('.vui-error-page')).toContainText('⟦'),
    },
    // The settings page, with every card an owner sees.
    {
      area: 'client',
      path: '/client/notification-settings',
      ready: async (shown) => {
        await heading(shown);
        await expect(shown.locator('.vui-spinner')).toHaveCount(0);
      },
    },
    {
      area: 'targetCompany',
      email: 'company.editor@verity.test',
      path: `${plans}/${plan.planId}?gap_id=${plan.gapId}`,
      ready: async (shown) => expect(shown.getByRole('dialog')).toContainText('⟦'),
    },
    // The gap panel's extension request, sent empty.
    {
      area: 'targetCompany',
      email: 'company.editor@verity.test',
      path: `${plans}/${plan.planId}?gap_id=${plan.gapId}`,
      ready: async (shown) => {
        await shown.locator('.vui-extension .vui-closure__actions button').first().click();
        const request = shown.getByRole('dialog').last();
        await request.locator('button[type="submit"]').click();
        await expect(
          request.locator('[aria-invalid="true"], [role="alert"]').first(),
        ).toBeVisible();
      },
    },
    // The gap panel's other tabs: the status history and the change history.
    ...[1, 2].map((tab): Screen => ({
      area: 'targetCompany',
      email: 'company.editor@verity.test',
      path: `${plans}/${plan.planId}?gap_id=${plan.gapId}`,
      ready: async (shown) => {
        await shown.getByRole('dialog').getByRole('tab').nth(tab).click();
        await expect(shown.getByRole('dialog').getByRole('tabpanel')).toContainText('⟦');
      },
    })),
    {
      area: 'client',
      path: '/client/dashboard',
      ready: heading,
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
        ['/client/portfolio', loaded],
        ['/client/portfolio/incidents', loaded],
        ['/client/portfolio/grievances', loaded],
        ['/client/users', loaded],
        ['/client/users', dialogOf('Add New User')],
        ['/client/auditors', loaded],
        ['/client/auditors', dialogOf('Add New Auditor')],
        ['/client/settings', loaded],
        ['/client/target-companies', loaded],
        ['/client/target-companies', dialogOf('Add Target Company')],
        ['/client/target-companies', wizardStepTwo],
        [`${client}/dashboard`, loaded],
        [`${client}/dashboard`, dialogOf('Download report')],
        [`${client}/manage`, loaded],
        [`${client}/auditors`, loaded],
        [`${client}/auditors`, dialogOf('Add New Auditor')],
        [`${client}/auditors/${plan.auditorId}`, loaded],
        [`${client}/auditors/${plan.auditorId}`, dialogOf('Add New Audit')],
        [`${client}/auditors/${plan.auditorId}/${plan.auditId}/action-plans`, loaded],
        [
          `${client}/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
          gapPanel,
        ],
        [`${client}/monitoring-reports`, loaded],
        [`${client}/monitoring-reports`, reportOpened],
        [`${client}/incidents`, loaded],
        [`${client}/incidents/${incidentId}`, loaded],
        [`${client}/grievances`, loaded],
        [`${client}/grievances/${grievanceId}`, loaded],
      ] as const
    ).map(([path, ready]): Screen => ({ area: 'client', path, ready })),
    ...(
      [
        ['/auditor/target-companies', loaded],
        ['/auditor/dashboard', loaded],
        ['/auditor/portfolio', loaded],
        ['/auditor/portfolio/gaps', loaded],
        ['/auditor/users', loaded],
        ['/auditor/users', dialogOf('Add New User')],
        [`${auditor}/incidents`, loaded],
        [`${auditor}/incidents/${incidentId}`, loaded],
        [`${auditor}/grievances`, loaded],
        [`${auditor}/grievances/${grievanceId}`, loaded],
        [`${auditor}/audits`, loaded],
        [`${audit}/action-plans`, loaded],
        [`${audit}/action-plans/${plan.planId}?gap_id=${plan.gapId}`, gapPanel],
        [`${audit}/action-plans/${plan.planId}`, dialogOf('Edit Plan')],
        [`${audit}/action-plans/${plan.planId}`, dialogOf('Add Gap')],
        [`${audit}/create-audit`, loaded],
        [`${audit}/import-esap`, loaded],
        [`${audit}/import-esap`, esapRead],
        [`${audit}/import-esap`, esapDryRun],
      ] as const
    ).map(([path, ready]): Screen => ({ area: 'auditor', path, ready })),
  ];
  const found: string[] = [];
  let signedIn: string | undefined;
  let before: Screen | undefined;
  for (const screen of screens) {
    const who = `${screen.area ?? ''} ${screen.email ?? ''}`;
    // The language is read as the page loads: the first screen after a sign-in is loaded.
    let loadPage = true;
    if (!screen.area) {
      await page.context().clearCookies();
      await page.goto('/login');
      await page.evaluate(
        (language) => window.localStorage.setItem('verity.language', language),
        PSEUDO,
      );
    } else if (signedIn !== who) {
      await inPseudoLanguage(page, screen.area, screen.email);
    } else {
      // The same user's next screen opens within the app, as its links do; a page load for an
      // area's code blocked, or the page already on the screen (a dialog or a panel of the screen
      // before still open).
      const at = new URL(page.url()).pathname;
      loadPage =
        Boolean(screen.blocked || before?.blocked) ||
        at === new URL(screen.path, page.url()).pathname;
    }
    signedIn = who;
    before = screen;
    await test.step(screen.path, async () => {
      if (screen.blocked) await page.route(screen.blocked, (route) => route.abort());
      if (loadPage) await page.goto(screen.path);
      else {
        await openInApp(page, screen.path);
        await expect(page.locator('[data-screen-before]')).toHaveCount(0);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
      await screen.ready(page);
      // Judged once the answers it read are in: a busy run may read a screen's data after it shows.
      let plain: string[] = [];
      await expect(async () => {
        await settled();
        plain = await plainTexts(page, data);
        expect(plain).toEqual([]);
      })
        .toPass({ timeout: 5_000 })
        .catch(() => undefined);
      found.push(...plain.map((text) => `${screen.path}: ${text}`));
      if (screen.blocked) await page.unroute(screen.blocked);
    });
  }
  expect(found).toEqual([]);
});
