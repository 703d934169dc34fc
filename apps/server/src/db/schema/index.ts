export * from './accounts.ts';
export * from './assessment.ts';
export * from './contact.ts';
export * from './jobs.ts';
export * from './qa.ts';
export * from './reference.ts';
export * from './shop.ts';
