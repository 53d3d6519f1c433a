import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ErrorPage } from './error-page';

describe('ErrorPage', () => {
  it('shows a heading and the error text', () => {
    render(<ErrorPage message="Network error. Please check your internet connection." />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
  });

  it("offers 'Back to home', which leads to /", () => {
    render(<ErrorPage />);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("reloads the page with 'Refresh'", async () => {
    const onRefresh = jest.fn();
    render(<ErrorPage onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<ErrorPage message="The Client area could not be loaded." />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
