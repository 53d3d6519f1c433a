import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { SuccessMessage } from './success-message';

describe('SuccessMessage', () => {
  it("announces the success with 'Closing in a moment...'", () => {
    render(<SuccessMessage message="User created successfully." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('User created successfully.');
    expect(status).toHaveTextContent('Closing in a moment...');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<SuccessMessage message="User created successfully." />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
