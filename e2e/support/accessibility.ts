import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on what the page shows now (WCAG 2.1 A and AA) and expects no violation; a failure lists
 * each rule with the elements it found, so the report says what to fix. Label in name (2.5.3), which
 * axe ships as experimental and off, runs too, as in the screens' own tests (tooling/jest/setup-dom.cjs).
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    // Before withTags, which adds runOnly to these options. Only the violations are gathered: the
    // passes and the rules that do not apply cost the page more than the check itself.
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    // axe runs in the page itself: Verity's screens have no frames, so the default (a run in each
    // frame, gathered in a blank page opened for it, axe loaded twice) only adds work
    // (docs/decisions/0078-browser-tests-lighter.md).
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found).toEqual([]);
}
