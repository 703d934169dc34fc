import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { session } from './api/client.ts';
import { currentLocale, initI18n } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import './app/global.css';

const container = document.getElementById('root')!;
const prerendered = container.getAttribute('data-prerendered');
// A prerendered page is already painted: end the task that evaluated the scripts before starting the app, so
// the main thread is not blocked for both at once (Lighthouse's Total Blocking Time on a slow phone).
if (prerendered !== null) await new Promise((resolve) => setTimeout(resolve, 0));

// The boot namespaces are small chunks fetched in parallel; rendering after them avoids a flash of raw keys.
await initI18n();
const router = createAppRouter();

const app = (
  <StrictMode>
    {/* A namespace that is not loaded yet suspends (react-i18next); screens have their own boundary. */}
    <Suspense fallback={null}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </Suspense>
  </StrictMode>
);

// A public page arrives prerendered for a first-time visitor: zh, not logged in (prerender.tsx, decision 0036).
// It is hydrated only when this device would render the same markup; a device that remembered English or holds
// a session renders from scratch instead, replacing the prerendered markup (no hydration mismatch to recover).
if (prerendered !== null && prerendered === currentLocale() && !session.snapshot().session) {
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking the main thread
  // for the whole page (the page is already painted; Lighthouse's Total Blocking Time on a slow phone).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
