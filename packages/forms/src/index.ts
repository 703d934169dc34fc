export type { CaseValues, PetitionCategory } from './case-values.ts';
export { caseValuesOf } from './case-values.ts';
export type { CardBrand } from './checks.ts';
export { abaRoutingValid, bankAccountValid, cardBrand, luhnValid } from './checks.ts';
export type { CoverageReport, FieldmapRow } from './coverage.ts';
export { computeCoverage, exclusionOf, mappedFieldNames, parseFieldmap } from './coverage.ts';
export type { EditionFacts } from './editions.ts';
export { EDITION_FACTS } from './editions.ts';
export { notApplicableText, printedText, takesNotApplicable, usDate } from './format.ts';
export * from './forms.ts';
export { NOT_APPLICABLE, notApplicableItems } from './not-applicable.ts';
export * from './pdf-fields.ts';
export type { EffectiveValues, ValueSource } from './profile.ts';
export {
  bindingsOf,
  editionKey,
  overrideWarnings,
  PROFILE_BINDINGS,
  PROFILE_DEFINITION,
  PROFILE_KEYS,
  profileUpdatesFrom,
  withProfile,
} from './profile.ts';
export type { SampleCase } from './samples.ts';
export { EB1A_SAMPLE, I907_PREPARER_SAMPLE, NIW_SAMPLE, SAMPLES } from './samples.ts';
export type { SignaturePlace } from './signature-places.ts';
export { signaturePageTable, signaturePlaces } from './signature-places.ts';
export { editionId, PdfValueTooLongError, toPdfFields } from './to-pdf-fields.ts';
export type * from './types.ts';
export type { AsylumFeeTier, Issue, IssueCode, Severity, ValidateOptions } from './validate.ts';
export {
  asylumFeeTier,
  issueOf,
  refusals,
  SIGNATURE_DATE_MAX_AGE_DAYS,
  signatureDatesOf,
  validateForm,
} from './validate.ts';
export {
  allItems,
  evaluateCondition,
  findItem,
  isAnswered,
  isEmpty,
  isNotApplicable,
  isRequired,
  isUnitedStates,
  isVisible,
} from './values.ts';
