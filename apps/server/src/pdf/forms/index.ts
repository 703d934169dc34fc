export { EDITION_PRINTS, identifyEdition, sameEdition } from './editions.ts';
export {
  type Bilingual,
  describeEdition,
  type FieldIssue,
  PdfFormError,
  type PdfFormErrorCode,
} from './errors.ts';
export {
  type FillOptions,
  type FillReport,
  type FillResult,
  fillOfficialPdf,
  flattenForPacket,
  identifyOfficialPdf,
} from './fill.ts';
export { type LoadedPdf, loadDecrypted, PdfPasswordError, scrub } from './load.ts';
