import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config.ts';
import { ConsoleMailProvider } from './console.ts';
import type { MailProvider } from './mail.ts';
import { SmtpMailProvider } from './smtp.ts';

export function createMailProvider(config: MailConfig, logger: FastifyBaseLogger): MailProvider {
  if (config.provider === 'smtp' && config.smtpUrl) return new SmtpMailProvider(config.smtpUrl, config.from);
  return new ConsoleMailProvider(logger);
}

export type { MailMessage, MailProvider } from './mail.ts';
