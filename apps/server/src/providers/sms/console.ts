import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider, SmsText } from './sms.ts';

/** Development and automated journeys: the code goes to the log (and back to the caller, see routes). */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  constructor(private readonly logger: FastifyBaseLogger) {}
  supports(): boolean {
    return true;
  }
  async send(msg: SmsMessage): Promise<void> {
    this.logger.info({ to: `+${msg.areaCode} ${msg.phone}`, code: msg.code }, 'console SMS provider: code');
  }
  async sendText(msg: SmsText): Promise<void> {
    this.logger.info({ to: `+${msg.areaCode} ${msg.phone}`, text: msg.text }, 'console SMS provider: notice');
  }
}
