import { SMS_CODE_TTL_SECONDS } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { type SmsMessage, type SmsProvider, SmsSendError, type SmsText } from './sms.ts';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164) or messaging service sender. */
  from: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** Twilio Programmable Messaging (Messages API) for numbers outside mainland China. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  constructor(private readonly opts: TwilioSmsOptions) {}

  supports(): boolean {
    return true;
  }

  async send(msg: SmsMessage): Promise<void> {
    await this.post(
      msg,
      translate(msg.locale, 'messages:sms_body', { code: msg.code, minutes: SMS_CODE_TTL_SECONDS / 60 }),
    );
  }

  async sendText(msg: SmsText): Promise<void> {
    await this.post(msg, msg.text);
  }

  private async post(to: { areaCode: string; phone: string }, body: string): Promise<void> {
    const url = new URL(
      `/2010-04-01/Accounts/${encodeURIComponent(this.opts.accountSid)}/Messages.json`,
      this.opts.baseUrl,
    );
    const form = new URLSearchParams({ To: `+${to.areaCode}${to.phone}`, From: this.opts.from, Body: body });
    const auth = Buffer.from(`${this.opts.accountSid}:${this.opts.authToken}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new SmsSendError(this.name, `request failed: ${(e as Error).message}`);
    }
    if (!res.ok) {
      const text = await res.text();
      let detail = text.slice(0, 200);
      try {
        const j = JSON.parse(text) as { code?: number; message?: string };
        detail = `${j.code ?? ''} ${j.message ?? ''}`;
      } catch {
        // not JSON
      }
      throw new SmsSendError(this.name, `HTTP ${res.status} ${detail}`);
    }
  }
}
