/**
 * Answers → the list of AcroForm assignments the official-PDF filler applies. Values are formatted as the
 * form prints them. Nothing is cut: a value longer than its field is a validation error (`max_length`), and
 * toPdfFields refuses it rather than truncating. Signature items never produce an entry.
 */
import { printedText } from './format.ts';
import type { FormEditionId, PdfFieldValue } from './pdf-fields.ts';
import type { FormDefinition, FormValues, Item } from './types.ts';
import { allItems, answerOf, asText, isEmpty, isVisible } from './values.ts';

export function editionId(def: FormDefinition): FormEditionId {
  return { formNumber: def.formNumber, edition: def.edition };
}

export class PdfValueTooLongError extends Error {
  constructor(
    readonly itemId: string,
    readonly field: string,
    readonly maxLength: number,
  ) {
    super(`Value of ${itemId} does not fit ${field} (MaxLen ${maxLength}); validate the form first`);
    this.name = 'PdfValueTooLongError';
  }
}

export function toPdfFields(def: FormDefinition, values: FormValues): PdfFieldValue[] {
  const out: PdfFieldValue[] = [];
  for (const item of allItems(def)) {
    if (!item.pdf || item.type === 'signature' || item.pdf.kind === 'signature') continue;
    if (!isVisible(def, item, values)) continue;
    const v = answerOf(item, values);
    if (isEmpty(v)) continue;
    out.push(...entriesFor(item, v));
  }
  return out;
}

function entriesFor(item: Item, v: FormValues[string]): PdfFieldValue[] {
  const pdf = item.pdf!;
  const s = asText(v);
  switch (pdf.kind) {
    case 'text': {
      const value = printedText(item, v);
      if (item.maxLength !== undefined && value.length > item.maxLength) {
        throw new PdfValueTooLongError(item.id, pdf.field, item.maxLength);
      }
      return [{ name: pdf.field, kind: 'text', value }];
    }
    case 'split': {
      const value = printedText(item, v);
      const total = pdf.fields.reduce((n, f) => n + f.length, 0);
      if (value.length > total) throw new PdfValueTooLongError(item.id, pdf.fields[0]!.field, total);
      const entries: PdfFieldValue[] = [];
      let at = 0;
      for (const f of pdf.fields) {
        const chunk = value.slice(at, at + f.length);
        at += f.length;
        if (chunk) entries.push({ name: f.field, kind: 'text', value: chunk });
      }
      return entries;
    }
    case 'checkbox':
      return v === true ? [{ name: pdf.field, kind: 'checkbox', checked: true, onValue: pdf.onValue }] : [];
    case 'yes_no':
      if (s !== 'yes' && s !== 'no') return [];
      return [
        { name: pdf.yes.field, kind: 'checkbox', checked: s === 'yes', onValue: pdf.yes.onValue },
        { name: pdf.no.field, kind: 'checkbox', checked: s === 'no', onValue: pdf.no.onValue },
      ];
    case 'radio': {
      const option = item.options?.find((o) => o.value === s);
      if (!option) return [];
      return [{ name: pdf.group, kind: 'radio', exportValue: option.pdf ?? option.value }];
    }
    case 'checkboxes': {
      if (!(s in pdf.boxes)) return [];
      return Object.entries(pdf.boxes).map(([value, b]) => ({
        name: b.field,
        kind: 'checkbox' as const,
        checked: value === s,
        onValue: b.onValue,
      }));
    }
    case 'choice': {
      const option = item.options?.find((o) => o.value === s);
      return [{ name: pdf.field, kind: 'choice', value: option ? (option.pdf ?? option.value) : s }];
    }
    default:
      return [];
  }
}
