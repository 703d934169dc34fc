import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import './app/global.css';

// The boot namespaces are small chunks fetched in parallel; rendering after them avoids a flash of raw keys.
await initI18n();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* A namespace that is not loaded yet suspends (react-i18next); screens have their own boundary. */}
    <Suspense fallback={null}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </Suspense>
  </StrictMode>,
);
