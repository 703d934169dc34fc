import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { requestLoggerFactory } from './request-logger.ts';

/** req.log writes what Fastify's own child wrote, and makes the child only for a line its level lets through. */
describe('request logger', () => {
  const capture = (logLevel: 'warn' | 'info') => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { logger: createLogger({ logLevel }, stream), lines };
  };

  it('writes nothing and makes no child below its level', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLoggerFactory(logger, { reqId: 'r-1' }, { level: 'warn' });
    log.info('hidden');
    log.debug({ a: 1 }, 'hidden');
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();
    log.warn({ body: { sms_code: '123456' } }, 'shown');
    log.error('shown too');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['r-1', 'shown', 40],
      ['r-1', 'shown too', 50],
    ]);
    // The app logger's redaction holds for the request's lines.
    expect(JSON.stringify(lines[0])).not.toContain('123456');
  });

  it('follows the route level and a level set later, and binds its children', () => {
    const { logger, lines } = capture('warn');
    const log = requestLoggerFactory(logger, { reqId: 'r-2' }, { level: 'info' });
    expect(log.level).toBe('info');
    log.info('route logs info');
    log.level = 'error';
    log.warn('now hidden');
    (log.child({ step: 'x' }) as FastifyBaseLogger).error('from a child');
    expect(lines.map((l) => [l.reqId, l.msg, l.step])).toEqual([
      ['r-2', 'route logs info', undefined],
      ['r-2', 'from a child', 'x'],
    ]);
  });

  it('gives each request of an app its id, in the lines Fastify writes itself', async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: requestLoggerFactory });
    app.get('/', async (req) => {
      req.log.info('handler line');
      return { ok: true };
    });
    await app.inject({ url: '/', headers: { 'x-request-id': 'ignored' } });
    await app.close();
    const reqIds = new Set(lines.filter((l) => l.reqId !== undefined).map((l) => l.reqId));
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'handler line', 'request completed']),
    );
    expect(reqIds.size).toBe(1);
  });
});
