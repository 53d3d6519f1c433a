// Standalone page of the Client area for working on it without the shell (no session, no layout).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ToastProvider } from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/global.css';
import App from './app';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <BrowserRouter>
          <Routes>
            <Route path="/client/*" element={<App />} />
            <Route path="*" element={<Navigate to="/client" replace />} />
          </Routes>
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>,
  );
}
