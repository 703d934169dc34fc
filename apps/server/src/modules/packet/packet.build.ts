import { randomUUID } from 'node:crypto';
import { type Locale, localDate, type TPacketOutlineNode } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { withReadScope } from '../../db/read-scope.ts';
import { casePacket } from '../../db/schema/index.ts';
import { assemblePacket } from '../../pdf/packet/assemble-packet.ts';
import { checkPacket, type PacketCheck } from '../../pdf/packet/check-packet.ts';
import type { OutlineNode } from '../../pdf/packet/outline.ts';
import type { FormKey, PacketInput, PacketTranslation, ProgressFn } from '../../pdf/packet/packet.types.ts';
import { concatenatePdfs } from '../../pdf/raw/document.ts';
import { nameVariants, type PersonName } from '../../pdf/text/name-marks.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CaseRow } from '../case/case.service.ts';
import { categoryOf } from '../case/case.service.ts';
import { customerTimeZone } from '../customer/customer.clock.ts';
import { byHandSheet } from '../forms/by-hand.service.ts';
import { filledPdf } from '../forms/form-pdf.service.ts';
import { freshFeeSchedule } from '../reference/fee-schedule.service.ts';
import { whereToFileTables } from '../reference/where-to-file.service.ts';
import { blobKey } from '../uploads/uploads.blobs.ts';
import { inputBytes, PacketCache } from './packet.cache.ts';
import { digest, PAYMENT_FORMS, type PacketPlan, type PlannedFile, planPacket } from './packet.inputs.ts';

/**
 * The build (decision 0027): the plan's files loaded, the forms filled (cached per data version), the letters
 * rendered (cached per document version and numbering), assemblePacket, then the file stored under a new key and
 * only then the row switched to it. A crash anywhere before the switch leaves the previous file and row intact.
 */

/** The build's progress is stored at most this often (and on each change of phase). */
const PROGRESS_WRITE_MS = 250;

export const packetKey = (customerId: number, caseId: number) =>
  `customers/${customerId}/packets/${caseId}-${randomUUID()}.pdf`;

/**
 * A build failure naming the part (a file or form the customer knows; '' when no single part is to blame) for
 * spec §8 "Preview failure"; never a stack trace to the customer.
 */
export class PacketBuildError extends Error {
  constructor(
    readonly part: string,
    cause: unknown,
  ) {
    super(`packet build failed at ${part}`, { cause });
  }
}

/**
 * The assembled file failed its self-check (check-packet.ts, decision 0058): it is not stored, the build is
 * failed with the first problem as its reason, and it is not retried (the same inputs build the same bytes).
 */
export class PacketCheckError extends PacketBuildError {
  constructor(readonly check: PacketCheck) {
    super(check.problems[0] ?? '', new Error(check.problems.join('; ')));
  }
}

function profileText(caseRow: CaseRow, prefix: string): string {
  const p = (caseRow.profile ?? {}) as Record<string, unknown>;
  const v = (k: string) => (typeof p[`${prefix}.${k}`] === 'string' ? (p[`${prefix}.${k}`] as string) : '');
  return prefix === 'name'
    ? [v('given'), v('middle'), v('family')].filter(Boolean).join(' ')
    : ['street', 'unitType', 'unitNumber', 'city', 'state', 'zip', 'province', 'postalCode', 'country']
        .map(v)
        .filter(Boolean)
        .join(', ');
}

/** The petitioner's name from the profile, as the exhibits' highlight looks for it. */
function personName(caseRow: CaseRow): PersonName {
  const p = (caseRow.profile ?? {}) as Record<string, unknown>;
  const v = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  return {
    family: v('name.family'),
    given: v('name.given'),
    middle: v('name.middle'),
    nativeFamily: v('native.family'),
    nativeGiven: v('native.given'),
  };
}

