// `jest-axe` as the screens' tests import it: axe configured as every check of a screen runs it.
// Loaded by the files that check a screen with axe (jest's moduleNameMapper in preset.cjs), not by
// every file of a React project: axe is a large script to load into each file's context.
const path = require('node:path');

// The package itself, by its file: the name alone would come back here through the mapper.
const jestAxeDir = path.dirname(require.resolve('jest-axe/package.json'));
const jestAxe = require(path.join(jestAxeDir, 'index.js'));
// The axe-core that jest-axe runs (not another version elsewhere in the workspace).
const axeCore = require(require.resolve('axe-core', { paths: [jestAxeDir] }));

// Only the violations are gathered: no test reads the rest, and describing every node that passed
// (its selector, its markup) is about a tenth of a check (axe's share of
// notification-settings-page.test.tsx: 3.1 and 3.3 processor-seconds against 3.5 and 3.5).
const axe = jestAxe.configureAxe({ resultTypes: ['violations'] });

// Label in name (WCAG 2.5.3, level A): a control named by aria-label says the text it shows, so
// people who speak what they see (voice control) can name it. axe ships the rule as experimental
// and off; every axe check of a screen runs it (and no other experimental rule).
const LABEL_IN_NAME = 'label-content-name-mismatch';
const labelInName = axeCore.getRules().find((rule) => rule.ruleId === LABEL_IN_NAME);
axeCore.configure({
  rules: [
    {
      id: LABEL_IN_NAME,
      enabled: true,
      tags: labelInName.tags.filter((tag) => tag !== 'experimental'),
    },
  ],
});

module.exports = { ...jestAxe, axe };
