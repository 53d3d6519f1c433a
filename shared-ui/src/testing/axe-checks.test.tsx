import { render } from '@testing-library/react';
import { axe } from 'jest-axe';

// The screens' axe checks (tooling/jest/jest-axe.cjs): label in name runs, off in axe by default.
describe("the screens' axe checks", () => {
  it('find a control whose name does not say the text it shows', async () => {
    const { container } = render(<button aria-label="Close the dialog">Save</button>);
    const results = await axe(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([
      'label-content-name-mismatch',
    ]);
    expect(() => expect(results).toHaveNoViolations()).toThrow(/label-content-name-mismatch/);
  });

  it('pass a control that says its name', async () => {
    const { container } = render(<button aria-label="Save the plan">Save</button>);
    expect(await axe(container)).toHaveNoViolations();
  });
});
