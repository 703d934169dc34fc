/**
 * Issue 28 items 2–4, acceptance: one case, its packet built through the API and the job, and both letter
 * previews; every reference's number read back as a person would (pdftotext and mutool with system fonts hidden)
 * from the letter preview, the packet's petition letter, its tab pages and stamps, its bookmarks, its exhibit list
 * and its cover — and from the API answers the editor chips, the picker, the exhibits route (comparison preview)
 * and the evidence page show. Every output must show the same number; a folder without a file has none anywhere.
 */
import { execFileSync } from 'node:child_process';
import { ZEvidencePage, ZExhibits, ZPacketResponse, ZReferenceTargets } from '@dossier/contract';
import { EB1A_SAMPLE, type FormValues } from '@dossier/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../src/pdf/packet/sample-inputs.ts';
import type { TestApp } from './build-test-app.ts';
import { evidenceCalls, type Owner, onCase } from './evidence-helpers.ts';
import { injectAs, openCase } from './factories.ts';
import { settledPacket, startWorkerApp, storedUpload } from './packet-helpers.ts';
import { noSystemFontsEnv, pdfToolsAvailable, pdftotext, qpdfCheck, writeTempPdf } from './pdf-assertions.ts';
import { stopUploadApp } from './upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startWorkerApp();
});
// Running jobs finish before the database closes (a fetch in flight would find PGlite closed).
afterAll(() => stopUploadApp(t));

const tools = pdfToolsAvailable();
const { claim, folder } = evidenceCalls(() => t);
const squash = (s: string) => s.replace(/\s+/g, ' ');

/** A cited item: a marker sentence "Item <key> is <reference>." in the petition letter. */
interface Cited {
  key: string;
  ref: string;
  kind: 'exhibit' | 'letter';
  /** A page pin (decision 0073): printed "Exhibit N, p. a" / "Exhibit N, pp. a–b" in the previews and the packet. */
  pages?: { from: number; to: number };
}

async function fillForms(o: Owner) {
  const summary = (await onCase(t, o)('GET', '')).json();
  for (const f of summary.forms as Array<{ id: number; form_number: string }>) {
    const url = `/api/customer/immigration_data/${f.id}/`;
    const current = (await injectAs(t, 'GET', url, { user: o.user })).json();
    const values = EB1A_SAMPLE.forms[f.form_number] as FormValues;
    const r = await injectAs(t, 'PATCH', url, {
      user: o.user,
      payload: { version: current.version, mode: 'save', values },
    });
    expect(r.statusCode, `${f.form_number}: ${r.body}`).toBe(200);
  }
}

let seed = 1;
async function addFile(o: Owner, folderId: number, name: string) {
  const pdf = await textPdf(`Evidence page of ${name}`, 1, seed++);
  const id = await storedUpload(t, o, pdf, `${name}.pdf`);
  const r = await onCase(t, o)('POST', `evidence/${folderId}/files/`, {
    name,
    needs_translation: false,
    original_upload_id: id,
  });
  expect(r.statusCode, r.body).toBe(200);
  return ZEvidencePage.parse(r.json().evidence)
    .folders.find((f) => f.id === folderId)!
    .files.find((f) => f.name === name)!.id;
}

