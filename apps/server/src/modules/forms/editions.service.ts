import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { WorkbenchErrorCode as E, type TFormEdition, type TFormPdf } from '@dossier/contract';
import { EDITION_FACTS, type FormDefinition, getForm } from '@dossier/forms';
import { BLANKS_DIR, SHIPPED_BLANKS } from '@dossier/forms/blanks';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { scopedRead } from '../../db/read-scope.ts';
import { formEdition } from '../../db/schema/index.ts';
import { identifyOfficialPdf } from '../../pdf/forms/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { recordAudit, type StaffActor } from '../staff/audit.service.ts';

/**
 * The form-edition registry (issue 11 §7): editions known, which one USCIS accepts now, its expiry and its
 * blank — shipped with the release (packages/forms/blanks, checked against its sha256) or uploaded by staff
 * into storage. Edition facts are code (a new edition needs a new definition anyway); blanks may be staff's.
 */

export type EditionRow = typeof formEdition.$inferSelect;

/** Upserts the edition facts and the shipped blanks; a blank staff uploaded is never replaced by a seed. */
export async function seedFormEditions(db: Db): Promise<void> {
  const now = new Date();
  // Clear `current` first so the one-current-per-form index holds while an edition takes over.
  for (const f of EDITION_FACTS.filter((x) => !x.current)) {
    await db
      .update(formEdition)
      .set({ isCurrent: false })
      .where(and(eq(formEdition.formNumber, f.formNumber), eq(formEdition.edition, f.edition)));
  }
  for (const f of [...EDITION_FACTS].sort((a, b) => Number(a.current) - Number(b.current))) {
    const values = {
      editionDate: f.editionDate,
      isCurrent: f.current,
      expires: f.expires,
      officialUrl: f.officialUrl,
      updatedAt: now,
    };
    await db
      .insert(formEdition)
      .values({ formNumber: f.formNumber, edition: f.edition, ...values })
      .onConflictDoUpdate({ target: [formEdition.formNumber, formEdition.edition], set: values });
  }
  for (const b of SHIPPED_BLANKS) {
    await db
      .update(formEdition)
      .set({ blankSource: 'shipped', blankRef: b.file, blankSha256: b.sha256, updatedAt: now })
      .where(
        and(
          eq(formEdition.formNumber, b.form),
          eq(formEdition.edition, b.edition),
          or(isNull(formEdition.blankSource), eq(formEdition.blankSource, 'shipped')),
        ),
      );
  }
}

export async function editionRow(db: Db, formNumber: string, edition: string): Promise<EditionRow | null> {
  const [row] = await db
    .select()
    .from(formEdition)
    .where(and(eq(formEdition.formNumber, formNumber), eq(formEdition.edition, edition)));
  return row ?? null;
}

/** A definition can fill a PDF when at least one of its items maps an AcroForm field. */
export const isMapped = (def: FormDefinition) =>
  def.parts.some((p) => p.items.some((i) => i.pdf !== null && i.type !== 'signature'));

export type Availability = Omit<TFormPdf, 'url'>;

/** Every edition row of these forms, in one query (for reads that check several forms at once). */
export async function editionRowsOf(db: Db, formNumbers: readonly string[]): Promise<EditionRow[]> {
  if (formNumbers.length === 0) return [];
  return scopedRead(`form-editions:${[...formNumbers].sort().join(',')}`, () =>
    db
      .select()
      .from(formEdition)
      .where(inArray(formEdition.formNumber, [...formNumbers])),
  );
}

/**
 * Whether the filled PDF of `def` can be produced, and if not, why and where the customer gets the form. With
 * `date` (the case's filing date), an edition staff published and in force then is the one filled (issue 30 item 4).
 */
export async function pdfAvailability(db: Db, def: FormDefinition, date?: string): Promise<Availability> {
  return availabilityIn(await editionRowsOf(db, [def.formNumber]), def, date);
}

/** The edition of `formNumber` staff published and in force on `date` (YYYY-MM-DD): the latest effective by then. */
export function inForce(rows: readonly EditionRow[], formNumber: string, date: string): EditionRow | null {
  let best: EditionRow | null = null;
  for (const r of rows) {
    if (r.formNumber !== formNumber || !r.publishedAt || !r.effectiveFrom || r.effectiveFrom > date) continue;
    if (!best || r.effectiveFrom > (best.effectiveFrom ?? '')) best = r;
  }
  return best;
}

