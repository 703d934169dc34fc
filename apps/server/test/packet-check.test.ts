/**
 * Issue 28 items 7 and 9 (decision 0058) through the API and the real job: the packet's cover date, its file name,
 * the download's name and generated_at follow the customer's time zone at an instant where it and UTC disagree
 * (Shanghai a day ahead, Los Angeles a day behind); the file checks itself, the check's figures are in the
 * status, and a build whose bytes fail the check (one link target damaged, through the job's assembler seam)
 * is reported failed with its reason, never stored nor served.
 */
import { readdirSync } from 'node:fs';
import { ZPacketResponse } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casePacket, customer } from '../src/db/schema/index.ts';
import { runPacketBuild } from '../src/jobs/packet-build.handler.ts';
import { assemblePacket } from '../src/pdf/packet/assemble-packet.ts';
import type { TestApp } from './build-test-app.ts';
import { errMsg, onCase } from './evidence-helpers.ts';
import { injectAs } from './factories.ts';
import { packetOf, type ReadyCase, readyCase, settledPacket, startWorkerApp } from './packet-helpers.ts';
import { pdfToolsAvailable, pdftotext, qpdfCheck, writeTempPdf } from './pdf-assertions.ts';
import { stopUploadApp } from './upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startWorkerApp();
});
// Running jobs finish before the database closes (a fetch in flight would find PGlite closed).
afterAll(() => stopUploadApp(t));

const tools = pdfToolsAvailable();

async function caseIn(timeZone: string): Promise<ReadyCase> {
  const o = await readyCase(t, 'NIW');
  await t.ctx.db.db.update(customer).set({ timezone: timeZone }).where(eq(customer.id, o.user.customerId));
  return o;
}

async function build(o: ReadyCase) {
  const r = await onCase(t, o)('POST', 'packet/', undefined, 'en');
  expect(r.statusCode, r.body).toBe(200);
  ZPacketResponse.parse(r.json());
  return settledPacket(t, o);
}

const download = (o: ReadyCase) =>
  injectAs(t, 'GET', `/api/customer/case/${o.caseId}/packet/file/`, { user: o.user });

describe("one clock: the customer's time zone in every output of the packet (issue 28 item 7)", () => {
  for (const [zone, instant, day, utcDay] of [
    ['Asia/Shanghai', '2026-11-28T21:46:00.000Z', '2026-11-29', '2026-11-28'],
    ['America/Los_Angeles', '2026-11-29T03:30:00.000Z', '2026-11-28', '2026-11-29'],
  ] as const) {
    it(`${zone}: cover, file name, download and generated_at say ${day} (UTC: ${utcDay})`, {
      timeout: 300_000,
    }, async () => {
      const real = t.clock.now();
      t.clock.set(new Date(instant));
      try {
        const o = await caseIn(zone);
        const p = await build(o);
        expect(p.state, JSON.stringify(p.error)).toBe('ready');
        const file = p.file!;
        expect(file.generated_at).toBe(instant);
        expect(file.date).toBe(day);
        expect(file.time_zone).toBe(zone);
        expect(file.name).toBe(`NIW petition packet ${day}.pdf`);
        const r = await download(o);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-disposition']).toContain(`${day}.pdf`);
        if (tools) {
          const cover = pdftotext(writeTempPdf(r.rawPayload, 'clock.pdf'), { first: 1, last: 1 });
          expect(cover).toContain(`Prepared on ${day}`);
          expect(cover).not.toContain(utcDay);
        }
      } finally {
        t.clock.set(real);
      }
    });
  }
});

describe('the packet checks itself (issue 28 item 9)', () => {
  it('a build passes its check (and qpdf --check); damaged bytes are reported failed, not stored, not served', {
    timeout: 300_000,
  }, async () => {
    const o = await caseIn('Asia/Shanghai');
    const good = await build(o);
    expect(good.state).toBe('ready');
    const check = good.file!.check!;
    expect(check.pages).toBe(good.file!.pages);
    expect(check.bookmarks).toBeGreaterThan(5);
    // The exhibit list's lines and the petition letter's references are links that resolve.
    expect(check.references).toBeGreaterThan(0);
    const bytes = Buffer.from((await download(o)).rawPayload);
    if (tools) expect(qpdfCheck(writeTempPdf(bytes, 'checked.pdf')).status).toBe(0);

    // The same seam the job uses: an assembler whose output points one link at an object that is no page.
    const damaging: typeof assemblePacket = async (input, opts) => {
      const result = await assemblePacket(input, opts);
      const out = Buffer.from(result.bytes);
      const m = /\/Subtype \/Link[^>]*?\/Dest \[(\d+) 0 R/.exec(out.toString('latin1'));
      if (!m) throw new Error('no link to damage');
      out.write('1'.padStart(m[1]!.length, ' '), m.index + m[0].length - `${m[1]} 0 R`.length, 'latin1');
      return { ...result, chunks: [out], size: out.length, bytes: out };
    };
    const packets = `${t.dir}/files/customers/${o.user.customerId}/packets`;
    const before = readdirSync(packets);
    await t.ctx.db.db.update(casePacket).set({ buildState: 'queued' }).where(eq(casePacket.caseId, o.caseId));
    // Not retried: the first attempt of three records the failure.
    expect(
      await runPacketBuild(
        t.ctx,
        { caseId: o.caseId, locale: 'en' },
        { retryCount: 0, retryLimit: 2 },
        { assemble: damaging },
      ),
    ).toBe('failed');
    expect(readdirSync(packets)).toEqual(before);
    for (const lang of ['en', 'zh'] as const) {
      const p = await packetOf(t, o, lang);
      expect(p.state).toBe('failed');
      expect(p.error!.code).toBe('packet_check_failed');
      const reason = /a link on page \d+ points at no page of the file/.exec(p.error!.msg)?.[0];
      expect(reason, p.error!.msg).toBeDefined();
      expect(p.error!.msg).toBe(errMsg(lang, 'packet_check_failed').replace('{{reason}}', reason!));
      const r = await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/packet/file/`, {
        user: o.user,
        lang,
      });
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('packet_check_failed');
      expect(r.json().msg).toBe(p.error!.msg);
    }

    // The next build that passes serves again.
    const again = await build(o);
    expect(again.state).toBe('ready');
    expect((await download(o)).statusCode).toBe(200);
  });
});
