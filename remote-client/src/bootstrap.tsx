// Standalone page of the Client area for working on it without the shell (no session, no layout).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ToastProvider } from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/global.css';
import App from './app';

// A data router, as in the shell, so what needs one (leaving a form with unsaved input asks) works here too.
const router = createBrowserRouter([
  { path: '/client/*', element: <App /> },
  { path: '*', element: <Navigate to="/client" replace /> },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>,
  );
}
