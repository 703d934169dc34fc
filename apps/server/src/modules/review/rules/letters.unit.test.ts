import { describe, expect, it } from 'vitest';
import type { ReviewInput } from '../review-input.ts';
import { type LetterRow, letterInput, letterRow } from './letters.test-input.ts';
import { lettersRule } from './letters.ts';

const keys = (input: ReviewInput) => lettersRule(input, 'en').map((f) => [f.key, f.severity]);
const independent = (id: number, o: Partial<LetterRow> = {}) =>
  letterRow(id, { relation: 'independent', independent: true, ...o });

describe('rule letters', () => {
  it('two letters, one independent: fewer than 3 warns with the counts', () => {
    const found = lettersRule(letterInput([independent(1), letterRow(2)]), 'en');
    expect(found.map((f) => [f.key, f.severity])).toEqual([['letters:count', 'warn']]);
    expect(found[0]!.title).toBe('2 recommendation letters: fewer than 3');
    expect(found[0]!.detail).toContain('The case has 2, 1 of them independent.');
    expect(found[0]!.source).toMatch(/at least 3 letters, about 5/);
    expect(found[0]!.places).toEqual([{ tab: 'reference', target: null, label: 'Recommendation letters' }]);
  });

  it('four letters: info (about 5 usual); five with an independent one: nothing', () => {
    expect(keys(letterInput([independent(1), letterRow(2), letterRow(3), letterRow(4)]))).toEqual([
      ['letters:count', 'info'],
    ]);
    expect(keys(letterInput([1, 2, 3, 4, 5].map((i) => (i === 3 ? independent(i) : letterRow(i)))))).toEqual(
      [],
    );
  });

  it('no independent letter warns; a co-author marked independent does not count and warns on its own', () => {
    const five = [1, 2, 3, 4].map((i) => letterRow(i));
    expect(keys(letterInput(five))).toEqual([
      ['letters:count', 'info'],
      ['letters:independent', 'warn'],
    ]);
    const found = lettersRule(letterInput([...five, independent(5, { coauthored: true })]), 'zh');
    expect(found.map((f) => [f.key, f.severity])).toEqual([
      ['letters:independent', 'warn'],
      ['letters:not_independent:5', 'warn'],
    ]);
    expect(found[1]!.places).toEqual([{ tab: 'reference', target: '5', label: '推荐信 5 · Recommender 5' }]);
    expect(found[1]!.detail).toContain('合著');
    expect(found[1]!.source).toMatch(/Policy Manual, Vol\. 6, Part F, Ch\. 2/);
  });

  it('a flag saying independent beside a supervisor relation warns, naming the relation', () => {
    const rows = [1, 2, 3, 4].map((i) => independent(i));
    rows.push(letterRow(5, { independent: true, relation: 'supervisor' }));
    const found = lettersRule(letterInput(rows), 'en');
    expect(found.map((f) => f.key)).toEqual(['letters:not_independent:5']);
    expect(found[0]!.detail).toContain('“supervisor or mentor”');
  });

  it('a relation not stated is info per recommender; one without a letter is named as such', () => {
    const rows = [1, 2, 3, 4].map((i) => independent(i));
    rows.push(letterRow(5, { relation: null, letterUploadId: null, name: 'Prof. Hale' }));
    const found = lettersRule(letterInput(rows), 'en');
    expect(found.map((f) => [f.key, f.severity])).toEqual([['letters:no_relation:5', 'info']]);
    expect(found[0]!.places[0]!.label).toBe('Recommender Prof. Hale (no letter uploaded yet)');
  });

  it('no letter at all: the count warns, nothing else', () => {
    expect(keys(letterInput([]))).toEqual([['letters:count', 'warn']]);
  });
});
