import { describe, expect, it } from 'vitest';
import { breakLines, tokenize } from './line-break.ts';

// Monospace stand-in: CJK characters 10 wide, everything else 5.
const measure = (text: string) =>
  Array.from(text).reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 10 : 5), 0);
const lines = (text: string, width: number) =>
  breakLines(tokenize([{ text }], measure), width, measure).map((l) => l.tokens.map((t) => t.text).join(''));

describe('line breaking', () => {
  it('breaks Latin text at spaces and drops the space', () => {
    expect(lines('aaaa bbbb cccc', 50)).toEqual(['aaaa bbbb', 'cccc']);
  });

  it('breaks between any CJK characters', () => {
    expect(lines('我谨以此信推荐张伟博士', 50)).toEqual(['我谨以此信', '推荐张伟博', '士']);
  });

  it('never starts a line with closing punctuation: pulls the previous character down', () => {
    expect(lines('我谨以此信，推荐', 50)).toEqual(['我谨以此', '信，推荐']);
    expect(lines('甲乙丙丁戊。己', 50)).toEqual(['甲乙丙丁', '戊。己']);
  });

  it('never ends a line with opening punctuation', () => {
    expect(lines('甲乙丙丁（戊己', 50)).toEqual(['甲乙丙丁', '（戊己']);
  });

  it('mixes CJK and Latin words, breaking between them', () => {
    expect(lines('申请EB-1A 2024杰出人才', 60)).toEqual(['申请EB-1A', '2024杰出人才']);
  });

  it('cuts a word wider than the line between characters', () => {
    expect(lines('https://example.org/very/long', 50)).toEqual(['https://ex', 'ample.org/', 'very/long']);
  });

  it('honours forced line breaks', () => {
    expect(lines('ab\ncd', 100)).toEqual(['ab', 'cd']);
  });

  it('keeps words whose style changes mid-word together', () => {
    const toks = tokenize([{ text: 'aa EB-' }, { text: '1A bb' }], measure);
    const out = breakLines(toks, 35, measure).map((l) => l.tokens.map((t) => t.text).join(''));
    expect(out).toEqual(['aa', 'EB-1A', 'bb']);
  });

  it('hyphenates a Latin word at a TeX point when the line would be loose, never an atom', () => {
    const text = 'aa bb cc extraordinary';
    const hyphenated = breakLines(tokenize([{ text }], measure), 80, measure, 80, { hyphenate: true });
    expect(hyphenated.map((l) => l.tokens.map((t) => t.text).join(''))).toEqual([
      'aa bb cc extra-',
      'ordinary',
    ]);
    expect(lines(text, 80)).toEqual(['aa bb cc', 'extraordinary']);
    const atom = tokenize([{ text }], measure).map((t) =>
      t.text === 'extraordinary' ? { ...t, atom: true } : t,
    );
    expect(breakLines(atom, 80, measure, 80, { hyphenate: true }).map((l) => l.tokens.length)).toEqual([
      5, 1,
    ]);
  });

  it('marks a line ended by a forced break, so a justified paragraph leaves it ragged', () => {
    const out = breakLines(tokenize([{ text: 'aa\nbb' }], measure), 100, measure);
    expect(out.map((l) => l.forced === true)).toEqual([true, false]);
  });
});
