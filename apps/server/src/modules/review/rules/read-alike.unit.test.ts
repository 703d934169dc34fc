import { describe, expect, it } from 'vitest';
import { READ_ALIKE } from '../content/letters-rules.ts';
import { letterInput, letterRow } from './letters.test-input.ts';
import { comparePair, readAlikeRule, shingle } from './read-alike.ts';

const SHARED =
  'Her framework for federated learning on hospital records has been adopted by three regional health networks, ' +
  'where it now screens more than two million patient files a year for early signs of sepsis. I know of no other ' +
  'researcher whose methods have moved so quickly from publication into daily clinical use, and the independent ' +
  'audits published by the networks credit her design with a measurable fall in missed diagnoses.';

const A = [
  'Dear Officer, I am a professor of computer science at the University of Toronto and have followed the work of ' +
    'Dr. Zhang Wei since her first papers on privacy in medical data appeared in 2019.',
  SHARED,
  'Her articles are cited by groups on four continents; I reviewed two of them for leading venues and found the ' +
    'proofs careful and the experiments unusually thorough. I recommend her without reservation.',
];
const B = [
  'To whom it may concern: as chief data officer of the Northern Health Alliance I oversee the software our ' +
    'twelve hospitals rely on, and I write to describe the contribution Dr. Zhang made to our operations.',
  SHARED,
  'Before her system we reviewed charts by hand, a slow process that missed cases at night. Our clinicians now ' +
    'trust the alerts, and our board has asked other vendors to meet the standard she set.',
];
const C = [
  'I chair the standards committee of the International Society for Medical Informatics, which Dr. Zhang joined ' +
    'after her nomination was approved by a panel of senior members who judged her published achievements.',
  'The committee relies on her judgement when it evaluates new privacy techniques submitted by industry; she has ' +
    'refereed more than forty proposals, several of which changed as a result of her detailed written reviews.',
  'In my opinion her standing among researchers in this specialised area is among the very highest I have seen in ' +
    'two decades of service, and her influence on practice is plain to anyone working in hospital analytics.',
];

const texts = (entries: [number, string[]][]) => new Map(entries.map(([id, pages]) => [id, pages]));

describe('rule read_alike', () => {
  it('two letters sharing a paragraph are flagged, the paragraph shown side by side; a different one is not', () => {
    const rows = [letterRow(1), letterRow(2), letterRow(3)];
    const found = readAlikeRule(
      letterInput(
        rows,
        texts([
          [101, A],
          [102, B],
          [103, C],
        ]),
      ),
      'en',
    );
    expect(found).toHaveLength(1);
    const f = found[0]!;
    expect(f).toMatchObject({ key: 'read_alike:1:2', rule: 'read_alike', severity: 'warn', intended: false });
    expect(f.title).toBe(
      'Recommendation Letter 1 · Recommender 1 and Recommendation Letter 2 · Recommender 2 read alike',
    );
    expect(f.places.map((p) => [p.tab, p.target])).toEqual([
      ['reference', '1'],
      ['reference', '2'],
    ]);
    expect(f.passages).toHaveLength(1);
    const p = f.passages[0]!;
    // The shared paragraph as written in each letter, cut to READ_ALIKE.passageChars.
    expect(p.a).toBe(p.b);
    expect(p.a.length).toBeLessThanOrEqual(READ_ALIKE.passageChars);
    expect(p.a.startsWith('Her framework for federated learning on hospital records')).toBe(true);
    expect(SHARED.startsWith(p.a.replace(/…$/, ''))).toBe(true);
    expect(f.detail).toMatch(/longest shared passage runs 6\d words/);
  });

  it('compares case- and punctuation-blind, the key sorted by id; passages as each letter writes them', () => {
    const shout = B.map((p) => p.replace(SHARED, SHARED.toUpperCase().replace(/,/g, ' ;')));
    const rows = [letterRow(9, { sortOrder: 1 }), letterRow(4, { sortOrder: 2 })];
    const found = readAlikeRule(
      letterInput(
        rows,
        texts([
          [109, A],
          [104, shout],
        ]),
      ),
      'zh',
    );
    expect(found.map((f) => f.key)).toEqual(['read_alike:4:9']);
    expect(found[0]!.passages[0]!.a.startsWith('Her framework')).toBe(true);
    expect(found[0]!.passages[0]!.b.startsWith('HER FRAMEWORK')).toBe(true);
    expect(found[0]!.title).toContain('内容雷同');
  });

  it('reads a letter without a text layer through its translation; Chinese letters are compared by characters', () => {
    const zhShared =
      '张伟博士提出的联邦学习框架已被三家区域医疗网络采用，每年筛查超过两百万份病历以发现脓毒症的早期迹象。据我所知，没有其他研究者的方法能如此迅速地从论文走进日常临床。';
    const rows = [
      letterRow(1, { letterTranslationUploadId: 201 }),
      letterRow(2),
      letterRow(3, { letterUploadId: 103 }),
    ];
    const found = readAlikeRule(
      letterInput(
        rows,
        texts([
          [101, ['']],
          [201, A],
          [102, B],
          [103, [`我是清华大学计算机系教授，多年来关注申请人的研究。${zhShared}`]],
        ]),
      ),
      'en',
    );
    expect(found.map((f) => f.key)).toEqual(['read_alike:1:2']);

    const zh = readAlikeRule(
      letterInput(
        [letterRow(5), letterRow(6)],
        texts([
          [105, [`我是清华大学计算机系教授，多年来关注申请人在医疗数据隐私方面的研究。${zhShared}`]],
          [106, [`作为北方医疗联盟的首席数据官，我负责十二家医院所依赖的软件系统。${zhShared}`]],
        ]),
      ),
      'zh',
    );
    expect(zh.map((f) => f.key)).toEqual(['read_alike:5:6']);
    expect(zh[0]!.passages[0]!.a).toContain('联邦学习框架已被三家区域医疗网络采用');
  });

  it('a short text or none is not compared; common phrases alone do not flag', () => {
    const hello =
      'I am writing to recommend Dr. Zhang Wei for classification as an alien of extraordinary ability.';
    const found = readAlikeRule(
      letterInput(
        [letterRow(1), letterRow(2), letterRow(3)],
        texts([
          [101, [hello, ...A.slice(0, 1), ...A.slice(2)]],
          [102, [hello, ...C]],
          [103, [hello]],
        ]),
      ),
      'en',
    );
    expect(found).toEqual([]);
    expect(comparePair(shingle(1, hello), shingle(2, hello)).flagged).toBe(true);
  });

  it('six letters of three pages each: well under 20 ms', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);
    const page = () => Array.from({ length: 450 }, () => words[Math.floor(rand() * words.length)]).join(' ');
    const rows = [1, 2, 3, 4, 5, 6].map((i) => letterRow(i));
    const input = letterInput(rows, texts(rows.map((r) => [100 + r.id, [page(), page(), SHARED, page()]])));
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const found = readAlikeRule(input, 'en');
      best = Math.min(best, performance.now() - t0);
      // Every pair shares the paragraph.
      expect(found).toHaveLength(15);
    }
    expect(best).toBeLessThan(20);
  });
});
