import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { madeForPeople } from './environment';

export const DEMO_PASSWORD = 'verity-demo';

export type AreaButton = 'Login As Client' | 'Login As Auditor' | 'Login As Target Company';

/** Each area's button on the login screen, the page its users land on, and its demo owner. */
export const AREAS = {
  client: {
    button: 'Login As Client',
    home: /\/client\/dashboard$/,
    owner: 'client.owner@verity.test',
  },
  auditor: {
    button: 'Login As Auditor',
    home: /\/auditor\/target-companies$/,
    owner: 'auditor.owner@verity.test',
  },
  targetCompany: {
    button: 'Login As Target Company',
    home: /\/target-company\/dashboard$/,
    owner: 'company.owner@verity.test',
  },
} as const satisfies Record<string, { button: AreaButton; home: RegExp; owner: string }>;

export type Area = keyof typeof AREAS;

/** Signs in through the login screen and the identity provider's own sign-in page. */
export async function signIn(
  page: Page,
  button: AreaButton,
  email: string,
  password = DEMO_PASSWORD,
) {
  await page.goto('/login');
  await signInHere(page, button, email, password);
}

/** Signs in from the login screen the page shows now. */
async function signInHere(page: Page, button: AreaButton, email: string, password = DEMO_PASSWORD) {
  await page.getByRole('button', { name: button }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** The cookies of each demo sign-in this worker went through, by area button and e-mail. */
const sessions = new Map<string, Cookies>();

/**
 * Enters the area as a demo user who lands on `home`: through the login screen and the identity
 * pages the first time in this worker, then with that session's cookies, as a browser that stayed
 * signed in would. For tests about what comes after sign-in; tests of the sign-in use signIn.
 *
 * The stack's access tokens outlive a run (ACCESS_TOKEN_TTL_SECONDS in environment.ts), so no
 * page renews a stored session and spends the refresh token the stored cookies hold. A stored
 * session the server has ended all the same settles on the login screen, and this signs in again
 * there, on the page as it is.
 */
export async function enterAs(page: Page, button: AreaButton, email: string, home: RegExp) {
  const key = `${button} ${email}`;
  const cookies = sessions.get(key);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto('/');
    // Either answer is settled: the area's home, or the login screen with its buttons.
    const loginButton = page.getByRole('button', { name: button });
    await expect
      .poll(async () =>
        home.test(page.url()) ? 'home' : (await loginButton.isVisible()) ? 'login' : undefined,
      )
      .toBeDefined();
    if (!home.test(page.url())) await signInHere(page, button, email);
  } else {
    await signIn(page, button, email);
  }
  await expect(page).toHaveURL(home);
  sessions.set(key, await page.context().cookies());
}

/** Enters an area as one of its demo users (its owner unless `email` names another), on its home. */
export async function enterArea(page: Page, area: Area, email: string = AREAS[area].owner) {
  await enterAs(page, AREAS[area].button, email, AREAS[area].home);
}

/** Signs in as another demo user: the last one's session cookies go first, as on a shared laptop. */
export async function switchTo(page: Page, area: Area, email?: string) {
  await page.context().clearCookies();
  await enterArea(page, area, email);
}

export async function signOut(page: Page) {
  // Signing out ends the session on the server: a stored copy of it would no longer work.
  const current = await page.context().cookies();
  for (const [key, cookies] of sessions) {
    if (
      cookies.some((cookie) =>
        current.some((own) => own.name === cookie.name && own.value === cookie.value),
      )
    )
      sessions.delete(key);
  }
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Opens the path within the app, as its own links do, without loading the page again (a screen's
 * first load is first-load.spec.ts's). The headings of the screen before are marked
 * `data-screen-before`, so a test can wait for the new screen's. Nothing happens when the page is
 * already at the path.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    if (window.location.pathname + window.location.search === to) return;
    document
      .querySelectorAll('h1, [role="heading"][aria-level="1"]')
      .forEach((heading) => heading.setAttribute('data-screen-before', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

/** Whether to save screenshots; E2E_SCREENSHOTS=1 saves them in CI too. */
const takeScreenshots = madeForPeople('E2E_SCREENSHOTS');

/** Saves what the user sees, for people to look at (e2e/screenshots is git-ignored). */
export async function screenshot(page: Page, name: string) {
  if (!takeScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * A page of a browser context of its own (its own cookies, its own stream of changes), signed in to
 * the area as one of its demo users (its owner unless `email` names another).
 */
export async function personOn(browser: Browser, area: Area, email?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await enterArea(page, area, email);
  return page;
}
