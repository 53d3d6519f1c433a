import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { LoadingState } from './loading-state';

describe('LoadingState', () => {
  it("shows 'Loading...' by default", () => {
    render(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the given text', () => {
    render(<LoadingState text="Loading Action Plans..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Action Plans...');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<LoadingState fullscreen />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
