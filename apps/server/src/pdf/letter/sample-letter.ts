/**
 * A realistic, deterministic bilingual petition letter of any length, for the sample packet, the benchmark and
 * tests: headings, zh and en paragraphs with bold/italic, references to exhibits and letters, footnotes,
 * bullet and nested ordered lists, block quotes and tables. About one page per section at Letter
 * size (39 sections = 40 pages).
 */
import type { TBlock, TInline, TLetterDocument, TNoteInline, TReferenceKind } from '@dossier/contract';
import type { LetterLocale } from './letter.messages.ts';

export interface SampleTarget {
  kind: TReferenceKind;
  id: string;
  title: string;
}

export interface SampleLetter {
  doc: TLetterDocument;
  /** Exhibits and recommendation letters in packet order (index + 1 is the number). */
  exhibits: SampleTarget[];
  letters: SampleTarget[];
}

const t = (text: string, ...marks: ('bold' | 'italic' | 'underline')[]): TNoteInline & TInline =>
  marks.length ? { type: 'text', text, marks: marks.map((type) => ({ type })) } : { type: 'text', text };
const ref = (kind: TReferenceKind, id: string): TNoteInline & TInline => ({
  type: 'reference',
  attrs: { kind, id },
});
const note = (...text: TNoteInline[]): TInline => ({
  type: 'footnote',
  content: [{ type: 'paragraph', content: text }],
});
const p = (...content: TInline[]): TBlock => ({ type: 'paragraph', content });
const h = (level: 1 | 2 | 3, text: string): TBlock => ({
  type: 'heading',
  attrs: { level },
  content: [t(text)],
});
const li = (...blocks: TBlock[]) => ({ type: 'listItem' as const, content: blocks as never[] });

const FIELDS = [
  '蛋白质结构预测',
  '低功耗芯片设计',
  '城市交通优化',
  '癌症早期筛查',
  '可再生能源储能',
  '自然语言处理',
];
const FIELDS_EN = [
  'protein structure prediction',
  'low-power chip design',
  'urban traffic optimisation',
  'early cancer screening',
  'renewable energy storage',
  'natural language processing',
];
const JOURNALS = [
  'Nature Methods',
  'IEEE TPAMI',
  'Cell Systems',
  'NeurIPS',
  'Physical Review Letters',
  'The Lancet',
];

