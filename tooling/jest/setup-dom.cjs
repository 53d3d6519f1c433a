require('@testing-library/jest-dom');
const { configure } = require('@testing-library/dom');
const { toHaveNoViolations } = require('jest-axe');
// The axe-core that jest-axe runs (not another version elsewhere in the workspace).
const axeCore = require(require.resolve('axe-core', { paths: [require.resolve('jest-axe')] }));

expect.extend(toHaveNoViolations);
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

/**
 * jsdom has no canvas, which that rule uses to tell icon-font ligatures from text. This 2D context
 * is just enough for it: every character draws the same pixels at the same width, so no text is
 * taken for an icon (the app has no icon fonts). Tests that ask for Node's environment (the shell's
 * server) have no DOM at all.
 */
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = function getContext(kind) {
    if (kind !== '2d') return null;
    return {
      canvas: this,
      font: '',
      textAlign: 'left',
      textBaseline: 'top',
      measureText: (text) => ({ width: 30 * String(text).length }),
      clearRect() {},
      fillText() {},
      getImageData: (_x, _y, width, height) => ({
        data: new Uint8ClampedArray(Math.max(1, Math.ceil(width) * Math.ceil(height)) * 4).fill(
          255,
        ),
      }),
    };
  };
}

// findBy and waitFor wait up to 5 s, not 1 s: CI machines are shared, and a lazily loaded screen
// (the signed-in layout, a chart) can take longer than a second to appear on a busy one.
configure({ asyncUtilTimeout: 5000 });
