export * from './accounts.ts';
export * from './constants.ts';
export * from './document.ts';
export * from './errors.ts';
export * from './fees.ts';
export * from './qa.ts';
export * from './reference.ts';
export * from './routes.ts';