/** `pdfAvailability` from the form's edition rows already read (`editionRowsOf`). */
export function availabilityIn(
  rows: readonly EditionRow[],
  def: FormDefinition,
  date?: string,
): Availability {
  const ofForm = rows.filter((r) => r.formNumber === def.formNumber);
  const published = date ? inForce(ofForm, def.formNumber, date) : null;
  if (published?.blankSource) {
    return {
      official_url: published.officialUrl,
      current_edition: published.edition,
      expires: published.expires,
      available: true,
      reason: null,
    };
  }
  const row = ofForm.find((r) => r.edition === def.edition) ?? null;
  const current = row?.isCurrent ? row : (ofForm.find((r) => r.isCurrent) ?? null);
  const base = {
    official_url: row?.officialUrl ?? current?.officialUrl ?? 'https://www.uscis.gov/forms',
    current_edition: current?.edition ?? null,
    expires: current?.expires ?? null,
  };
  if (!row?.isCurrent) return { ...base, available: false, reason: 'outdated_edition' };
  if (!row.blankSource) return { ...base, available: false, reason: 'no_blank' };
  if (!isMapped(def)) return { ...base, available: false, reason: 'not_mapped' };
  return { ...base, available: true, reason: null };
}

const shippedCache = new Map<string, Uint8Array>();

/** The blank of an edition row, from the release or from storage, checked against the sha256 it was recorded with. */
export async function loadBlank(ctx: AppContext, row: EditionRow): Promise<Uint8Array> {
  if (!row.blankRef || !row.blankSha256) throw new Error(`no blank for ${row.formNumber} ${row.edition}`);
  let bytes: Uint8Array | undefined;
  if (row.blankSource === 'shipped') {
    bytes = shippedCache.get(row.blankRef);
    if (!bytes) {
      bytes = new Uint8Array(await readFile(fileURLToPath(new URL(row.blankRef, BLANKS_DIR))));
      shippedCache.set(row.blankRef, bytes);
    }
  } else {
    const { stream } = await ctx.storage.get(row.blankRef);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    bytes = new Uint8Array(Buffer.concat(chunks));
  }
  if (sha256(bytes) !== row.blankSha256) {
    // A damaged or swapped file must never be filled and handed to a customer.
    shippedCache.delete(row.blankRef);
    throw new Error(`blank ${row.formNumber} ${row.edition}: sha256 differs from the registry`);
  }
  return bytes;
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const view = (r: EditionRow): TFormEdition => {
  const def = getForm(r.formNumber, r.edition);
  return {
    form_number: r.formNumber,
    edition: r.edition,
    edition_date: r.editionDate,
    current: r.isCurrent,
    expires: r.expires,
    official_url: r.officialUrl,
    blank: r.blankSource === 'shipped' || r.blankSource === 'uploaded' ? r.blankSource : null,
    blank_sha256: r.blankSha256,
    fillable: !!def && isMapped(def),
    effective_from: r.publishedAt ? r.effectiveFrom : null,
    updated_at: r.updatedAt.toISOString(),
  };
};

/** `GET /api/staff/form_edition/` */
export async function listEditions(ctx: AppContext): Promise<TFormEdition[]> {
  const rows = await ctx.db.db
    .select()
    .from(formEdition)
    .orderBy(asc(formEdition.formNumber), sql`${formEdition.editionDate} desc`);
  return rows.map(view);
}

/**
 * `PUT /api/staff/form_edition/blank/`: staff supply the blank of a known edition (e.g. a corrected download).
 * The file must identify as exactly that form and edition (AcroForm fingerprints or its barcode), so a wrong
 * or damaged upload is refused instead of reaching a customer.
 */
export async function uploadBlank(
  ctx: AppContext,
  opts: { formNumber: string; edition: string; bytes: Uint8Array; who: StaffActor },
): Promise<TFormEdition> {
  const row = await editionRow(ctx.db.db, opts.formNumber, opts.edition);
  if (!row) throw notFound();
  const found = await identifyOfficialPdf(opts.bytes).catch(() => null);
  const matches =
    found !== null &&
    'edition' in found &&
    found.formNumber.toUpperCase() === row.formNumber.toUpperCase() &&
    found.edition === row.edition;
  if (!matches) {
    throw new AppError(422, E.blankWrongEdition, `errors:${E.blankWrongEdition}`, {
      form: row.formNumber,
      edition: row.edition,
    });
  }
  const digest = sha256(opts.bytes);
  const key = `forms/blanks/${row.formNumber}-${row.edition.replaceAll('/', '')}-${digest.slice(0, 12)}.pdf`;
  await ctx.storage.put(key, opts.bytes, { contentType: 'application/pdf' });
  const updated = await ctx.db.db.transaction(async (tx) => {
    const [u] = await tx
      .update(formEdition)
      .set({
        blankSource: 'uploaded',
        blankRef: key,
        blankSha256: digest,
        blankUploadedBy: opts.who.actor,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(formEdition.id, row.id))
      .returning();
    await recordAudit(ctx, tx, opts.who, {
      action: 'form_edition.upload_blank',
      targetType: 'form_edition',
      targetId: `${row.formNumber} ${row.edition}`,
      before: { blank_source: row.blankSource, blank_sha256: row.blankSha256 },
      after: { blank_source: 'uploaded', blank_sha256: digest },
    });
    return u;
  });
  ctx.logger.info(
    { form: row.formNumber, edition: row.edition, key, actor: opts.who.actor },
    'form blank uploaded',
  );
  return view(updated!);
}
