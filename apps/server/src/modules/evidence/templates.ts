import type { Criterion } from '@dossier/contract';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { CRITERION_CONTENT } from './criteria-content.ts';

/** The Office Open XML type of the templates. */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const heading = (
  text: string,
  level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_2,
) => new Paragraph({ heading: level, children: [new TextRun({ text })] });
const para = (text: string) => new Paragraph({ children: [new TextRun({ text })] });
const box = (text: string) => new Paragraph({ children: [new TextRun({ text: `☐ ${text}` })] });
const blank = (label: string) =>
  new Paragraph({
    children: [new TextRun({ text: `${label}: ` }), new TextRun({ text: '____________________' })],
  });

/**
 * A bilingual (Chinese, then English) .docx for one criterion (issue 12 item 2): what the evidence should show,
 * the regulation it answers, a checklist to tick, and a table of exhibits to fill in. Generated with `docx`.
 */
export async function criterionTemplate(key: Criterion, regulation: string): Promise<Buffer> {
  const c = CRITERION_CONTENT[key];
  const doc = new Document({
    creator: 'Dossier',
    title: `${c.label.en} — evidence template`,
    sections: [
      {
        children: [
          heading(`${c.label.zh} · ${c.label.en}`, HeadingLevel.HEADING_1),
          para(`法规依据 / Regulation: ${regulation}`),
          heading('证据应证明什么'),
          para(c.shows.zh),
          heading('What the evidence should show'),
          para(c.shows.en),
          heading('材料清单'),
          ...c.checklist.zh.map(box),
          heading('Checklist'),
          ...c.checklist.en.map(box),
          heading('证据说明 / Evidence description'),
          blank('证据名称 / Evidence name'),
          blank('英文名称 / English name'),
          blank('出具机构与日期 / Issuer and date'),
          blank('它如何满足该标准 / How it meets this criterion'),
          para(
            '每份非英文文件都需附完整英文译文及译者证明。 / Every document not in English needs a full English translation with a translator’s certificate.',
          ),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** The recommendation-letter template (bilingual guidance, then an English letter skeleton to adapt). */
export async function letterTemplate(): Promise<Buffer> {
  const doc = new Document({
    creator: 'Dossier',
    title: 'Recommendation letter template',
    sections: [
      {
        children: [
          heading('推荐信模板 · Recommendation letter template', HeadingLevel.HEADING_1),
          para(
            '推荐信应打印在推荐人单位的信笺上，由推荐人亲笔签名，并写明推荐人如何认识申请人、其资历，以及申请人工作的具体影响。',
          ),
          para(
            'Print the letter on the recommender’s letterhead and have it signed. Say how the recommender knows the petitioner, why the recommender is qualified to judge, and the concrete impact of the petitioner’s work.',
          ),
          heading('Letter'),
          para('[Date]'),
          para('U.S. Citizenship and Immigration Services'),
          para('Re: Letter of recommendation for [Petitioner’s full name]'),
          para('Dear Sir or Madam,'),
          para(
            '1. Who I am: [name, title, institution; your main achievements that make you qualified to judge].',
          ),
          para(
            '2. How I know the petitioner: [independent — through the published work; or collaborator, supervisor, user of the work; since when].',
          ),
          para(
            '3. The petitioner’s contributions: [each contribution, what was new, who adopted or cited it, with figures].',
          ),
          para(
            '4. Why it matters: [its significance to the field and to the United States; the criteria it supports].',
          ),
          para('5. Conclusion: [your recommendation in one paragraph].'),
          para('I declare that the above is true to the best of my knowledge.'),
          para('Sincerely,'),
          para('[Signature]'),
          para('[Name, title, institution, address, e-mail, telephone]'),
          heading('清单 · Checklist'),
          box('信笺抬头与亲笔签名 / Letterhead and handwritten signature'),
          box('推荐人简历 / The recommender’s résumé'),
          box('至少一封来自独立专家 / At least one from an independent expert'),
          box('非英文推荐信附完整译文 / A full translation of any letter not in English'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
