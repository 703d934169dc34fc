import type { FormDefinition, Localized } from './types.ts';

/**
 * The page of the official blank each signature item sits on, by form and edition (1-based), read from the
 * widgets of the published PDFs in ../shared/forms (test/signature-places.test.ts checks them against those
 * files). G-1650 06/03/25: no official PDF was obtained (its definition has no field map), so its page is unknown.
 */
const SIGNATURE_PAGES: Record<string, Record<string, number>> = {
  'I-140 06/07/24': { 'p8.6a': 6, 'p9.6a': 6, 'p10.6': 7 },
  'I-907 04/01/24': { 'p3.7': 4, 'p4.7': 5, 'p5.8': 6 },
  'G-1450 09/27/19': { 'p2.signature': 1 },
};

export interface SignaturePlace {
  /** The printed part number. */
  part: number;
  /** The item number as printed ('' when the form prints none). */
  item: string;
  label: Localized;
  /** 1-based page of the form; null when the edition's layout is not known. */
  page: number | null;
  /**
   * The first signature of a form is the person who files or pays (always signed); the others belong to an
   * interpreter or a preparer and are signed only when someone helped (their part's title says who).
   */
  always: boolean;
  partTitle: Localized;
}

/** Every place to sign on a form, in form order, from the definition's signature items. */
export function signaturePlaces(def: FormDefinition): SignaturePlace[] {
  const pages = SIGNATURE_PAGES[`${def.formNumber} ${def.edition}`] ?? {};
  const places: SignaturePlace[] = [];
  for (const part of def.parts) {
    for (const item of part.items) {
      if (item.type !== 'signature') continue;
      places.push({
        part: part.number,
        item: item.number,
        label: item.label,
        page: pages[item.id] ?? null,
        always: places.length === 0,
        partTitle: part.title,
      });
    }
  }
  return places;
}

/** The signature items' ids with a known page (for the test that reads the blanks). */
export const signaturePageTable = (): Readonly<Record<string, Readonly<Record<string, number>>>> =>
  SIGNATURE_PAGES;
