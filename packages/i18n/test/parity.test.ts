import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources } from '../src/index.ts';

const root = join(import.meta.dirname, '..', 'locales');

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n parity', () => {
  it('zh and en have the same namespace files', () => {
    expect(readdirSync(join(root, 'zh')).sort()).toEqual(readdirSync(join(root, 'en')).sort());
  });

  it('every namespace file is registered in resources', () => {
    const files = readdirSync(join(root, 'zh')).map((f) => f.replace(/\.json$/, ''));
    expect([...NAMESPACES].sort()).toEqual(files.sort());
  });

  for (const file of readdirSync(join(root, 'zh'))) {
    it(`${file}: zh and en key sets are identical and no value is empty`, () => {
      const zh = JSON.parse(readFileSync(join(root, 'zh', file), 'utf8'));
      const en = JSON.parse(readFileSync(join(root, 'en', file), 'utf8'));
      const zk = keys(zh).sort();
      const ek = keys(en).sort();
      expect(
        zk.filter((k) => !ek.includes(k)),
        'keys only in zh',
      ).toEqual([]);
      expect(
        ek.filter((k) => !zk.includes(k)),
        'keys only in en',
      ).toEqual([]);
      for (const k of zk) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], zh);
        expect(typeof v === 'string' && v.trim().length > 0, `zh ${file} ${k} is empty`).toBe(true);
      }
    });
  }

  it('interpolation placeholders match between languages', () => {
    for (const ns of NAMESPACES) {
      const zk = keys(resources.zh[ns]);
      for (const k of zk) {
        const get = (o: unknown) =>
          k.split('.').reduce<unknown>((x, p) => (x as Record<string, unknown>)[p], o);
        const vars = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        expect(vars(get(resources.en[ns])), `${ns}.${k}`).toEqual(vars(get(resources.zh[ns])));
      }
    }
  });
});
