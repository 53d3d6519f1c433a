import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces loading with its label', () => {
    render(<Spinner label="Loading Action Plans..." />);
    expect(screen.getByRole('status', { name: 'Loading Action Plans...' })).toBeInTheDocument();
  });

  it('is hidden from assistive technology when decorative', () => {
    render(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<Spinner />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
