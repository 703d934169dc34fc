/**
 * The AcroForm fields of an uploaded blank as staff see them when mapping a new edition (issue 30 item 4): each
 * terminal field's full name, kind, tooltip (/TU, what screen readers say: USCIS writes the printed label there),
 * MaxLen and on-states. Signature fields are listed (so staff see them) but are never mapped.
 */
import { textOf } from '../raw/text.ts';
import { PdfString } from '../raw/values.ts';
import { formModel } from './acroform.ts';
import { openRaw } from './fill.ts';

export interface BlankField {
  name: string;
  /** `text`, `choice` (a list), `button` (a checkbox or radio widget), `signature`. */
  kind: 'text' | 'choice' | 'button' | 'signature';
  tooltip: string;
  maxLength: number | null;
  /** A button's on-states (export values), a choice's export values. */
  values: string[];
}

/** At most this many fields are listed (the I-140 has ~400; a file with more is not a USCIS form). */
export const BLANK_FIELDS_MAX = 2000;

export async function blankFields(bytes: Uint8Array): Promise<BlankField[]> {
  const src = await openRaw(bytes);
  return formModel(src)
    .fields.slice(0, BLANK_FIELDS_MAX)
    .flatMap((f): BlankField[] => {
      if (f.kind === 'button' && f.widgets.every((w) => !w.on)) return [];
      const tu = src.resolve(f.dict.get('TU'));
      const kind =
        f.kind === 'text'
          ? 'text'
          : f.kind === 'signature'
            ? 'signature'
            : f.kind === 'dropdown' || f.kind === 'optionList'
              ? 'choice'
              : 'button';
      const values =
        kind === 'button'
          ? f.widgets.flatMap((w) => (w.on ? [w.on.text.trim()] : []))
          : f.options.map((o) => o.value);
      return [
        {
          name: f.name,
          kind,
          tooltip: tu instanceof PdfString ? textOf(tu).replace(/\s+/g, ' ').trim() : '',
          maxLength: f.maxLen ?? null,
          values,
        },
      ];
    });
}
