import { StrictMode, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createAppRoutes } from './routes';

export function App() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
