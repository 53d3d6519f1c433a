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
        <Route path="/client/*" element={<App />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

describe('client area routes', () => {
  it.each([
    ['/client/dashboard', 'Dashboard'],
    ['/client/users', 'Users'],
    ['/client/auditors', 'Auditors'],
    ['/client/target-companies', 'Target Companies'],
    ['/client/target-companies/c1/auditors', 'Company Auditors'],
    ['/client/target-companies/c1/auditors/a1', 'Audits'],
    ['/client/target-companies/c1/auditors/a1/au1/action-plans', 'Action Plans'],
    ['/client/target-companies/c1/auditors/a1/au1/action-plans/p1', 'Action Plan'],
    ['/client/target-companies/c1/auditors/a1/au1/action-plans/p1?gap_id=g1', 'Action Plan'],
    ['/client/target-companies/c1/manage', 'Manage Target Company'],
    ['/client/target-companies/c1/dashboard', 'Company Dashboard'],
  ])('%s shows %s', (path, heading) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${heading}$`));
  });

  it('the manage page shows its placeholder text', () => {
    renderAt('/client/target-companies/c1/manage');
    expect(screen.getByText('Managing a target company is coming soon.')).toBeInTheDocument();
  });

  it('the area index redirects to dashboard', () => {
    renderAt('/client');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/client/dashboard');
  });

  it('an unknown path in the area redirects to /', () => {
    renderAt('/client/no-such-page');
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
  });

  it('has no accessibility violations', async () => {
    const { container } = renderAt('/client/dashboard');
    expect(await axe(container)).toHaveNoViolations();
  });
});
