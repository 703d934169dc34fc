import pino from 'pino';
import type { Config } from './config.ts';

/** JSON logs to stdout; secrets never logged (authorization, cookies, codes). */
export function createLogger(config: Pick<Config, 'logLevel'>) {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.sms_code', '*.password', '*.captcha'],
      censor: '[redacted]',
    },
  });
}
