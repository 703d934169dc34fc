import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RFE_FINDING_MODES, RFE_KINDS, RFE_STATUSES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { describe, expect, it } from 'vitest';
import { addDays, defaultDueDate, dueTone, nextReminder } from '../src/features/workbench/rfe/rfe-dates.ts';

/** The RFE workspace's date rules (issue 32 item 4) and its keys (namespace `rfe`) in both languages. */
describe('RFE workspace dates', () => {
  it('defaults the due date to the notice date + 87 days, across months and a leap day', () => {
    expect(defaultDueDate('2026-01-05')).toBe('2026-04-02');
    expect(defaultDueDate('2028-01-01')).toBe('2028-03-28');
    expect(defaultDueDate('')).toBe('');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('not-a-day', 1)).toBe('');
  });

  it('marks the countdown at 30, 14 and 3 days', () => {
    expect([31, 30, 15, 14, 4, 3, 0, -2].map(dueTone)).toEqual([
      'default',
      'gold',
      'gold',
      'orange',
      'orange',
      'red',
      'red',
      'red',
    ]);
    expect([87, 31, 30, 15, 14, 4, 3, -1].map(nextReminder)).toEqual([30, 30, 14, 14, 3, 3, null, null]);
  });
});

type Dict = { [key: string]: string | Dict };
const DIR = join(import.meta.dirname, '..', 'src', 'features', 'workbench', 'rfe');

function has(locale: 'zh' | 'en', key: string): boolean {
  let cur: string | Dict | undefined = (resources[locale] as unknown as Record<string, Dict>).rfe;
  for (const part of key.split('.')) {
    if (cur === undefined || typeof cur === 'string') return false;
    cur = cur[part];
  }
  return typeof cur === 'string';
}

describe('RFE workspace keys', () => {
  const used = new Set<string>();
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.tsx'))) {
    for (const m of readFileSync(join(DIR, file), 'utf8').matchAll(/\bt\('([a-zA-Z.]+)'/g))
      used.add(m[1] as string);
  }
  for (const k of RFE_KINDS) used.add(`kind.${k}`);
  for (const s of RFE_STATUSES) used.add(`status.${s}`);
  for (const m of RFE_FINDING_MODES) used.add(`mode.${m}`);
  for (const s of ['queued', 'generating']) used.add(`build.state.${s}`);

  it('finds the screens’ keys', () => expect(used.size).toBeGreaterThan(60));

  for (const locale of ['zh', 'en'] as const) {
    it(`has every key in ${locale}`, () => {
      const missing = [...used].filter((k) => !has(locale, k));
      expect(missing).toEqual([]);
    });
  }
});