async function addLetter(o: Owner, name: string) {
  const pdf = await storedUpload(t, o, await textPdf(`Letter from ${name}`, 1, seed++), `${name}.pdf`);
  const r = await onCase(t, o)('POST', 'letters/', {
    name,
    position: 'Professor',
    needs_translation: false,
    independent: true,
    letter_upload_id: pdf,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().letters.letters.find((l: { name: string }) => l.name === name).id as number;
}

const paragraph = (c: Cited) => ({
  type: 'paragraph',
  content: [
    { type: 'text', text: `Item ${c.key} is ` },
    { type: 'reference', attrs: { kind: c.kind, id: c.ref, ...(c.pages ? { pages: c.pages } : {}) } },
    { type: 'text', text: '.' },
  ],
});

async function saveDocuments(o: Owner, cited: Cited[]) {
  for (const kind of ['petition_letter', 'us_plan'] as const) {
    const current = (await onCase(t, o)('GET', `documents/${kind}/`)).json();
    // The plan cites every other item: both documents are mailed and both are read back.
    const items = kind === 'us_plan' ? cited.filter((_, i) => i % 2 === 0) : cited;
    const r = await onCase(t, o)('PUT', `documents/${kind}/`, {
      version: current.version,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Text.' }] }, ...items.map(paragraph)],
      },
    });
    expect(r.statusCode, r.body).toBe(200);
  }
}

/** The label each marker sentence prints in a text ("Item F1 is Exhibit 3." → "Exhibit 3"). */
function printed(text: string, cited: Cited[]): Record<string, string | undefined> {
  const flat = squash(text);
  return Object.fromEntries(
    cited.map((c) => [
      c.key,
      new RegExp(
        `Item ${c.key} is ((?:Exhibit|Recommendation Letter) [\\d.]*\\d(?:, pp?\\. \\d+(?:–\\d+)?)?)\\.`,
      ).exec(flat)?.[1],
    ]),
  );
}

/** The packet's bookmarks as mutool reads them: title and 1-based page. */
function bookmarks(path: string): Array<{ title: string; page: number }> {
  const out = execFileSync('mutool', ['show', path, 'outline'], {
    env: noSystemFontsEnv(),
    encoding: 'utf8',
  });
  return [...out.matchAll(/"([^"]*)"\t#page=(\d+)/g)].map((m) => ({ title: m[1]!, page: Number(m[2]) }));
}

/** Builds the packet and both previews, and checks that every output shows the API's number for every item. */
async function compareEverywhere(o: Owner, cited: Cited[], titles: Map<string, string>) {
  const call = onCase(t, o);
  const confirmed = await call('POST', 'readme/confirm/');
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  // The API: editor chips (numbering), the picker, the exhibits route (comparison), the evidence page.
  const numbering = (await call('GET', 'documents/petition_letter/')).json().numbering;
  const expected: Record<string, string> = {};
  for (const c of cited) {
    expect(numbering[c.ref], c.ref).toMatchObject({ status: 'ok' });
    expected[c.key] = numbering[c.ref].label;
  }
  const targets = ZReferenceTargets.parse(
    (await call('GET', 'documents/petition_letter/reference_targets/')).json(),
  );
  const exhibits = ZExhibits.parse((await call('GET', 'evidence/exhibits/')).json());
  const page = ZEvidencePage.parse((await call('GET', 'evidence/')).json());
  const api = new Map<string, string[]>();
  const add = (id: string, label: string) => api.set(id, [...(api.get(id) ?? []), label]);
  for (const e of targets.exhibits) {
    if (!e.pending) add(e.id, e.label);
    for (const f of e.files) add(f.id, f.label);
  }
  for (const l of targets.letters) if (!l.pending) add(l.id, l.label);
  for (const f of exhibits.folders) {
    if (f.exhibit !== null) add(`folder:${f.folder_id}`, `Exhibit ${f.exhibit}`);
    for (const x of f.files) add(`file:${x.file_id}`, `Exhibit ${x.exhibit}`);
  }
  for (const l of exhibits.letters)
    if (l.number !== null) add(`letter:${l.letter_id}`, `Recommendation Letter ${l.number}`);
  for (const f of page.folders) {
    if (f.exhibit !== null) add(`folder:${f.id}`, `Exhibit ${f.exhibit}`);
    for (const x of f.files) add(`file:${x.id}`, `Exhibit ${x.exhibit}`);
  }
  for (const c of cited) {
    const sources = c.kind === 'letter' ? 2 : 3;
    expect(api.get(c.ref), c.ref).toEqual(Array(sources).fill(expected[c.key]));
  }

  // The packet, built by the job.
  const queued = await call('POST', 'packet/');
  expect(queued.statusCode, queued.body).toBe(200);
  ZPacketResponse.parse(queued.json());
  const done = await settledPacket(t, o);
  expect(done.state, JSON.stringify(done.error)).toBe('ready');
  if (!tools) return;
  const download = await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/packet/file/`, { user: o.user });
  const path = writeTempPdf(new Uint8Array(download.rawPayload), 'packet.pdf');
  expect(qpdfCheck(path).status).toBe(0);
  const marks = bookmarks(path);
  const pageText = (p: number) => squash(pdftotext(path, { first: p, last: p }));
  const section = (title: string) => {
    const i = marks.findIndex((m) => m.title === title);
    expect(i, title).toBeGreaterThanOrEqual(0);
    return { first: marks[i]!.page, last: (marks[i + 1]?.page ?? done.file!.pages + 1) - 1 };
  };
  const textOf = (s: { first: number; last: number }) => pdftotext(path, s);

  // The letter preview and the packet's petition letter (and the plan, in both) print the same labels, a pinned
  // reference with its pages after the number.
  const pinned = (c: Cited) =>
    !c.pages
      ? expected[c.key]
      : `${expected[c.key]}, ${c.pages.from === c.pages.to ? `p. ${c.pages.from}` : `pp. ${c.pages.from}–${c.pages.to}`}`;
  for (const [kind, title] of [
    ['petition_letter', 'Petition letter'],
    ['us_plan', 'U.S. plan'],
  ] as const) {
    const preview = await call('GET', `documents/${kind}/preview.pdf`);
    expect(preview.statusCode).toBe(200);
    const inPreview = printed(pdftotext(writeTempPdf(new Uint8Array(preview.rawPayload))), cited);
    const inPacket = printed(textOf(section(title)), cited);
    const items = kind === 'us_plan' ? cited.filter((_, i) => i % 2 === 0) : cited;
    for (const c of items) {
      expect(inPreview[c.key], `${kind} preview ${c.ref}`).toBe(pinned(c));
      expect(inPacket[c.key], `${kind} packet ${c.ref}`).toBe(pinned(c));
    }
  }

  // Each numbered exhibit: its bookmark, tab page, stamps, exhibit-list line and cover line carry its number.
  const list = squash(textOf(section('Exhibit list')));
  const cover = squash(textOf(section('Filing cover sheet')));
  for (const f of exhibits.folders) {
    const title = titles.get(`folder:${f.folder_id}`)!;
    const bookmark = `Exhibit ${f.exhibit}: ${title}`;
    if (f.exhibit === null) {
      // Left out everywhere: no bookmark, no list line, no tab.
      expect(
        marks.some((m) => m.title.endsWith(`: ${title}`)),
        title,
      ).toBe(false);
      expect(list).not.toContain(title);
      continue;
    }
    const s = section(bookmark);
    expect(pageText(s.first)).toContain(`EXHIBIT ${f.exhibit} ${title}`);
    for (let p = s.first; p <= s.last; p++) {
      expect(pageText(p), `${bookmark} p. ${p}`).toContain(
        `Exhibit ${f.exhibit} - p. ${p - s.first + 1} of ${s.last - s.first + 1}`,
      );
    }
    // Its pages as stamped (issue 30 item 2): "(p. a)" or "(pp. a–b)", counted after the cover sheet.
    const [a, b] = [s.first, s.last].map((p) => p - section('Filing cover sheet').last);
    expect(list).toContain(`Exhibit ${f.exhibit}: ${title} (${a === b ? `p. ${a}` : `pp. ${a}–${b}`})`);
    expect(cover).toContain(`Exhibit ${f.exhibit}: ${title} — ${s.last - s.first + 1} pages`);
  }
  for (const l of exhibits.letters) {
    expect(marks.map((m) => m.title)).toContain(`Letter ${l.number}: ${l.name}`);
    expect(cover).toContain(`Letter ${l.number}: ${l.name}`);
  }
}

describe('one numbering in every output (issue 28 items 2–4)', () => {
  it('criterion order with a folder without a file, then the customer’s order with a background exhibit: the packet, both previews and the API agree', {
    timeout: 600_000,
  }, async () => {
    const { user, c } = await openCase(t, 'USA_EB1A', {
      premium_processing: false,
      payment_method: 'G-1450',
    });
    const o: Owner = { user, caseId: c.id, project: 'USA_EB1A' };
    await fillForms(o);
    expect((await claim(o, ['awards', 'judge', 'association'])).statusCode).toBe(200);
    const titles = new Map<string, string>();
    const mk = async (criterion: string, name: string) => {
      const id = await folder(o, criterion, name);
      titles.set(`folder:${id}`, `${name} (en)`);
      return id;
    };
    const best = await mk('awards', 'Best paper');
    // A folder without a file between two with files (not cited: citing it would block the checklist).
    const empty = await mk('awards', 'Award to come');
    const fellowship = await mk('awards', 'Fellowship');
    const committee = await mk('judge', 'Program committee');
    const society = await mk('association', 'Society');
    const bestFiles = [await addFile(o, best, 'Certificate'), await addFile(o, best, 'Citation')];
    await addFile(o, fellowship, 'Fellowship letter');
    const committeeFile = await addFile(o, committee, 'Invitation');
    await addFile(o, society, 'Membership');
    const letters = [
      await addLetter(o, 'Prof. Adams'),
      await addLetter(o, 'Prof. Baker'),
      await addLetter(o, 'Prof. Chen'),
    ];
    const attachment = await storedUpload(t, o, await textPdf('Plan attachment', 1, seed++), 'plan.pdf');
    expect(
      (
        await onCase(t, o)('POST', 'plan/attachments/', {
          name: 'Offer',
          needs_translation: false,
          original_upload_id: attachment,
        })
      ).statusCode,
    ).toBe(200);
    const cited: Cited[] = [
      // Pinned pages the exhibits have (a tab page and one page per file): they follow the reorder below.
      { key: 'F1', ref: `folder:${fellowship}`, kind: 'exhibit', pages: { from: 2, to: 2 } },
      { key: 'F2', ref: `folder:${best}`, kind: 'exhibit', pages: { from: 2, to: 3 } },
      { key: 'F3', ref: `file:${bestFiles[1]}`, kind: 'exhibit' },
      { key: 'F4', ref: `folder:${society}`, kind: 'exhibit' },
      { key: 'F5', ref: `file:${committeeFile}`, kind: 'exhibit' },
      { key: 'F6', ref: `folder:${committee}`, kind: 'exhibit' },
      { key: 'L1', ref: `letter:${letters[2]}`, kind: 'letter' },
      { key: 'L2', ref: `letter:${letters[0]}`, kind: 'letter' },
    ];
    await saveDocuments(o, cited);
    await compareEverywhere(o, cited, titles);
    // The numbers themselves: the folder without a file takes none.
    const n = (await onCase(t, o)('GET', 'documents/petition_letter/')).json().numbering;
    expect(n[`folder:${fellowship}`].label).toBe('Exhibit 2');
    expect(n[`file:${bestFiles[1]}`].label).toBe('Exhibit 1.2');
    expect(n[`letter:${letters[2]}`].label).toBe('Recommendation Letter 3');

    // The customer's order: a background exhibit first, then the judging folder, across criteria.
    const cv = await mk('background', 'Curriculum vitae');
    await addFile(o, cv, 'CV');
    const evidence = ZEvidencePage.parse((await onCase(t, o)('GET', 'evidence/')).json());
    const order = await onCase(t, o)('PUT', 'evidence/exhibit_order/', {
      mode: 'custom',
      ids: [cv, committee, empty, society, best, fellowship],
      version: evidence.exhibit_order.version,
    });
    expect(order.statusCode, order.body).toBe(200);
    const withCv: Cited[] = [{ key: 'B1', ref: `folder:${cv}`, kind: 'exhibit' }, ...cited];
    await saveDocuments(o, withCv);
    await compareEverywhere(o, withCv, titles);
    const m = (await onCase(t, o)('GET', 'documents/petition_letter/')).json().numbering;
    expect(m[`folder:${cv}`].label).toBe('Exhibit 1');
    expect(m[`folder:${committee}`].label).toBe('Exhibit 2');
    expect(m[`folder:${fellowship}`].label).toBe('Exhibit 5');
  });
});
