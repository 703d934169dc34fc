import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailProvider } from './mail.ts';

export class ConsoleMailProvider implements MailProvider {
  readonly name = 'console';
  constructor(private readonly logger: FastifyBaseLogger) {}
  async send(msg: MailMessage): Promise<void> {
    this.logger.info({ to: msg.to, subject: msg.subject, text: msg.text }, 'console mail provider: message');
  }
}
