import { ETA9089_FILE_KINDS, type Locale, type TEta9089Page } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { staticFile } from '../../db/schema/index.ts';
import { ensureShippedStaticFiles } from '../reference/shipped-files.ts';
import { categoryOf, ownedCase } from './case.service.ts';
import { signedView } from './eta9089-signed.service.ts';

/** Where DOL publishes Form ETA-9089 and its instructions (for a file not in our catalogue yet). */
export const DOL_FORMS_URL = 'https://www.dol.gov/agencies/eta/foreign-labor/forms';

/** The ETA-9089 that applies: DOL's FLAG form since 2023-06-01 (report.md §4), the old one expired 2021-05-31. */
export const ETA9089_EDITION = {
  since: '2023-06-01',
  appendix: 'A',
  superseded: 'OMB 1205-0451 (expired 2021-05-31)',
};

/**
 * `GET /api/customer/case/{id}/eta9089/`: the three files of the ETA-9089 page, from the static-file catalogue
 * (staff replace them without a release). A file not in the catalogue yet is offered from DOL's forms page. With
 * them, the signed files the customer uploaded (eta9089-signed.service.ts).
 */
export async function eta9089Page(
  ctx: AppContext,
  opts: { customerId: number; caseId: number; locale: Locale },
): Promise<TEta9089Page> {
  const { projectCode } = await ownedCase(ctx, opts.customerId, opts.caseId);
  await ensureShippedStaticFiles(ctx);
  const keys = ETA9089_FILE_KINDS.map((k) => `eta9089.${k}`);
  const rows = await ctx.db.db.select().from(staticFile).where(inArray(staticFile.key, keys));
  const required = categoryOf(projectCode) === 'NIW';
  return {
    required,
    edition: ETA9089_EDITION,
    files: ETA9089_FILE_KINDS.map((kind) => {
      const row = rows.find((r) => r.key === `eta9089.${kind}`);
      return {
        kind,
        key: `eta9089.${kind}`,
        available: !!row,
        name: row
          ? opts.locale === 'en'
            ? row.nameEn
            : row.nameZh
          : translate(opts.locale, `forms:eta9089.files.${kind}`),
        url: row ? `/api/customer/messy/static_files/${row.id}/download/` : null,
        official_url: kind === 'guide' ? null : DOL_FORMS_URL,
        size: row?.size ?? null,
        updated_at: row?.updatedAt.toISOString() ?? null,
      };
    }),
    signed: await signedView(ctx.db.db, { ...opts, required }),
  };
}
