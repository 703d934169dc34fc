export * from './jobs.ts';
export * from './reference.ts';
