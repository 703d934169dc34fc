export * from './pdf-fields.ts';
