import { z } from 'zod';
import { ZCountValue } from './common.ts';
import { ZCaseForm } from './immigration-data.ts';

/**
 * A form edition staff publish without a release (issue 30 item 4): the uploaded blank's fields with their
 * tooltips, the mapping of the form definition's items onto them (proposed, then confirmed), a test fill of the
 * sample case rendered to pictures, and the publication with its effective date.
 */

/** Longest field name, tooltip or item id the API carries (USCIS names are < 100 characters). */
const NAME_MAX = 300;
/** Most mapping rows in one save (the I-140 has ~400 items). */
export const EDITION_MAPPING_MAX = 1000;

export const ZBlankField = z.object({
  name: z.string(),
  kind: z.enum(['text', 'choice', 'button', 'signature']),
  tooltip: z.string(),
  max_length: ZCountValue.nullable(),
  values: z.array(z.string()),
});
export type TBlankField = z.infer<typeof ZBlankField>;

export const ZEditionMappingItem = z.object({
  item: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  /** The definition's own field names (one per slot), for reference. */
  definition_fields: z.array(z.string()),
  /** What each slot takes: a text field, a choice list, a checkbox, or a radio group (its base name). */
  kinds: z.array(z.enum(['text', 'choice', 'button', 'group'])),
  /** The blank's field per slot (null: not on this edition). */
  fields: z.array(z.string().nullable()),
  /** What the product proposed and its score (0…1; 1 = the same field name). */
  proposed: z.array(z.object({ field: z.string().nullable(), score: z.number().min(0).max(1) })),
  confirmed: z.boolean(),
});

export const ZEditionMapping = z.object({
  form_number: z.string(),
  edition: z.string(),
  fields: z.array(ZBlankField),
  items: z.array(ZEditionMappingItem),
  /** Item ids never filled (card number, type, expiry; bank account): left for the hand. */
  by_hand: z.array(z.string()),
  /** Every item confirmed: the edition may be published. */
  complete: z.boolean(),
  effective_from: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type TEditionMapping = z.infer<typeof ZEditionMapping>;

export const ZEditionKeyQuery = z.object({ form_number: ZCaseForm, edition: z.string().max(20) });

/** `PUT /api/staff/form_edition/mapping/`: these items confirmed with these fields (others unchanged). */
export const ZSaveEditionMapping = z.object({
  items: z
    .array(
      z.object({
        item: z.string().max(NAME_MAX),
        fields: z.array(z.string().max(NAME_MAX).nullable()).max(40),
      }),
    )
    .max(EDITION_MAPPING_MAX),
});
export type TSaveEditionMapping = z.infer<typeof ZSaveEditionMapping>;

/** `POST /api/staff/form_edition/test_fill/`: the sample case filled into the blank, each page a PNG. */
export const ZEditionTestFill = z.object({
  pages: z.array(z.object({ png: z.string(), width: ZCountValue, height: ZCountValue })),
  page_count: ZCountValue,
  filled: ZCountValue,
});
export type TEditionTestFill = z.infer<typeof ZEditionTestFill>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Effective dates accepted: a real day from 2000 to 2099 (the service also bounds it to ten years ahead). */
export const ZEffectiveDate = z
  .string()
  .regex(ISO_DAY)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return (
      Number.isFinite(t) &&
      new Date(t).toISOString().slice(0, 10) === d &&
      d >= '2000-01-01' &&
      d <= '2099-12-31'
    );
  });

/** `POST /api/staff/form_edition/publish/` */
export const ZPublishEdition = z.object({ effective_from: ZEffectiveDate });
