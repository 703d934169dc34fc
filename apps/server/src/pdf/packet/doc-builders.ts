import type { LetterDoc } from './packet.types.ts';

/** Small builders for the TipTap JSON the letter renderer takes. */
export const text = (t: string, marks?: Array<{ type: 'bold' | 'italic' | 'underline' }>) =>
  marks ? { type: 'text', text: t, marks } : { type: 'text', text: t };
export const para = (...content: unknown[]) => ({ type: 'paragraph', content });
export const heading = (level: 1 | 2 | 3, t: string) => ({
  type: 'heading',
  attrs: { level },
  content: [text(t)],
});
export const bullets = (items: string[]) => ({
  type: 'bulletList',
  content: items.map((i) => ({ type: 'listItem', content: [para(text(i))] })),
});
export const pageBreak = { type: 'pageBreak' };
// The renderer validates every document with the contract schema; these builders stay loosely typed.
export const doc = (content: unknown[]): LetterDoc => ({ type: 'doc', content }) as LetterDoc;

const FORM_TITLE: Record<string, string> = {
  'G-1145': 'G-1145 e-Notification',
  'G-1450': 'G-1450 Credit Card Transactions',
  'G-1650': 'G-1650 ACH Transactions',
  'I-140': 'I-140 Immigrant Petition for Alien Workers',
  'I-907': 'I-907 Request for Premium Processing',
  'ETA-9089': 'Form ETA-9089',
};
export const formTitle = (key: string) => FORM_TITLE[key] ?? key;
