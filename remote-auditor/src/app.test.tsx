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
        <Route path="/auditor/*" element={<App />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

describe('auditor area routes', () => {
  it.each([
    ['/auditor/target-companies', 'Target Companies'],
    ['/auditor/users', 'Users'],
    ['/auditor/target-companies/c1/audits', 'Audits'],
    ['/auditor/target-companies/c1/audits/au1/action-plans', 'Action Plans'],
    ['/auditor/target-companies/c1/audits/au1/action-plans/p1', 'Action Plan'],
    ['/auditor/target-companies/c1/audits/au1/create-audit', 'Create Action Plan'],
  ])('%s shows %s', (path, heading) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${heading}$`));
  });

  it('the area index redirects to target-companies', () => {
    renderAt('/auditor');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Target Companies');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/auditor/target-companies',
    );
  });

  it('an unknown path in the area redirects to /', () => {
    renderAt('/auditor/dashboard');
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
  });

  it('has no accessibility violations', async () => {
    const { container } = renderAt('/auditor/target-companies');
    expect(await axe(container)).toHaveNoViolations();
  });
});
