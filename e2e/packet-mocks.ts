import type { Locale, TPacket, TPacketFile, TPacketOutlineNode } from '@dossier/contract';
import { LANGUAGE_HEADER, PACKET_PATHS, ZPacket, ZPacketResponse, ZReadme } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page, Route } from '@playwright/test';
import { pdfFile } from './pdf-bytes.ts';

/**
 * Issue 14's packet endpoints (`…/case/{id}/packet/` and `…/packet/file/`) answered in the browser, so the ReadMe
 * journey can walk every state of the print-file panel (progress steps, stale, a rebuild while /previewToPdf is
 * open) quickly and deterministically, with a small PDF whose pages tell which one is drawn. Everything else —
 * login, the case, evidence, letters, documents and the ReadMe checklist with its "I confirm" — is the real
 * server, and e2e/workbench-packet.spec.ts runs the real job end to end. Every JSON answer is parsed with the
 * contract's zod schema first, so a mock that drifts from packages/contract/src/packet.ts fails the journey.
 */

const PACKET_PATH = /\/api\/customer\/case\/(\d+)\/packet\/(file\/)?(\?.*)?$/;

/** A real small PDF: `pages` pages of different heights (so a test can tell which one is drawn), an outline. */
export function outlinedPdf(titles: { title: string; page: number }[], pages: number): Buffer {
  const objects: string[] = [];
  /** Adds an object; its number is 1-based. */
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pageRefs: number[] = [];
  for (let i = 1; i <= pages; i++) {
    const text = `BT /F1 36 Tf 72 ${pageHeight(i) - 120} Td (Page ${i}) Tj ET`;
    const stream = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    pageRefs.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 ${pageHeight(i)}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  const outlines = add('');
  const items = titles.map(() => add(''));
  items.forEach((n, i) => {
    const links = [
      i > 0 ? `/Prev ${items[i - 1]} 0 R` : '',
      i < items.length - 1 ? `/Next ${items[i + 1]} 0 R` : '',
    ].join(' ');
    objects[n - 1] =
      `<< /Title (${titles[i]!.title}) /Parent ${outlines} 0 R ${links} /Dest [${pageRefs[titles[i]!.page - 1]} 0 R /Fit] >>`;
  });
  objects[outlines - 1] =
    `<< /Type /Outlines /First ${items[0]} 0 R /Last ${items[items.length - 1]} 0 R /Count ${items.length} >>`;
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pagesObj} 0 R /Outlines ${outlines} 0 R /PageMode /UseOutlines >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${pages} >>`;
  return pdfFile(objects, `/Root ${catalog} 0 R`);
}

/** Page i's height in points: every page differs, so the canvas's aspect ratio says which page is drawn. */
export const pageHeight = (i: number) => 400 + 100 * i;

export const MOCK_OUTLINE: TPacketOutlineNode[] = [
  { title: 'Cover sheet', page: 1, children: [] },
  {
    title: 'Exhibits',
    page: 2,
    children: [
      { title: 'Exhibit 1', page: 2, children: [] },
      { title: 'Exhibit 2', page: 4, children: [] },
    ],
  },
  { title: 'Letters', page: 5, children: [] },
];
const MOCK_PAGES = 5;

/** The build as the poller sees it, one step per GET after Generate. */
const STEPS: Pick<TPacket, 'state' | 'progress' | 'phase'>[] = [
  { state: 'queued', progress: 0, phase: null },
  { state: 'generating', progress: 25, phase: 'render' },
  { state: 'generating', progress: 60, phase: 'assemble' },
  { state: 'generating', progress: 90, phase: 'stamp' },
  { state: 'ready', progress: 100, phase: null },
];

export interface PacketMock {
  /** GETs of the packet answered while a build was on its way (the progress the screen saw). */
  progressSeen: number[];
  pdf: Buffer;
  file: TPacketFile;
  /** Starts a build as if another tab had pressed "Generate again" (the old file stays). */
  rebuild(): void;
}

/**
 * Answers the packet paths of the logged-in customer's case `caseId` . Whether
 * the ReadMe is confirmed is read from the real server (GET …/readme/), so Generate is refused (409
 * readme_not_confirmed, as the contract says) until the real "I confirm" went through.
 */
export async function mockPacketEndpoints(
  page: Page,
  token: string,
  locale: Locale,
  caseId: number,
): Promise<PacketMock> {
  const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
  const R = resources[locale].preview;
  const pdf = outlinedPdf(
    [
      { title: 'Cover sheet', page: 1 },
      { title: 'Exhibit 1', page: 2 },
      { title: 'Exhibit 2', page: 4 },
      { title: 'Letters', page: 5 },
    ],
    MOCK_PAGES,
  );
  const file: TPacketFile = {
    size: pdf.length,
    pages: MOCK_PAGES,
    generated_at: new Date().toISOString(),
    name: 'EB-1A petition packet.pdf',
    outline: MOCK_OUTLINE,
    missing_forms: [],
    date: new Date().toISOString().slice(0, 10),
    time_zone: 'UTC',
    check: { pages: MOCK_PAGES, bookmarks: MOCK_OUTLINE.length, references: 0 },
  };
  let step = -1;
  let built = false;
  const mock: PacketMock = {
    progressSeen: [],
    pdf,
    file,
    rebuild: () => {
      step = 0;
    },
  };

  /** The real server's word on "I confirm". */
  const confirmed = async (): Promise<boolean> => {
    const r = await page.request.get(PACKET_PATHS.readme(caseId), { headers });
    return r.ok() && ZReadme.parse(await r.json()).confirmed;
  };

  const packet = async (): Promise<TPacket> => {
    const s =
      step < 0
        ? { state: 'none' as const, progress: 0, phase: null }
        : STEPS[Math.min(step, STEPS.length - 1)]!;
    return ZPacket.parse({
      case_id: caseId,
      ...s,
      // The last file stays while a new build runs (contract: ZPacket.file).
      file: s.state === 'ready' || built ? file : null,
      error: null,
      problems: [],
      readme_confirmed: await confirmed(),
    });
  };

  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

  await page.route(PACKET_PATH, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const [, id, sub] = PACKET_PATH.exec(url.pathname + url.search)!;
    // Another case's packet: the real server answers (its own answer: 404 for a case not the caller's).
    if (Number(id) !== caseId) return route.fallback();
    const method = request.method();
    if (!sub && method === 'GET') {
      if (step >= 0 && step < STEPS.length - 1) step++;
      const answer = await packet();
      if (answer.state === 'ready') built = true;
      if (answer.state === 'queued' || answer.state === 'generating') mock.progressSeen.push(answer.progress);
      return json(route, 200, answer);
    }
    if (!sub && method === 'POST') {
      if (!(await confirmed()))
        return json(route, 409, { code: 'readme_not_confirmed', msg: 'confirm first' });
      if (step < 0 || step >= STEPS.length - 1) step = 0;
      return json(route, 202, ZPacketResponse.parse({ msg: R.print.generating, packet: await packet() }));
    }
    if (sub === 'file/' && method === 'GET') {
      if (!(await packet()).file) return json(route, 404, { code: 'packet_file_missing', msg: 'not yet' });
      return route.fulfill({
        status: 200,
        contentType: 'application/pdf',
        headers: { 'content-disposition': `attachment; filename="${file.name}"` },
        body: pdf,
      });
    }
    return route.fallback();
  });
  return mock;
}
