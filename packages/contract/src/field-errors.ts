import { AccountErrorCode as A } from './accounts.ts';
import { AssessmentErrorCode } from './assessment.ts';
import { ConsultationErrorCode } from './consultation.ts';
import { ContactErrorCode as C } from './contact.ts';
import { ErrorCode } from './error-codes.ts';
import { QaErrorCode } from './qa.ts';
import { ShopErrorCode } from './shop.ts';

/**
 * Which form field a server error code belongs to, per form (decision 0017): the screen shows the server's
 * `msg` under that field (antd `form.setFields`) instead of a passing toast. A screen passes its table with
 * the call, so the API client knows not to toast those codes; codes not in the table are still toasted.
 */
export type FieldName = string | readonly (string | number)[];
export type FieldErrorMap = Readonly<Record<string, FieldName>>;

/**
 * Refusals that carry the field they are about in the answer's `field` (`body.topic`, `body.appointment.date`):
 * a schema refusal and unstorable characters. A form shows them under that field when it has it (the form's
 * own field names are the request's), and they are toasted otherwise (web `showFieldError`).
 */
export const FIELD_PATH_CODES: readonly string[] = [ErrorCode.validation, ErrorCode.invalidCharacters];

/** The codes a call passes as `inlineCodes` when its form shows them with `showFieldError`: its table's, plus those. */
export const inlineCodesOf = (map: FieldErrorMap): string[] => [...Object.keys(map), ...FIELD_PATH_CODES];

/** A wrong, expired, used-up or unrequested SMS (or e-mail) code: the code field. */
const codeErrors = (field: FieldName) =>
  ({
    [A.smsCodeInvalid]: field,
    [A.smsCodeExpired]: field,
    [A.smsCodeAttempts]: field,
    [A.smsCodeNotRequested]: field,
    [A.smsVerifyLocked]: field,
  }) as const;

/** Login and register (POST /auth/customer/login_register/). */
export const LOGIN_FIELD_ERRORS: FieldErrorMap = {
  ...codeErrors('sms_code'),
  [A.areaCodeUnknown]: 'area_code',
};

/** The image captcha of an SMS code request (the captcha dialog's own input). */
export const CAPTCHA_FIELD_ERRORS: FieldErrorMap = { [A.captchaInvalid]: 'captcha' };

/** Phone change (POST /customer/customer/change_phone_number/). */
export const CHANGE_PHONE_FIELD_ERRORS: FieldErrorMap = {
  ...codeErrors('sms_code'),
  [A.areaCodeUnknown]: 'area_code',
  [A.phoneTaken]: 'phone',
};

/** E-mail binding (PATCH /customer/customer/edit/ with `email`, then `email_code`). */
export const EMAIL_FIELD_ERRORS: FieldErrorMap = {
  ...codeErrors('email_code'),
  [A.emailInvalid]: 'email',
  [A.emailDomainRefused]: 'email',
};

/** The agent appointment (POST /customer/contact/). */
export const CONTACT_FIELD_ERRORS: FieldErrorMap = {
  ...codeErrors('sms_code'),
  [C.nameRequired]: 'name',
  [C.nameTooLong]: 'name',
  [C.phoneRequired]: 'phone',
  [C.phoneInvalid]: 'phone',
  [C.areaCodeInvalid]: 'area_code',
  [A.areaCodeUnknown]: 'area_code',
  [C.smsCodeRequired]: 'sms_code',
  [C.smsCodeFormat]: 'sms_code',
  [C.emailInvalid]: 'email',
  [C.wechatTooLong]: 'wechat',
  [C.timezoneRequired]: 'timezone',
  [A.timezoneUnknown]: 'timezone',
  [C.dateRequired]: 'date',
  [C.datePast]: 'date',
  [C.timeRangeRequired]: 'time_range',
};

/** The free assessment's submit (PATCH /customer/assess/{id}/submit/). */
export const ASSESSMENT_FIELD_ERRORS: FieldErrorMap = {
  [AssessmentErrorCode.datePast]: ['appointment', 'date'],
  [A.timezoneUnknown]: ['appointment', 'timezone'],
};

/** A promo or referral code applied to a quote (POST /customer/order/quote/ with `promo_code`). */
export const PROMO_FIELD_ERRORS: FieldErrorMap = {
  [ShopErrorCode.promoInvalid]: 'promo_code',
  [ShopErrorCode.promoFirstPurchaseOnly]: 'promo_code',
};

/** A Q&A question (POST /customer/qa/) and a suggestion (POST /customer/advice/). */
export const QUESTION_FIELD_ERRORS: FieldErrorMap = { [QaErrorCode.blank]: 'question' };
export const ADVICE_FIELD_ERRORS: FieldErrorMap = { [QaErrorCode.blank]: 'content' };

/** Booking a consultation (PATCH /customer/consultation/{id}/book/): a time already past today, an unreal date. */
export const CONSULTATION_FIELD_ERRORS: FieldErrorMap = {
  [ConsultationErrorCode.timePast]: 'time',
  [ConsultationErrorCode.timeInvalid]: 'date',
  [A.timezoneUnknown]: 'timezone',
};
