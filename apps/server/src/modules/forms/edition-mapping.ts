import type { FormDefinition, Item, PdfMapping } from '@dossier/forms';
import type { BlankField } from '../../pdf/forms/blank-fields.ts';

/**
 * A staff-published edition's field map (issue 30 item 4), pure: the definition's items stay (ids, labels, rules,
 * the customer's answers), only the AcroForm names they fill change. Each item has "slots" — the field names its
 * definition fills, in a fixed order (a split value's parts, a yes/no's two boxes, a radio's group) — and the
 * mapping gives each slot a field of the new blank, or null (not on this edition: the item is not printed).
 */

export type SlotKind = 'text' | 'choice' | 'button' | 'group';
export interface Slot {
  /** The definition's own field (or radio group base name). */
  field: string;
  kind: SlotKind;
}

/** Stored per edition: item id → the blank's field for each slot, and whether staff confirmed it. */
export type EditionMapping = Record<string, { fields: Array<string | null>; confirmed: boolean }>;

/**
 * Items never filled on a payment form: the card's number, type and expiry, the bank's routing and account
 * numbers. They are left for the hand (the fill-by-hand page says so) and never mapped.
 */
export function handOnlyItems(def: FormDefinition): Set<string> {
  const out = new Set<string>();
  for (const c of def.checks ?? []) {
    if (c.kind === 'card') for (const id of [c.number, c.brand, c.expiry]) out.add(id);
    if (c.kind === 'ach') for (const id of [c.routing, c.account]) out.add(id);
  }
  return out;
}

export function slotsOf(pdf: PdfMapping | null): Slot[] {
  if (!pdf) return [];
  switch (pdf.kind) {
    case 'text':
      return [{ field: pdf.field, kind: 'text' }];
    case 'split':
      return pdf.fields.map((f) => ({ field: f.field, kind: 'text' as const }));
    case 'checkbox':
      return [{ field: pdf.field, kind: 'button' }];
    case 'yes_no':
      return [
        { field: pdf.yes.field, kind: 'button' },
        { field: pdf.no.field, kind: 'button' },
      ];
    case 'radio':
      return [{ field: pdf.group, kind: 'group' }];
    case 'checkboxes':
      return Object.values(pdf.boxes).map((b) => ({ field: b.field, kind: 'button' as const }));
    case 'choice':
      return [{ field: pdf.field, kind: 'choice' }];
    default:
      return [];
  }
}

/** The items a staff member maps: every item with a field on the definition's edition, except signatures and hand-only. */
export function mappableItems(def: FormDefinition): Item[] {
  const hand = handOnlyItems(def);
  return def.parts.flatMap((p) =>
    p.items.filter((i) => i.pdf && i.type !== 'signature' && i.pdf.kind !== 'signature' && !hand.has(i.id)),
  );
}

const lastSegment = (name: string) => name.slice(name.lastIndexOf('.') + 1);
/** A radio group's base name: the last segment without its `[k]`. */
const groupOf = (name: string) => /^(.*)\[\d+\]$/.exec(lastSegment(name))?.[1] ?? null;

/** What a slot of `kind` may be set to on this blank. */
export function targetsOf(
  fields: readonly BlankField[],
  kind: SlotKind,
): Array<{ name: string; tooltip: string }> {
  if (kind === 'group') {
    const seen = new Map<string, string>();
    for (const f of fields) {
      const g = f.kind === 'button' ? groupOf(f.name) : null;
      if (g && !seen.has(g)) seen.set(g, f.tooltip);
    }
    return [...seen].map(([name, tooltip]) => ({ name, tooltip }));
  }
  return fields.filter((f) => f.kind === kind).map((f) => ({ name: f.name, tooltip: f.tooltip }));
}

/** Lower-case words of a field name or a label: camelCase, digits and punctuation split. */
export function words(s: string): string[] {
  return s
    .replace(/\[\d+\]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 || /\d/.test(w));
}

/** Dice coefficient of two word sets (0…1). */
function dice(a: readonly string[], b: readonly string[]): number {
  const A = new Set(a);
  const B = new Set(b);
  if (A.size === 0 || B.size === 0) return 0;
  let common = 0;
  for (const w of A) if (B.has(w)) common++;
  return (2 * common) / (A.size + B.size);
}

/** Below this score nothing is proposed: staff pick the field themselves. */
export const PROPOSAL_MIN = 0.3;

