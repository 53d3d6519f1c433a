import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on what the page shows now (WCAG 2.1 A and AA) and expects no violation; a failure lists
 * each rule with the elements it found, so the report says what to fix. Label in name (2.5.3), which
 * axe ships as experimental and off, runs too, as in the screens' own tests (tooling/jest/setup-dom.cjs).
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    // Before withTags, which adds runOnly to these options.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found).toEqual([]);
}