/** `sections` ≈ pages (39 → 40 Letter pages); `exhibits` is how many exhibits the packet has (references cycle through them). */
export function generateSampleLetter(opts: { sections?: number; exhibits?: number } = {}): SampleLetter {
  const sections = opts.sections ?? 3;
  const exhibits: SampleTarget[] = Array.from({ length: opts.exhibits ?? 40 }, (_, i) => ({
    kind: 'exhibit',
    id: `ex-${i + 1}`,
    title: `Exhibit document ${i + 1}`,
  }));
  const letters: SampleTarget[] = Array.from({ length: 6 }, (_, i) => ({
    kind: 'letter',
    id: `rl-${i + 1}`,
    title: `Recommendation letter ${i + 1}`,
  }));
  const ex = (n: number) => ref('exhibit', exhibits[n % exhibits.length]!.id);
  const rl = (n: number) => ref('letter', letters[n % letters.length]!.id);

  const content: TBlock[] = [
    h(1, 'Petition for Alien Worker (EB-1A) — Letter in Support / 申请信'),
    p(
      t('U.S. Citizenship and Immigration Services'),
      { type: 'hardBreak' },
      t('Texas Service Center, 6046 N Belt Line Rd, Irving, TX 75038'),
    ),
    p(
      t('Re: ', 'bold'),
      t('I-140 Immigrant Petition for Alien Worker, EB-1A 2024, on behalf of Dr. Wei ZHANG (张伟)'),
    ),
    p(t('Dear Officer:')),
  ];
  for (let s = 0; s < sections; s++) {
    const f = FIELDS[s % FIELDS.length]!;
    const fe = FIELDS_EN[s % FIELDS_EN.length]!;
    const j = JOURNALS[s % JOURNALS.length]!;
    const n = s * 7;
    content.push(
      h(
        2,
        `${s + 1}. Criterion ${['(i) Awards', '(iii) Published material', '(iv) Judging', '(v) Original contributions', '(vi) Scholarly articles', '(viii) Leading role'][s % 6]} / 标准 ${s + 1}`,
      ),
      p(
        t(
          `张伟博士在${f}领域作出了具有重大意义的原创性贡献。自 2015 年以来，他以第一作者或通讯作者身份发表论文 ${42 + s} 篇，被引用 ${3150 + 17 * s} 次，h-index 为 ${27 + (s % 5)}（见`,
        ),
        ex(n),
        t('）。他提出的方法已被国内外多家研究机构和企业采用，'),
        t('直接推动了该领域的技术进步', 'bold'),
        t('。'),
        note(
          t(`引用数据来自 Google Scholar，检索日期 2024 年 ${1 + (s % 12)} 月 15 日；另见 `),
          ex(n + 1),
          t('。'),
        ),
      ),
      p(
        t(`In ${2019 + (s % 5)}, Dr. Zhang's paper in `),
        t(j, 'italic'),
        t(
          ` introduced a method for ${fe} that reduced error rates by ${18 + (s % 9)} percent compared with the previous state of the art (see `,
        ),
        ex(n + 2),
        t(' and '),
        ex(n + 3),
        t(
          '). Independent experts confirm that the method is now a standard baseline; see the letter of Prof. Maria Gonzalez (',
        ),
        rl(s),
        t(').'),
        note(
          t(
            `Citation counts as of March ${1 + (s % 28)}, 2024. The EB-1A 2024 policy manual, 6 USCIS-PM F.2, treats such counts as evidence of impact.`,
          ),
        ),
      ),
      p(
        t(
          '根据 8 C.F.R. § 204.5(h)(3)，申请人只需满足十项标准中的三项。下列证据表明，张伟博士满足本项标准，并且其成就在整体评估（final merits determination）中同样显示出持续的国家级或国际级声誉。申请人的工作不仅在学术界获得认可，也被产业界广泛应用。',
        ),
      ),
      {
        type: 'bulletList',
        content: [
          li(p(t(`Reviewer for ${j} and ${JOURNALS[(s + 1) % JOURNALS.length]} (`), ex(n + 4), t(').'))),
          li(
            p(
              t('受邀担任国际会议程序委员会委员，共评审论文 '),
              t(`${60 + s} 篇`, 'bold'),
              t('（'),
              ex(n + 5),
              t('）。'),
            ),
          ),
          li(p(t('Invited talks at leading institutions, including:')), {
            type: 'bulletList',
            content: [
              li(p(t('Stanford University, Department of Bioengineering (2022)'))),
              li(p(t('清华大学交叉信息研究院（2023 年）'))),
            ],
          }),
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 1 },
        content: [
          li(p(t('The contribution is original: no earlier work combined these techniques.'))),
          li(p(t('该贡献具有重大意义：')), {
            type: 'orderedList',
            content: [
              li(p(t('被 '), t(`${12 + s}`, 'bold'), t(' 家企业采用；'))),
              li(p(t(`写入行业标准 GB/T 3${7000 + s}—2023。`))),
            ],
          }),
          li(p(t('The significance is recognised by independent experts in the field.'))),
        ],
      },
    );
    if (s % 2 === 0) {
      content.push(p(t(`Table ${s / 2 + 1} summarises the citation record / 引用情况汇总：`, 'bold')), {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: ['Year / 年份', 'Publications / 论文', 'Citations / 引用', 'Evidence / 证据'].map(
              (x) => ({
                type: 'tableHeader' as const,
                content: [{ type: 'paragraph' as const, content: [t(x)] }],
              }),
            ),
          },
          ...[0, 1, 2, 3, 4].map((k) => ({
            type: 'tableRow' as const,
            content: [
              { type: 'tableCell' as const, content: [p(t(`${2019 + k}`))] as never[] },
              { type: 'tableCell' as const, content: [p(t(`${5 + k + s}`))] as never[] },
              {
                type: 'tableCell' as const,
                content: [p(t(`${210 * (k + 1) + s}（同行引用 ${150 * (k + 1)}）`))] as never[],
              },
              { type: 'tableCell' as const, content: [p(ex(n + k))] as never[] },
            ],
          })),
        ],
      });
    } else {
      content.push({
        type: 'blockquote',
        content: [
          p(
            t(
              `"Dr. Zhang's work changed how our laboratory approaches the problem; we adopted his method in all our ongoing projects." — `,
            ),
            t('Prof. Maria Gonzalez', 'italic'),
            t(', '),
            rl(s + 1),
          ),
        ],
      });
    }
    content.push(
      p(
        t(
          '综上所述，申请人在本项标准下提交的证据充分、具体且相互印证。我们恳请移民局官员结合全部证据，认定申请人满足该标准。申请人在未来将继续在美国从事',
        ),
        t(f),
        t('方面的研究，这将使美国在该领域保持领先地位，并带来显著的经济和社会效益。'),
      ),
    );
  }
  content.push(
    { type: 'horizontalRule' },
    p(t('Respectfully submitted,')),
    p(t('Wei ZHANG (张伟), Ph.D.'), { type: 'hardBreak' }, t('Petitioner')),
  );
  return { doc: { type: 'doc', content }, exhibits, letters };
}

/** Resolver over the sample's packet order: "Exhibit N" / "证据 N", "Recommendation Letter N" / "推荐信 N". */
export function sampleResolver(sample: SampleLetter, locale: LetterLocale, missing: readonly string[] = []) {
  return (kind: TReferenceKind, id: string): { label: string } | undefined => {
    if (missing.includes(id)) return undefined;
    const list = kind === 'exhibit' ? sample.exhibits : sample.letters;
    const i = list.findIndex((x) => x.id === id);
    if (i < 0) return undefined;
    const word =
      kind === 'exhibit'
        ? locale === 'zh'
          ? '证据'
          : 'Exhibit'
        : locale === 'zh'
          ? '推荐信'
          : 'Recommendation Letter';
    return { label: `${word} ${i + 1}` };
  };
}
