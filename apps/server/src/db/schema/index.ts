export * from './accounts.ts';
export * from './jobs.ts';
export * from './reference.ts';
