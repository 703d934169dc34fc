/**
 * Business constants (spec §9). One home for each: import from here, never repeat the literal.
 */
export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';
export const FALLBACK_LOCALE: Locale = 'en';
/** Header every API request carries with the current locale. */
export const LANGUAGE_HEADER = 'Language';
/** localStorage key that remembers the chosen locale on the device. */
export const LOCALE_STORAGE_KEY = 'dossier.locale';

export const REQUEST_TIMEOUT_MS = 60_000;
export const PHONE_AREA_CODE_LIST_SIZE = 200;
export const DEFAULT_AREA_CODE = '86';
export const SMS_RESEND_SECONDS = 60;
export const ACCOUNT_DELETION_WAIT_DAYS = 7;
/** Days after payment within which an unused service is refunded in full (terms of service, decision 0017). */
export const REFUND_FULL_DAYS = 14;
export const FREE_ASSESSMENT_PER_PERSON = 1;
export const CONSULTATION_CALL_ATTEMPTS = 3;
export const CONSULTATION_CALL_INTERVAL_MINUTES = 5;
export const APPOINTMENT_TIME_RANGES = ['am (9:30-11:30)', 'pm (2:30-4:30)'] as const;
export const BANK_TRANSFER_ACTIVATION_WORKING_DAYS = 1;
export const RECOMMENDATION_LETTERS_MIN = 3;
export const RECOMMENDATION_LETTERS_USUAL = 5;
export const EB1A_CRITERIA_MIN = 3;
export const NIW_EXCEPTIONAL_ABILITY_MIN = 3;

/** Basic DIY service: advertised price in US cents and duration in months (1.5 years). */
export const DIY_BASE_PRICE_USD_CENTS = 59_900;
export const DIY_SERVICE_MONTHS = 18;

/** Layout (spec §9): root font size scales from a reference width and is clamped. */
export const ROOT_FONT_REFERENCE_WIDTH = {
  default: 1920,
  workbench: 1600,
  narrow: 1200,
} as const;
export const ROOT_FONT_MIN_PX = 12;
export const ROOT_FONT_MAX_PX = 16;
export const ROOT_FONT_BASE_PX = 16;
export const DIALOG_WIDTH_APPOINTMENT = 550;
export const DIALOG_WIDTH_CONFIRMATION = 400;