/**
 * The proposed field of one slot: the same full name when the blank has it (score 1); otherwise the best blend
 * of the names' similarity (the last segment, index ignored) and of the tooltip's similarity to the item's label.
 */
export function proposeSlot(
  item: Pick<Item, 'label'>,
  slot: Slot,
  fields: readonly BlankField[],
): { field: string | null; score: number } {
  const targets = targetsOf(fields, slot.kind);
  if (targets.some((t) => t.name === slot.field)) return { field: slot.field, score: 1 };
  const slotWords = words(lastSegment(slot.field));
  const labelWords = words(item.label.en);
  let best: { field: string | null; score: number } = { field: null, score: 0 };
  for (const t of targets) {
    const score =
      0.6 * dice(slotWords, words(lastSegment(t.name))) + 0.4 * dice(labelWords, words(t.tooltip));
    if (score > best.score) best = { field: t.name, score };
  }
  return best.score >= PROPOSAL_MIN
    ? { ...best, score: Math.round(best.score * 100) / 100 }
    : { field: null, score: 0 };
}

/** A proposal for every mappable item, none confirmed. */
export function proposeMapping(def: FormDefinition, fields: readonly BlankField[]): EditionMapping {
  return Object.fromEntries(
    mappableItems(def).map((i) => [
      i.id,
      { fields: slotsOf(i.pdf).map((s) => proposeSlot(i, s, fields).field), confirmed: false },
    ]),
  );
}

/** Why a mapping cannot be saved: an unknown item, a slot count that differs, a field of the wrong kind. */
export function mappingProblems(
  def: FormDefinition,
  fields: readonly BlankField[],
  items: ReadonlyArray<{ item: string; fields: ReadonlyArray<string | null> }>,
): string[] {
  const byId = new Map(mappableItems(def).map((i) => [i.id, i]));
  const out: string[] = [];
  for (const m of items) {
    const item = byId.get(m.item);
    if (!item) {
      out.push(`${m.item}: not a mapped item`);
      continue;
    }
    const slots = slotsOf(item.pdf);
    if (slots.length !== m.fields.length) out.push(`${m.item}: ${slots.length} fields expected`);
    m.fields.forEach((f, k) => {
      const slot = slots[k];
      if (f === null || !slot) return;
      if (!targetsOf(fields, slot.kind).some((t) => t.name === f))
        out.push(`${m.item}: ${f} is not a ${slot.kind}`);
    });
  }
  return out;
}

/** Every mappable item has a confirmed entry. */
export const mappingConfirmed = (def: FormDefinition, mapping: EditionMapping | null) =>
  !!mapping && mappableItems(def).every((i) => mapping[i.id]?.confirmed === true);

function remap(pdf: PdfMapping, fields: ReadonlyArray<string | null>): PdfMapping | null {
  if (fields.some((f) => f === null)) return null;
  const f = fields as readonly string[];
  switch (pdf.kind) {
    case 'text':
      return { ...pdf, field: f[0]! };
    case 'split':
      return { ...pdf, fields: pdf.fields.map((p, k) => ({ ...p, field: f[k]! })) };
    case 'checkbox':
      return { ...pdf, field: f[0]! };
    case 'yes_no':
      return { ...pdf, yes: { ...pdf.yes, field: f[0]! }, no: { ...pdf.no, field: f[1]! } };
    case 'radio':
      return { ...pdf, group: f[0]! };
    case 'checkboxes':
      return {
        ...pdf,
        boxes: Object.fromEntries(Object.entries(pdf.boxes).map(([v, b], k) => [v, { ...b, field: f[k]! }])),
      };
    case 'choice':
      return { ...pdf, field: f[0]! };
    default:
      return null;
  }
}

/**
 * The definition as it fills `edition`: each mappable item fills the fields the mapping gives it; hand-only,
 * signature and unmapped items fill nothing.
 */
export function remapDefinition(
  def: FormDefinition,
  mapping: EditionMapping,
  edition: string,
): FormDefinition {
  const mappable = new Set(mappableItems(def).map((i) => i.id));
  return {
    ...def,
    edition,
    parts: def.parts.map((p) => ({
      ...p,
      items: p.items.map((i) => {
        const m = mapping[i.id];
        const pdf = mappable.has(i.id) && i.pdf && m ? remap(i.pdf, m.fields) : null;
        return { ...i, pdf };
      }),
    })),
  };
}
