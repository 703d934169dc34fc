import type { Locale } from '@dossier/contract';

export interface SmsMessage {
  /** Country calling code without "+". */
  areaCode: string;
  /** National number, digits only. */
  phone: string;
  code: string;
  locale: Locale;
}

/** A notice in the customer's language (after filing: a case status change, an RFE due-date reminder). */
export interface SmsText {
  areaCode: string;
  phone: string;
  text: string;
}

/**
 * Sends verification codes. Adapters: console (embedded default, logs the code), aliyun (+86),
 * twilio (other codes). Only the console provider lets the API return the code (decision 0006).
 */
export interface SmsProvider {
  readonly name: string;
  /** Whether this provider delivers to numbers with this calling code. */
  supports(areaCode: string): boolean;
  send(msg: SmsMessage): Promise<void>;
  /**
   * Free text, where the provider can send it (Twilio, console). Aliyun sends approved templates only, so it has
   * none: its notices stay in-app and by e-mail (decision 0079).
   */
  sendText?(msg: SmsText): Promise<void>;
}

/** The provider refused or could not be reached; the caller answers a localised failure. */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}
