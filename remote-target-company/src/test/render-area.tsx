import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sessionStore } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';
import { ToastProvider } from '@verity/shared-ui';
import App from '../app';

export const OWN_COMPANY_ID = '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11';

/** A signed-in Acme Steel user; override the role or drop the company. */
export function companyUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'cu-owner',
    fullname: 'Carlos Company',
    emailId: 'company.owner@verity.test',
    role: 'owner',
    userType: 'targetCompany',
    targetCompanyId: OWN_COMPANY_ID,
    organisationName: 'Acme Steel Ltd',
    ...overrides,
  };
}

function LocationSpy({ onChange }: { onChange: (location: string) => void }) {
  const location = useLocation();
  onChange(`${location.pathname}${location.search}`);
  return null;
}

export interface RenderAreaResult extends RenderResult {
  location(): string;
}

/** Mounts the area as the shell does (under /target-company/*), signed in as `user`. */
export function renderArea(path: string, user: SessionUser | undefined = companyUser()) {
  sessionStore.getState().setUser(user);
  const current = { value: path };
  const result = render(
    <ToastProvider>
      <MemoryRouter initialEntries={[path]}>
        <LocationSpy onChange={(next) => (current.value = next)} />
        <Routes>
          <Route path="/target-company/*" element={<App />} />
          <Route path="/" element={<p>Home</p>} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
  return Object.assign(result, { location: () => current.value }) as RenderAreaResult;
}
