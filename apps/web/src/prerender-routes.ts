/**
 * Build-time prerendering of the public pages (decision 0036): the Vite build renders each of these routes
 * to HTML in the default language (zh) with React's server renderer, and the server sends that HTML for them,
 * so the first paint needs no JavaScript; main.tsx hydrates it. Pages that read the visitor's data (Q&A,
 * the contact form) stay client-rendered.
 */
export const PRERENDER_ROUTES = [
  '/index/firstTerm',
  '/index/diyEb',
  '/index/diyNIW',
  '/index/audit',
  '/index/translate',
  '/index/aboutUs',
  '/privacyFile',
  '/termsOfService',
  '/promotion',
] as const;
