import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config.ts';
import { AliyunSmsProvider } from './aliyun.ts';
import { ConsoleSmsProvider } from './console.ts';
import type { SmsMessage, SmsProvider, SmsText } from './sms.ts';
import { SmsSendError } from './sms.ts';
import { TwilioSmsProvider } from './twilio.ts';

/**
 * Several providers, each message to the first that serves its calling code (SMS_PROVIDER=aliyun+twilio:
 * +86 through Aliyun, the rest through Twilio). The name is the combined one, e.g. "aliyun+twilio".
 */
export class RoutingSmsProvider implements SmsProvider {
  readonly name: string;
  constructor(private readonly providers: SmsProvider[]) {
    this.name = providers.map((p) => p.name).join('+');
  }
  supports(areaCode: string): boolean {
    return this.providers.some((p) => p.supports(areaCode));
  }
  async send(msg: SmsMessage): Promise<void> {
    const p = this.providers.find((x) => x.supports(msg.areaCode));
    if (!p) throw new SmsSendError(this.name, `no provider for +${msg.areaCode}`);
    await p.send(msg);
  }
  async sendText(msg: SmsText): Promise<void> {
    const p = this.providers.find((x) => x.supports(msg.areaCode));
    if (!p?.sendText) throw new SmsSendError(this.name, `no text messages to +${msg.areaCode}`);
    await p.sendText(msg);
  }
}

export function createSmsProvider(config: SmsConfig, logger: FastifyBaseLogger): SmsProvider {
  const list = config.providers.map((name): SmsProvider => {
    if (name === 'aliyun') return new AliyunSmsProvider(config.aliyun);
    if (name === 'twilio') return new TwilioSmsProvider(config.twilio);
    return new ConsoleSmsProvider(logger);
  });
  return list.length === 1 ? list[0]! : new RoutingSmsProvider(list);
}

export { type SmsMessage, type SmsProvider, SmsSendError, type SmsText } from './sms.ts';
