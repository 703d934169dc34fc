import { REVIEW_INTENDABLE_RULES, type TReviewFinding } from '@dossier/contract';

/** The customer may mark a finding as intended when its rule allows it (contract REVIEW_INTENDABLE_RULES). */
export const canMarkIntended = (f: Pick<TReviewFinding, 'rule'>) => REVIEW_INTENDABLE_RULES.has(f.rule);

/** What an object of the evidence map is called: its label, name, title or text, whichever it has. */
function namedAs(v: Record<string, unknown>): string | null {
  for (const k of ['label', 'name', 'title', 'text']) if (typeof v[k] === 'string') return v[k] as string;
  return null;
}

/** A map criterion's field as text, generically (lists of names, yes/no, numbers); null when it is not shown. */
export function mapFieldValue(value: unknown, yesNo: (b: boolean) => string): string | null {
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (!Array.isArray(value)) return null;
  const items = value
    .map((v) =>
      typeof v === 'string' ? v : v && typeof v === 'object' ? namedAs(v as Record<string, unknown>) : null,
    )
    .filter((v): v is string => !!v);
  return items.length ? items.join('; ') : '—';
}

/** The fields of a map criterion shown under its label, in their order (not its key and label). */
export const mapFields = (c: Record<string, unknown>): [string, unknown][] =>
  Object.entries(c).filter(([k]) => k !== 'key' && k !== 'label');
