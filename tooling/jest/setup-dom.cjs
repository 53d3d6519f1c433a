require('@testing-library/jest-dom');
const { configure } = require('@testing-library/dom');

// axe's matcher, loaded with axe by the first test that uses it (tooling/jest/jest-axe.cjs).
expect.extend({
  toHaveNoViolations(...args) {
    return require('jest-axe').toHaveNoViolations.toHaveNoViolations.apply(this, args);
  },
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
