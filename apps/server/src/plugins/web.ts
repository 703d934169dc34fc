import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ErrorCode, isAppRoute } from '@dossier/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the build writes the prerendered public pages (apps/web/vite-prerender.ts, decision 0036). */
const PRERENDER_DIR = 'prerender';

interface PrerenderedFile {
  html: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

function readIfExists(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

/**
 * The prerendered pages by lowercased route path (`/index/firstterm`): the router matches paths
 * case-insensitively, so the server does too. Each with the .gz and .br the build wrote beside it.
 */
export function loadPrerendered(webDist: string): Map<string, PrerenderedFile> {
  const dir = join(webDist, PRERENDER_DIR);
  const pages = new Map<string, PrerenderedFile>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const file = join(dir, entry);
    const route = `/${relative(dir, file)
      .replace(/\\/g, '/')
      .replace(/\.html$/, '')}`.toLowerCase();
    pages.set(route, {
      html: readFileSync(file),
      gzip: readIfExists(`${file}.gz`),
      brotli: readIfExists(`${file}.br`),
    });
  }
  return pages;
}

/** The route a prerendered page is stored under: lowercased, without a trailing slash. */
export function prerenderKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

function sendPrerendered(req: FastifyRequest, reply: FastifyReply, page: PrerenderedFile) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply.status(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  reply.type('text/html; charset=utf-8');
  if (page.brotli && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.brotli);
  if (page.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/**
 * Serves the built SPA: hashed assets with a year-long cache, index.html never cached. The public pages the
 * build prerendered (decision 0036) get their own HTML; other unknown paths outside /api get the SPA (status 200
 * for screen routes, 404 otherwise, where it shows its 404 page); /api never falls back to the SPA.
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
  const prerendered = hasWeb ? loadPrerendered(webDist) : new Map<string, PrerenderedFile>();

  app.setNotFoundHandler((req, reply) => {
    const path = canonicalPath(req.url);
    // A missing file (an old hashed asset, a typo'd icon) is a plain 404, not the SPA.
    const looksLikeFile = path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api') && !looksLikeFile;
    const page = wantsPage ? prerendered.get(prerenderKey(path)) : undefined;
    if (page) return sendPrerendered(req, reply, page);
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
