import type { Locale } from '@dossier/contract';

export interface SmsMessage {
  /** Country calling code without "+". */
  areaCode: string;
  /** National number, digits only. */
  phone: string;
  code: string;
  locale: Locale;
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
