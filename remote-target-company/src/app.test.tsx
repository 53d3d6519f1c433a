import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { axe } from 'jest-axe';
import App from './app';

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/target-company/*" element={<App />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

describe('target-company area routes', () => {
  it.each([
    ['/target-company/dashboard', 'Dashboard'],
    ['/target-company/users', 'Users'],
    ['/target-company/auditors', 'Auditors'],
    ['/target-company/auditors/a1', 'Audits'],
    ['/target-company/auditors/a1/au1/action-plans', 'Action Plans'],
    ['/target-company/auditors/a1/au1/action-plans/p1', 'Action Plan'],
  ])('%s shows %s', (path, heading) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${heading}$`));
  });

  it('the area index redirects to dashboard', () => {
    renderAt('/target-company');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/target-company/dashboard',
    );
  });

  it('an unknown path in the area redirects to /', () => {
    renderAt('/target-company/target-companies');
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
  });

  it('has no accessibility violations', async () => {
    const { container } = renderAt('/target-company/dashboard');
    expect(await axe(container)).toHaveNoViolations();
  });
});
