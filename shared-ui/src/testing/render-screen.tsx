import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@verity/query';
import { sessionStore } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';
import { ToastProvider } from '../toast';

export interface RenderScreenOptions {
  /** The URL the screen opens at, query included (default '/'). */
  path?: string;
  /** A route pattern to mount the screen under, so `useParams` works (default: every path). */
  route?: string;
  /** Signed-in user put into the session store before rendering; omitted leaves the store signed out. */
  user?: SessionUser;
}

export interface RenderScreenResult extends RenderResult {
  /** The router's current location (pathname + search), read after navigation. */
  location(): string;
}

/**
 * Renders a screen as an area mounts it: with a fresh query client, inside a MemoryRouter at `path`,
 * under the ToastProvider, with an optional signed-in user. `location()` tells where the screen navigated to.
 */
export function renderScreen(
  ui: ReactElement,
  options: RenderScreenOptions = {},
): RenderScreenResult {
  const { path = '/', route = '*', user } = options;
  sessionStore.getState().setUser(user);
  const current = { value: path };
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <LocationSpy onChange={(next) => (current.value = next)} />
          <Routes>
            <Route path={route} element={ui} />
            {route === '*' ? null : <Route path="*" element={<p>Navigated away</p>} />}
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return Object.assign(result, { location: () => current.value });
}

function LocationSpy({ onChange }: { onChange: (location: string) => void }): ReactNode {
  const location = useLocation();
  onChange(`${location.pathname}${location.search}`);
  return null;
}

/** A signed-in user for tests; override any field. */
export function testUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'user-1',
    fullname: 'Priya Raman',
    emailId: 'priya@northwind.example',
    role: 'owner',
    userType: 'client',
    clientId: 'client-1',
    organisationName: 'Northwind Capital',
    ...overrides,
  };
}
