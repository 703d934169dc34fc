import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  WorkbenchErrorCode as E,
  type TEditionMapping,
  type TEditionTestFill,
  type TSaveEditionMapping,
} from '@dossier/contract';
import { type FormDefinition, type FormValues, getForm, SAMPLES, toPdfFields } from '@dossier/forms';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { formEdition } from '../../db/schema/index.ts';
import { type BlankField, blankFields } from '../../pdf/forms/blank-fields.ts';
import { fillOfficialPdf, PdfFormError } from '../../pdf/forms/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { recordAudit, type StaffActor } from '../staff/audit.service.ts';
import {
  type EditionMapping,
  handOnlyItems,
  mappableItems,
  mappingConfirmed,
  mappingProblems,
  proposeMapping,
  proposeSlot,
  remapDefinition,
  slotsOf,
} from './edition-mapping.ts';
import { type EditionRow, editionRow, loadBlank } from './editions.service.ts';

export { inForce } from './editions.service.ts';

/**
 * Staff publish a form edition without a release (issue 30 item 4; decision 0069): the uploaded blank's fields
 * with their tooltips, a mapping proposed from the form definition's items and confirmed item by item, a test
 * fill of the sample case looked at as pictures, and the publication with its effective date. A case uses the
 * published edition in force on its filing date (`inForce`); before any, the definition's own (code) edition.
 */

/** The definition an edition is mapped from: its own, else the newest we define of the form. */
export const definitionFor = (row: Pick<EditionRow, 'formNumber' | 'edition'>) =>
  getForm(row.formNumber, row.edition) ?? getForm(row.formNumber);

/** The definition that fills a published edition (its items on the staff's fields). */
export const publishedDefinition = (def: FormDefinition, row: EditionRow) =>
  remapDefinition(def, (row.mapping ?? {}) as EditionMapping, row.edition);

async function withBlank(ctx: AppContext, formNumber: string, edition: string) {
  const row = await editionRow(ctx.db.db, formNumber, edition);
  const def = row && definitionFor(row);
  if (!row || !def) throw notFound();
  if (!row.blankSource) throw new AppError(409, E.editionNoBlank, `errors:${E.editionNoBlank}`);
  const blank = await loadBlank(ctx, row);
  return { row, def, fields: await blankFields(blank), blank };
}

