require('@testing-library/jest-dom');
const { configure } = require('@testing-library/dom');
const { toHaveNoViolations } = require('jest-axe');

expect.extend(toHaveNoViolations);
// findBy and waitFor wait up to 5 s, not 1 s: CI machines are shared, and a lazily loaded screen
// (the signed-in layout, a chart) can take longer than a second to appear on a busy one.
configure({ asyncUtilTimeout: 5000 });
