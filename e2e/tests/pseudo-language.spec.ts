// Every text a screen shows comes from a catalogue (docs/decisions/0109-languages.md): in the
// pseudo-language every catalogue text is accented and ⟦bracketed⟧, so a text still plain on the
// screen must be data the API sent (a name, a gap's words), a date or a number; anything else is a
// text written past the catalogues, and this test names it.
import { expect, test, type Page } from '@playwright/test';
import { effluentPlan, ownAcmePlan } from '../support/demo';
import { switchTo, type Area } from '../support/session';

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
  /^[\d\s.,:;/%()+\-–—#·|×•…→←↑↓▲▼]*(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM|KB|MB|px)\b[\d\s.,:/%()\-–]*)*$/;

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
      !NAMES.has(text) &&
      !data.has(text) &&
      // A list of the API's values, joined ('IFC PS1, IFC PS3').
      !text.split(/,\s*/).every((part) => data.has(part)) &&
      ![...data].some((value) => value.length > 2 && value.includes(text)),
  );
}

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

test('every text the evidence loop’s screens show comes from a catalogue', async ({
  page,
  browser,
}) => {
  const plan = await ownAcmePlan(browser, effluentPlan(`pseudo-${Date.now().toString(36)}`));
  const data = collectData(page);
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
  ];
  const found: string[] = [];
  let signedIn: string | undefined;
  for (const screen of screens) {
    const who = `${screen.area} ${screen.email ?? ''}`;
    if (signedIn !== who) {
      await inPseudoLanguage(page, screen.area, screen.email);
      signedIn = who;
    }
    await page.goto(screen.path);
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    await screen.ready(page);
    found.push(...(await plainTexts(page, data)).map((text) => `${screen.path}: ${text}`));
  }
  expect(found).toEqual([]);
});
