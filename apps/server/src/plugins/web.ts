import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, isAppRoute } from '@dossier/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets with a year-long cache, index.html never cached. Unknown paths
 * outside /api get the SPA (status 200 for screen routes, 404 otherwise, where it shows its 404 page);
 * /api never falls back to the SPA.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = join(webDist, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Cache headers are ours (setHeaders), not send's default max-age=0.
      cacheControl: false,
      // The build writes .br and .gz beside every text asset; send the one the browser accepts.
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexPath) : null;

  app.setNotFoundHandler((req, reply) => {
    const path = canonicalPath(req.url);
    // A missing file (an old hashed asset, a typo'd icon) is a plain 404, not the SPA.
    const looksLikeFile = path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api') && !looksLikeFile;
    if (wantsPage && indexHtml) {
      return reply
        .status(isAppRoute(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    return reply.status(404).send({ code: ErrorCode.notFound, msg: req.t('errors:not_found') });
  });
}

/**
 * The path as the router would see it: decoded, with runs of slashes folded, so `//api//x` and `/%61pi/x` are
 * recognised as API calls (answered JSON), never as pages.
 */
export function canonicalPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: judge the raw text.
  }
  return decoded.replace(/\/{2,}/g, '/');
}