/** The petitioner's address, email and phone from the profile, for the cover letter to USCIS. */
function contactOf(caseRow: CaseRow): NonNullable<PacketInput['contact']> {
  const p = (caseRow.profile ?? {}) as Record<string, unknown>;
  const v = (k: string) => (typeof p[k] === 'string' && p[k] ? (p[k] as string) : undefined);
  const address = profileText(caseRow, 'address');
  const email = v('contact.email');
  const phone = v('contact.mobile') ?? v('contact.day_phone');
  return { ...(address ? { address } : {}), ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}

export async function loadPacketInput(
  ctx: AppContext,
  plan: PacketPlan,
  locale: Locale,
  cache: PacketCache = new PacketCache(ctx, plan.caseRow.customerId),
  lap: (step: string) => void = () => {},
  /** Filled with the sha-256 of each input read: its content address (assemblePacket's `sha256Of`). */
  sha256s: WeakMap<Uint8Array, string> = new WeakMap(),
  /** The day the cover prints (the customer's, decision 0058); today in the customer's time zone by default. */
  filingDate?: string,
): Promise<PacketInput> {
  const { caseRow } = plan;
  const customerId = caseRow.customerId;
  const read = async (f: PlannedFile): Promise<Uint8Array> => {
    const u = f.uploadId === null ? undefined : plan.uploads.get(f.uploadId);
    const key = u?.pdfSha256 ? blobKey(customerId, u.pdfSha256) : undefined;
    // A blob never changes (content-addressed): one read by an earlier build in this process serves again.
    let bytes: Uint8Array | null | undefined = key ? inputBytes.get(key) : undefined;
    if (!bytes && key) {
      bytes = await ctx.storage.read(key);
      if (bytes) inputBytes.set(key, bytes, bytes.length);
    }
    if (!bytes) throw new PacketBuildError(f.name, new Error('normalised PDF missing'));
    sha256s.set(bytes, u!.pdfSha256!);
    return bytes;
  };
  // An exhibit of several files is one PDF of their pages, in order.
  const readMany = async (files: PlannedFile[]): Promise<Uint8Array> =>
    files.length === 1 ? read(files[0]!) : concatenatePdfs(await Promise.all(files.map(read)));
  const petitioner = profileText(caseRow, 'name');
  const translator = (kind: 'personal' | 'service' | undefined) =>
    kind === 'service'
      ? {
          name: translate('en', 'packet:translator.service_name'),
          address: translate('en', 'packet:translator.service_address'),
        }
      : { name: petitioner, address: profileText(caseRow, 'address') };
  const translation = async (
    files: PlannedFile[],
    who: { kind: 'personal' | 'service' } | null,
  ): Promise<PacketTranslation | undefined> =>
    files.length === 0
      ? undefined
      : { pdf: await readMany(files), translator: translator(who?.kind), fromLanguage: 'Chinese' };

  // Forms: the filled official PDF (modules/forms), cached per data version; a form that cannot be filled
  // (blank missing, not saved) is left out and the cover sheet says where to get it.
  const forms: PacketInput['forms'] = [];
  for (const f of plan.forms) {
    const name = `form-${f.key}.pdf`;
    let pdf: Uint8Array | null = await cache.read(name);
    if (!pdf && f.complete) {
      try {
        pdf = (await filledPdf(ctx, { customerId, id: f.id, locale, payment: f.payment })).bytes;
        cache.write(name, pdf, 'application/pdf');
      } catch (err) {
        if (!(err instanceof AppError)) throw new PacketBuildError(f.formNumber, err);
        pdf = null;
      }
    }
    // A payment form no published edition fills: the "fill by hand" page at its place (issue 30 item 4).
    const byHand =
      !pdf && PAYMENT_FORMS.has(f.formNumber)
        ? await byHandSheet(ctx, { customerId, id: f.id, payment: f.payment })
        : undefined;
    forms.push({ key: f.formNumber as FormKey, pdf, ...(byHand ? { byHand } : {}) });
  }
  // NIW: the signed ETA-9089 as uploaded, its Final Determination after it (decision 0060).
  if (plan.eta9089.length > 0) forms.push({ key: 'ETA-9089', pdf: await readMany(plan.eta9089) });
  lap('forms_fill');

  // Every file is read at once (the storage's reads overlap); the order is the plan's.
  // Every planned exhibit has a file (the numbering leaves a folder without one out) and its number.
  const exhibits: PacketInput['exhibits'] = await Promise.all(
    plan.exhibits.map(async (e) => {
      const [original, tr] = await Promise.all([
        readMany(e.originals),
        translation(e.translations, e.translator),
      ]);
      const { id, number, title, parts } = e;
      return {
        id,
        number,
        title,
        parts,
        original,
        ...(tr ? { translation: tr } : {}),
        ...(e.group ? { group: e.group } : {}),
        ...(e.description ? { description: e.description } : {}),
      };
    }),
  );
  const letters: PacketInput['letters'] = await Promise.all(
    plan.letters.map(async (l) => {
      const [pdf, tr, cv, cvTr] = await Promise.all([
        read(l.file),
        translation(l.translation ? [l.translation] : [], l.translator),
        l.cv ? read(l.cv) : undefined,
        translation(l.cvTranslation ? [l.cvTranslation] : [], l.translator),
      ]);
      return {
        id: l.id,
        number: l.number,
        recommender: l.recommender,
        pdf,
        ...(tr ? { translation: tr } : {}),
        jobTitle: l.jobTitle,
        independent: l.independent,
        // The recommender's CV after the letter (issue 30 item 6), its translation with the certificate.
        ...(cv ? { cv: { pdf: cv, ...(cvTr ? { translation: cvTr } : {}) } } : {}),
      };
    }),
  );
  const attachments: PacketInput['plan']['attachments'] = await Promise.all(
    plan.attachments.map(async (a) => {
      const [pdf, tr] = await Promise.all([
        read(a.file),
        translation(a.translation ? [a.translation] : [], null),
      ]);
      return { title: a.title, number: a.number, pdf, ...(tr ? { translation: tr } : {}) };
    }),
  );
  lap('inputs_read');
  const day = filingDate ?? localDate(ctx.clock.now(), await customerTimeZone(ctx, caseRow.customerId));
  return {
    locale,
    category: categoryOf(plan.projectCode),
    petitionerName: petitioner,
    ...(caseRow.highlightName ? { highlightName: nameVariants(personName(caseRow)) } : {}),
    filingDate: day,
    fees: await freshFeeSchedule(ctx, day),
    premium: caseRow.premiumProcessing,
    payment: caseRow.paymentMethod === 'G-1650' ? 'G-1650' : 'G-1450',
    forms,
    petitionLetter: plan.petitionLetter,
    exhibits,
    letters,
    plan: { doc: plan.planDoc, attachments },
    // The where-to-file versions shipped and published by staff; the one in force on the filing date applies.
    whereToFile: { ...plan.whereToFile, tables: await whereToFileTables(ctx) },
    contact: contactOf(caseRow),
  };
}

/**
 * Event-loop turns the store gets before the check takes the thread: enough for its directory and open calls to
 * come back and its write to be handed to libuv's pool (a heuristic: with fewer, the two only overlap less).
 */
const STORE_HEAD_START_TURNS = 4;
async function ioTurns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The file as its self-check reads it: every chunk the writer made, at its offset, in one buffer made for the
 * check only. The inputs' stream data (chunks that are views into an input file, copied verbatim) stay zero
 * pages: the check reads objects, links, bookmarks and the stamps' streams, never an input's stream data, and
 * untouched pages of a fresh buffer take no memory (joining them too cost ~40 MB of peak RSS on the 543-page
 * bench packet). Only inputs larger than Node's 8 KB buffer pool count, so a pooled chunk is always copied.
 */
function checkedBytes(chunks: Uint8Array[], size: number, input: PacketInput): Uint8Array {
  const files = [
    ...input.forms.map((f) => f.pdf),
    ...input.exhibits.flatMap((e) => [e.original, e.translation?.pdf]),
    ...input.letters.flatMap((l) => [l.pdf, l.translation?.pdf, l.cv?.pdf, l.cv?.translation?.pdf]),
    ...input.plan.attachments.flatMap((a) => [a.pdf, a.translation?.pdf]),
  ];
  const inputs = new Set(files.flatMap((f) => (f && f.buffer.byteLength > 64 * 1024 ? [f.buffer] : [])));
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    if (!inputs.has(c.buffer)) out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The outline as the API shows it: 1-based pages. */
const apiOutline = (n: OutlineNode): TPacketOutlineNode => ({
  title: n.title,
  page: n.pageIndex + 1,
  children: (n.children ?? []).map(apiOutline),
});

/**
 * Runs one build of the case's packet. `onProgress` is stored (throttled) so GET shows it. Returns when the row
 * points at the new file; throws (the row keeps the previous file) otherwise.
 */
export function buildCasePacket(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: PacketPlan['projectCode'],
  locale: Locale,
  hooks: BuildHooks = {},
): Promise<BuiltPacket> {
  // The plan and the inputs read each case row once (db/read-scope.ts); the build writes only its own row.
  return withReadScope(() => build(ctx, caseRow, projectCode, locale, hooks));
}

type BuildHooks = {
  onProgress?: ProgressFn;
  /** The assembler (assemblePacket); whatever it gives is self-checked before it is stored. */
  assemble?: typeof assemblePacket;
};
type BuiltPacket = { key: string; pages: number; check: PacketCheck; timings: Record<string, number> };

async function build(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: PacketPlan['projectCode'],
  locale: Locale,
  hooks: BuildHooks,
): Promise<BuiltPacket> {
  const db = ctx.db.db;
  // Milliseconds per step (the assembler's own phases are merged in): logged with the build, printed by the bench.
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - mark);
    mark = now;
  };
  const plan = await planPacket(ctx, caseRow, projectCode);
  // A reference that prints no number never reaches a packet (issue 28 item 3): the checklist refuses first; a
  // change between the request and the build is refused here, naming the document.
  const unresolved = plan.unresolved[0];
  if (unresolved) {
    const part = translate(
      locale,
      `packet:outline.${unresolved.document === 'us_plan' ? 'plan' : 'petition_letter'}`,
    );
    throw new PacketBuildError(part, new Error(`unresolved reference ${unresolved.referenceId}`));
  }
  lap('plan');
  const cache = new PacketCache(ctx, caseRow.customerId);
  const sha256s = new WeakMap<Uint8Array, string>();
  // One instant and one zone for the cover's date, the file name and generated_at (decision 0058).
  const generatedAt = ctx.clock.now();
  const timeZone = await customerTimeZone(ctx, caseRow.customerId);
  const fileDate = localDate(generatedAt, timeZone);
  const input = await loadPacketInput(ctx, plan, locale, cache, lap, sha256s, fileDate);
  let last = -1;
  let lastStage: string | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  let writing = Promise.resolve();
  // Stored at most every PROGRESS_WRITE_MS (the screen polls every 1.5 s), and when the phase changes: a 0.3 s
  // "Generate again" wrote 20 rows, each a statement on the worker's thread with the embedded database.
  const onProgress: ProgressFn = (done, stage) => {
    hooks.onProgress?.(done, stage);
    const pct = Math.min(99, Math.floor(done * 100));
    const now = performance.now();
    if (stage === lastStage && (pct - last < 5 || now - lastAt < PROGRESS_WRITE_MS)) return;
    last = pct;
    lastStage = stage;
    lastAt = now;
    writing = writing.then(async () => {
      await db
        .update(casePacket)
        .set({ progress: pct, phase: stage, updatedAt: ctx.clock.now() })
        .where(eq(casePacket.caseId, caseRow.id));
    });
  };
  let result: Awaited<ReturnType<typeof assemblePacket>>;
  try {
    result = await (hooks.assemble ?? assemblePacket)(input, {
      onProgress,
      layoutCache: cache.layoutCache(),
      marksCache: cache.marksCache(caseRow.id, [
        ...new Set([...plan.uploads.values()].flatMap((u) => (u.pdfSha256 ? [u.pdfSha256] : []))),
      ]),
      sha256Of: (bytes) => sha256s.get(bytes),
    });
  } catch (err) {
    throw err instanceof PacketBuildError ? err : new PacketBuildError('', err);
  } finally {
    await writing;
  }
  mark = performance.now();
  Object.assign(steps, result.timings);
  // The file checks itself before the row names it (issue 28 item 9): a failure is reported, never served. The
  // bytes are written under a new name meanwhile (the disk or the bucket works while this thread checks); a file
  // that fails its check is deleted, and the row never switches to it (crash-safe, decision 0027).
  const key = packetKey(caseRow.customerId, caseRow.id);
  const storing = Promise.all([
    ctx.storage.put(key, result.chunks, { contentType: 'application/pdf' }),
    // What this build keeps for the next (written meanwhile).
    cache.flush(),
  ]);
  storing.catch(() => undefined);
  await ioTurns(STORE_HEAD_START_TURNS);
  const check = checkPacket(checkedBytes(result.chunks, result.size, input), result);
  lap('check');
  if (check.problems.length > 0) {
    await storing.catch(() => undefined);
    await ctx.storage.delete(key).catch(() => false);
    throw new PacketCheckError(check);
  }
  await storing;
  lap('store');
  const [before] = await db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id));
  await db
    .update(casePacket)
    .set({
      buildState: 'idle',
      progress: 100,
      phase: null,
      errorCode: null,
      jobId: null,
      fileKey: key,
      fileSize: result.size,
      filePages: result.pageCount,
      fileOutline: result.outline.map(apiOutline),
      missingForms: result.missingForms,
      builtFingerprint: plan.fingerprint,
      cacheKeys: [...cache.used],
      generatedAt,
      fileDate,
      fileTimeZone: timeZone,
      fileCheck: { pages: check.pages, bookmarks: check.bookmarks, references: check.references },
      updatedAt: ctx.clock.now(),
    })
    .where(eq(casePacket.caseId, caseRow.id));
  const unused = [
    ...(before?.fileKey && before.fileKey !== key ? [before.fileKey] : []),
    ...(before?.cacheKeys ?? []).filter((k) => !cache.used.has(k)),
  ];
  lap('switch');
  // After the switch: the previous file and the cache objects this build no longer uses (best effort; the
  // customer purge removes whatever is left under the customer's prefix).
  for (const k of unused) await ctx.storage.delete(k).catch(() => false);
  return { key, pages: result.pageCount, check, timings: steps };
}

export { digest };
