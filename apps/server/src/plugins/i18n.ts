import type { Locale } from '@dossier/contract';
import { DEFAULT_LOCALE } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Translates a key (`ns:key`, default namespace `errors`) into the caller's language. */
    t(key: string, vars?: Record<string, string | number>): string;
  }
}

/** The `Language` header picks zh or en (also zh-CN, en-US, …); anything else falls back to zh. */
export function localeOf(header: string | string[] | undefined): Locale {
  const v = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  if (v.startsWith('en')) return 'en';
  if (v.startsWith('zh')) return 'zh';
  return DEFAULT_LOCALE;
}

export function registerI18n(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest(
    't',
    function (this: FastifyRequest, key: string, vars?: Record<string, string | number>) {
      return translate(this.locale, key, vars);
    },
  );
  // Callback-style hooks here and in the other app-wide plugins: an async hook costs a promise and a microtask
  // turn on every request (decision 0042).
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = localeOf(req.headers.language);
    done();
  });
}
