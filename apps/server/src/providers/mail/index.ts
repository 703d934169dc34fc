import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config.ts';
import { ConsoleMailProvider } from './console.ts';
import type { MailProvider } from './mail.ts';

/** nodemailer is imported only when SMTP is configured (it costs ~100 ms of every start otherwise). */
export async function createMailProvider(
  config: MailConfig,
  logger: FastifyBaseLogger,
): Promise<MailProvider> {
  if (config.provider === 'smtp' && config.smtpUrl) {
    const { SmtpMailProvider } = await import('./smtp.ts');
    return new SmtpMailProvider(config.smtpUrl, config.from);
  }
  return new ConsoleMailProvider(logger);
}

export type { MailMessage, MailProvider } from './mail.ts';
