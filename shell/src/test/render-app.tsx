// Renders the whole shell (routes, session, toasts) at a path, the way a user opens it.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { sessionStore, type SessionState } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';
import { ToastProvider } from '@verity/shared-ui';
import { createAppRoutes } from '../app/routes';

export const users = {
  client: {
    _id: 'u-client',
    fullname: 'Asha Rao',
    emailId: 'asha@greenfund.example',
    role: 'owner',
    userType: 'client',
    clientId: 'c-1',
    organisationName: 'Green Fund',
  },
  auditor: {
    _id: 'u-auditor',
    fullname: 'Ravi Menon',
    emailId: 'ravi@audit.example',
    role: 'admin',
    userType: 'auditor',
    auditorId: 'a-1',
    organisationName: 'Menon Audit',
  },
  targetCompany: {
    _id: 'u-company',
    fullname: 'Lena Fischer',
    emailId: 'lena@steelworks.example',
    role: 'editor',
    userType: 'targetCompany',
    targetCompanyId: 'tc-1',
    organisationName: 'Fischer Steelworks',
  },
} satisfies Record<string, SessionUser>;

const initialSession = sessionStore.getState();

/** Sets the session as the server would have answered; actions default to fakes that record calls. */
export function setSession(state: Partial<SessionState>) {
  sessionStore.setState(
    {
      ...initialSession,
      loadUser: jest.fn(async () => undefined),
      logout: jest.fn(async () => undefined),
      ...state,
    },
    true,
  );
}

export function signedInAs(user: SessionUser): Partial<SessionState> {
  return { status: 'signed-in', user };
}

export function renderApp(path: string, session: Partial<SessionState> = { status: 'signed-out' }) {
  setSession(session);
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const view = render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
  return { ...view, router, location: () => router.state.location };
}