function view(row: EditionRow, def: FormDefinition, fields: BlankField[]): TEditionMapping {
  const stored = (row.mapping ?? {}) as EditionMapping;
  const items = mappableItems(def).map((i) => {
    const slots = slotsOf(i.pdf);
    const proposed = slots.map((s) => proposeSlot(i, s, fields));
    const saved = stored[i.id];
    return {
      item: i.id,
      label: i.label,
      definition_fields: slots.map((s) => s.field),
      kinds: slots.map((s) => s.kind),
      fields: saved?.fields ?? proposed.map((p) => p.field),
      proposed,
      confirmed: saved?.confirmed ?? false,
    };
  });
  return {
    form_number: row.formNumber,
    edition: row.edition,
    fields: fields.map((f) => ({
      name: f.name,
      kind: f.kind,
      tooltip: f.tooltip,
      max_length: f.maxLength,
      values: f.values,
    })),
    items,
    by_hand: [...handOnlyItems(def)],
    complete: mappingConfirmed(def, row.mapping as EditionMapping | null),
    effective_from: row.effectiveFrom,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

/** Changes an edition row and records who did what, in one transaction; answers the row as changed. */
async function changeAudited(
  ctx: AppContext,
  row: EditionRow,
  who: StaffActor,
  set: Partial<typeof formEdition.$inferInsert>,
  audit: { action: string; before?: Record<string, unknown>; after: Record<string, unknown> },
): Promise<EditionRow> {
  return ctx.db.db.transaction(async (tx) => {
    const [u] = await tx
      .update(formEdition)
      .set({ ...set, updatedAt: ctx.clock.now() })
      .where(eq(formEdition.id, row.id))
      .returning();
    await recordAudit(ctx, tx, who, {
      targetType: 'form_edition',
      targetId: `${row.formNumber} ${row.edition}`,
      ...audit,
    });
    return u!;
  });
}

/** `GET /api/staff/form_edition/mapping/`: the blank's fields and each item's mapping (stored, else proposed). */
export async function editionMapping(ctx: AppContext, formNumber: string, edition: string) {
  const { row, def, fields } = await withBlank(ctx, formNumber, edition);
  return view(row, def, fields);
}

/** `PUT /api/staff/form_edition/mapping/`: the items given are confirmed with their fields; the others keep theirs. */
export async function saveEditionMapping(
  ctx: AppContext,
  opts: { formNumber: string; edition: string; body: TSaveEditionMapping; who: StaffActor },
) {
  const { row, def, fields } = await withBlank(ctx, opts.formNumber, opts.edition);
  const problems = mappingProblems(def, fields, opts.body.items);
  if (problems.length > 0) {
    throw new AppError(400, E.editionMappingInvalid, `errors:${E.editionMappingInvalid}`, {
      detail: problems.slice(0, 3).join('; '),
    });
  }
  const mapping: EditionMapping = {
    ...proposeMapping(def, fields),
    ...((row.mapping ?? {}) as EditionMapping),
  };
  for (const m of opts.body.items) mapping[m.item] = { fields: [...m.fields], confirmed: true };
  const updated = await changeAudited(
    ctx,
    row,
    opts.who,
    { mapping },
    {
      action: 'form_edition.map',
      after: { items: opts.body.items.map((i) => i.item) },
    },
  );
  return view(updated, def, fields);
}

/** Pages rendered for a test fill, and their resolution (a G-1450 page at 60 dpi is ~510 × 660 px). */
const TEST_FILL_PAGES = 4;
const TEST_FILL_DPI = 60;
const RENDER_TIMEOUT_MS = 20_000;
const run = promisify(execFile);

const sampleValues = (formNumber: string): FormValues =>
  SAMPLES.find((s) => s.forms[formNumber])?.forms[formNumber] ?? {};

/**
 * `POST /api/staff/form_edition/test_fill/`: the sample case filled through the current mapping (hand-only items
 * left empty), flattened, its first pages rendered by poppler to PNG for staff to look at.
 */
export async function testFill(
  ctx: AppContext,
  formNumber: string,
  edition: string,
): Promise<TEditionTestFill> {
  const { row, def, fields, blank } = await withBlank(ctx, formNumber, edition);
  const mapping = { ...proposeMapping(def, fields), ...((row.mapping ?? {}) as EditionMapping) };
  const mapped = remapDefinition(def, mapping, row.edition);
  let filled: Awaited<ReturnType<typeof fillOfficialPdf>>;
  try {
    filled = await fillOfficialPdf({
      blank,
      expect: { formNumber: row.formNumber, edition: row.edition },
      fields: toPdfFields(mapped, sampleValues(row.formNumber)),
      flatten: true,
    });
  } catch (err) {
    if (!(err instanceof PdfFormError)) throw err;
    throw new AppError(422, E.formPdfRefused, `errors:${E.formPdfRefused}`, { detail: err.messages.en });
  }
  const dir = await mkdtemp(join(tmpdir(), 'dossier-testfill-'));
  try {
    return await renderPages(dir, filled.bytes, filled.report.filled);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // No renderer on this server (the image installs poppler-utils; a bare host may not have it).
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError(503, E.editionRenderUnavailable, `errors:${E.editionRenderUnavailable}`);
    }
    // A blank the renderer cannot draw in time (or at all) is the upload's problem, not the server's.
    const detail = (err as { killed?: boolean }).killed ? 'timeout' : 'renderer error';
    throw new AppError(422, E.editionRenderFailed, `errors:${E.editionRenderFailed}`, { detail });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The filled PDF's first pages as PNG (poppler, with a time limit per call). */
async function renderPages(dir: string, bytes: Uint8Array, filledCount: number): Promise<TEditionTestFill> {
  await writeFile(join(dir, 'in.pdf'), bytes);
  const { stdout } = await run('pdfinfo', [join(dir, 'in.pdf')], { timeout: RENDER_TIMEOUT_MS });
  const pageCount = Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  await run(
    'pdftoppm',
    ['-png', '-r', String(TEST_FILL_DPI), '-l', String(TEST_FILL_PAGES), join(dir, 'in.pdf'), join(dir, 'p')],
    { timeout: RENDER_TIMEOUT_MS },
  );
  const names = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
  const pages = await Promise.all(
    names.map(async (n) => {
      const png = await readFile(join(dir, n));
      return { png: png.toString('base64'), width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    }),
  );
  return { pages, page_count: pageCount, filled: filledCount };
}

/** Effective dates may lie at most this many days ahead of today (a USCIS announcement gives weeks, not years). */
const EFFECTIVE_AHEAD_DAYS = 3650;

/** `POST /api/staff/form_edition/publish/`: every item confirmed, a blank, a bounded effective date. */
export async function publishEdition(
  ctx: AppContext,
  opts: { formNumber: string; edition: string; effectiveFrom: string; who: StaffActor },
) {
  const { row, def, fields } = await withBlank(ctx, opts.formNumber, opts.edition);
  const latest = new Date(ctx.clock.now().getTime() + EFFECTIVE_AHEAD_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (opts.effectiveFrom > latest || opts.effectiveFrom < row.editionDate) {
    throw new AppError(400, E.editionDateInvalid, `errors:${E.editionDateInvalid}`, {
      from: row.editionDate,
      to: latest,
    });
  }
  if (!mappingConfirmed(def, row.mapping as EditionMapping | null)) {
    throw new AppError(409, E.editionMappingIncomplete, `errors:${E.editionMappingIncomplete}`);
  }
  const now = ctx.clock.now();
  const updated = await changeAudited(
    ctx,
    row,
    opts.who,
    { effectiveFrom: opts.effectiveFrom, publishedAt: now, publishedBy: opts.who.actor },
    {
      action: 'form_edition.publish',
      before: { effective_from: row.effectiveFrom },
      after: { effective_from: opts.effectiveFrom },
    },
  );
  ctx.logger.info(
    { form: row.formNumber, edition: row.edition, effective: opts.effectiveFrom, actor: opts.who.actor },
    'form edition published',
  );
  return view(updated, def, fields);
}

/** `DELETE /api/staff/form_edition/publish/`: the publication withdrawn (a mistake); the map and the blank stay. */
export async function withdrawEdition(
  ctx: AppContext,
  opts: { formNumber: string; edition: string; who: StaffActor },
) {
  const { row, def, fields } = await withBlank(ctx, opts.formNumber, opts.edition);
  const updated = await changeAudited(
    ctx,
    row,
    opts.who,
    { effectiveFrom: null, publishedAt: null, publishedBy: null },
    {
      action: 'form_edition.withdraw',
      before: { effective_from: row.effectiveFrom },
      after: { effective_from: null },
    },
  );
  return view(updated, def, fields);
}
