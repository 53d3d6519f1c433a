// Standalone page of the Auditor area for working on it without the shell (no session, no layout).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import '@verity/shared-ui/src/styles/global.css';
import App from './app';

// A data router, as in the shell, so what needs one (leaving a form with unsaved input asks) works here too.
const router = createBrowserRouter([
  { path: '/auditor/*', element: <App /> },
  { path: '*', element: <Navigate to="/auditor" replace /> },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
