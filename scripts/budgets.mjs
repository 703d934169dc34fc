// Budgets that a benchmark prints against and a CI journey also enforces: one number for both.

/** The home page's JavaScript, gzip, in kB of 1000 bytes (issue 6): `npm run bench:home-js` and e2e/routes.spec. */
export const HOME_JS_GZIP_KB = 200;
