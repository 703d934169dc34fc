// Worker-thread entry of the .docx import (docx-import.service.ts) when the server runs from its TypeScript sources
// (tests, `npm run dev`): a worker starts without the TypeScript loader the server process registered, so it
// registers tsx itself before loading the job. The server bundle has its own entry instead (scripts/server-build.mjs).
const { register } = await import('tsx/esm/api');
register();
await import('./docx-job.ts');
