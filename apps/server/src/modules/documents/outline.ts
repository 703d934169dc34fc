import type {
  Criterion,
  DocumentKind,
  Locale,
  ProjectCode,
  TBlock,
  TDocumentOutline,
  TInline,
  TLetterDocument,
  TParagraph,
} from '@dossier/contract';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { Db } from '../../db/client.ts';
import { criterionLabel, regulationOf } from '../evidence/criteria-content.ts';
import { numberCase } from '../numbering/case-numbering.ts';
import { loadCaseRows } from '../numbering/numbering.load.ts';
import { numberingOf } from './numbering.ts';
import { targetsFor } from './rfe-response.ts';
import { type HelpSection, helpSections, type Project } from './writing-help.ts';

const projectOf = (code: ProjectCode): Project => (code === 'USA_NIW' ? 'niw' : 'eb1a');
const text = (t: string): TInline => ({ type: 'text', text: t });
const heading = (t: string, level: 1 | 2 | 3 = 2): TBlock => ({
  type: 'heading',
  attrs: { level },
  content: [text(t)],
});
const para = (content: TInline[]): TParagraph => ({ type: 'paragraph', content });
const ref = (kind: 'exhibit' | 'letter', id: string): TInline => ({ type: 'reference', attrs: { kind, id } });
const doc = (content: TBlock[]): TLetterDocument => ({ type: 'doc', content });

/**
 * `GET …/outline/` (issue 13 item 3): the sections of the document for the case's project; the petition letter
 * gets one section per claimed criterion (claimed order) citing that criterion's evidence folders as live
 * references, and the sections that argue from the letters cite every recommendation letter.
 */
export async function documentOutline(
  db: Db,
  s: { caseId: number; projectCode: ProjectCode; locale: Locale },
  kind: DocumentKind,
): Promise<TDocumentOutline> {
  // The case's rows once; the numbering from them (modules/numbering).
  const rows = await loadCaseRows(db, s.caseId);
  const { claim } = rows;
  const numbering = numberCase(rows);
  const exhibits = numbering.folders;
  // The response letter's references are numbered by its RFE (decision 0077); it cites no letters.
  const rfe = kind === 'rfe_response';
  const targets = rfe ? await targetsFor(db, s.caseId, kind) : numbering.targets;
  const letterIds = rfe ? [] : numbering.letters.map((l) => `letter:${l.letter.id}`);
  const sections: TDocumentOutline['sections'] = [];
  const section = (h: HelpSection, criterion: Criterion | null, insert: TBlock[]) =>
    sections.push({
      key: h.key,
      title: h.title[s.locale],
      guidance: h.guidance[s.locale],
      criterion,
      insert: doc(insert),
    });
  for (const h of helpSections(kind, projectOf(s.projectCode))) {
    const body: TBlock[] = [heading(h.title.en), para([text(h.prompt)])];
    if (h.citesLetters && letterIds.length > 0) {
      const cites: TInline[] = [text('See ')];
      for (const [i, id] of letterIds.entries())
        cites.push(...(i > 0 ? [text(', ')] : []), ref('letter', id));
      body.push(para([...cites, text('.')]));
    }
    section(h, null, body);
    if (!h.criteriaAfter) continue;
    for (const criterion of claim.claimed) {
      const folders = exhibits.filter((n) => n.folder.criterion === criterion);
      const label = criterionLabel(criterion, 'en');
      const insert: TBlock[] = [
        heading(`${label} (${regulationOf(criterion)})`, 3),
        para([text(`The petitioner meets this criterion. [Explain how the evidence below satisfies it.]`)]),
      ];
      if (folders.length > 0) {
        insert.push({
          type: 'bulletList',
          content: folders.map((n) => ({
            type: 'listItem' as const,
            content: [
              para([ref('exhibit', `folder:${n.folder.id}`), text(`: ${n.folder.nameEn ?? n.folder.name}`)]),
            ],
          })),
        });
      }
      sections.push({
        key: `criterion:${criterion}`,
        title: criterionLabel(criterion, s.locale),
        guidance:
          s.locale === 'zh'
            ? '说明每份证据如何满足该标准，并保留下方已插入的证据引用（编号会自动更新）。'
            : 'Explain how each piece of evidence meets this criterion; the exhibit references below renumber themselves.',
        criterion,
        insert: doc(insert),
      });
    }
  }
  const all = doc(sections.flatMap((x) => x.insert.content));
  return { kind, sections, numbering: numberingOf(all, targets) };
}

const TITLES: Record<DocumentKind, { zh: string; en: string }> = {
  us_plan: { zh: '美国计划', en: 'US plan' },
  petition_letter: { zh: '申请信', en: 'Petition letter' },
  rfe_response: { zh: 'RFE 回复信', en: 'RFE response letter' },
};

/**
 * `GET …/template.docx` (issue 13 item 2): bilingual guidance (Chinese, then English, in grey italics) and the
 * English skeleton for the case's project, section by section. Generated with `docx`.
 */
export async function documentTemplate(kind: DocumentKind, projectCode: ProjectCode): Promise<Buffer> {
  const project = projectOf(projectCode);
  const program = project === 'niw' ? 'EB-2 NIW' : 'EB-1A';
  const guide = (t: string) =>
    new Paragraph({ children: [new TextRun({ text: t, italics: true, color: '666666' })] });
  const children: Paragraph[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: `${TITLES[kind].en} — ${program}` })],
    }),
    guide(
      `${TITLES[kind].zh}模板：灰色斜体为写作指引（中英文），请在写完后删除；正文请用英文。导入后，证据与推荐信编号请用编辑器的“插入证据索引”自动生成。`,
    ),
    guide(
      `${TITLES[kind].en} template: grey italics are guidance (Chinese and English); delete them when done and write the body in English. After import, insert exhibit and letter numbers with the editor's index buttons so they stay current.`,
    ),
  ];
  for (const h of helpSections(kind, project)) {
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: h.title.en })] }),
      guide(`${h.title.zh}：${h.guidance.zh}`),
      guide(h.guidance.en),
      new Paragraph({ children: [new TextRun({ text: h.prompt })] }),
    );
  }
  const document = new Document({
    creator: 'Dossier',
    title: `${TITLES[kind].en} template (${program})`,
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
