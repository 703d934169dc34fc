import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKGROUND, CRITERION_REGULATION, type Criterion, type Locale } from '@dossier/contract';
import {
  EB1A_SAMPLE,
  editionId,
  type FormDefinition,
  getForm,
  NIW_SAMPLE,
  toPdfFields,
} from '@dossier/forms';
import { BLANKS_DIR } from '@dossier/forms/blanks';
import { criterionLabel } from '../../modules/evidence/criteria-content.ts';
import { fillOfficialPdf } from '../forms/fill.ts';
import { generateSampleLetter } from '../letter/sample-letter.ts';
import { normaliseEvidence } from '../normalise/index.ts';
import type { PacketExhibit, PacketForm, PacketInput } from './packet.types.ts';
import { photoJpeg, scanPdf, textPdf } from './sample-inputs.ts';

export interface SampleScale {
  exhibits: number;
  /** Pages of each text-PDF exhibit (publications, contracts). */
  textPages: number;
  /** Pages of each scanned-image exhibit. */
  scanPages: number;
  /** Sections of the petition letter (≈ pages: 39 → 40). */
  letterSections: number;
  recommendationLetters: number;
}

/** What `npm run packet:sample` builds: small enough to open and read. */
export const SAMPLE_SCALE: SampleScale = {
  exhibits: 8,
  textPages: 3,
  scanPages: 2,
  letterSections: 6,
  recommendationLetters: 3,
};
/** What `npm run bench:packet` builds: ≥ 500 pages, 40 exhibits, a 40-page letter. */
export const BENCH_SCALE: SampleScale = {
  exhibits: 40,
  textPages: 15,
  scanPages: 6,
  letterSections: 39,
  recommendationLetters: 5,
};

/** `npm run bench:packet -- --pages 1500`: the robustness target, 100 exhibits and ≈ 1,500 pages. */
export const LARGE_SCALE: SampleScale = {
  exhibits: 100,
  textPages: 20,
  scanPages: 9,
  letterSections: 39,
  recommendationLetters: 5,
};

/**
 * Where the blank official PDFs are looked for: the blanks the release ships (packages/forms/blanks, decision
 * 0013), or OFFICIAL_FORMS_DIR. A form whose blank is absent is listed as missing on the cover sheet.
 */
export function officialFormsDir(): string {
  return process.env.OFFICIAL_FORMS_DIR ?? fileURLToPath(BLANKS_DIR);
}

export interface SampleCase {
  input: PacketInput;
  /** Every PDF the packet build reads, for size and merge comparisons. */
  inputPdfs: Uint8Array[];
}

/**
 * A bilingual sample case generated from nothing: the forms package's sample self-petitioner, a generated
 * zh/en petition letter that references the exhibits, generated evidence (text PDFs, scans, photos run
 * through the evidence normaliser), recommendation letters with translations and a US plan.
 */
export async function buildSampleCase(opts: {
  category: 'EB1A' | 'NIW';
  locale: Locale;
  scale: SampleScale;
}): Promise<SampleCase> {
  const { scale } = opts;
  const sample = generateSampleLetter({ sections: scale.letterSections, exhibits: scale.exhibits });
  const inputPdfs: Uint8Array[] = [];
  const keep = (b: Uint8Array) => {
    inputPdfs.push(b);
    return b;
  };

  // The exhibits split in order over the background group and a few criteria, as the default numbering has them.
  const groups: Criterion[] =
    opts.category === 'EB1A'
      ? [BACKGROUND, 'awards', 'judge', 'scholarly_publication']
      : [BACKGROUND, 'degree', 'job', 'achievements'];
  const groupOf = (i: number) => {
    const key = groups[Math.floor((i * groups.length) / sample.exhibits.length)]!;
    return { key, title: criterionLabel(key, 'en'), citation: CRITERION_REGULATION[key] };
  };
  const exhibits: PacketExhibit[] = [];
  for (const [i, target] of sample.exhibits.entries()) {
    let original: Uint8Array;
    if (i % 4 === 0) {
      const photo = await photoJpeg(100 + i);
      const r = await normaliseEvidence({ bytes: photo, filename: `photo-${i + 1}.jpg` });
      if (!r.ok) throw new Error(`sample photo refused: ${r.message.en}`);
      original = r.pdf;
    } else if (i % 4 === 1) {
      original = await scanPdf(scale.scanPages, 200 + i);
    } else {
      original = await textPdf(target.title, scale.textPages, 300 + i);
    }
    // The sample case numbers its exhibits in the order given (a real case: modules/numbering).
    const exhibit: PacketExhibit = {
      id: target.id,
      number: i + 1,
      title: target.title,
      original: keep(original),
      group: groupOf(i),
      // Every other exhibit has its one-line description, as a customer may leave it out.
      ...(i % 2 === 0 ? { description: `What exhibit ${i + 1} shows, in one line for the officer.` } : {}),
    };
    if (i % 5 === 0) {
      exhibit.translation = {
        pdf: keep(await textPdf(`English translation: ${target.title}`, 2, 400 + i)),
        translator: { name: 'Lin Wang', address: '88 Example Road, Shanghai 200000, China' },
        fromLanguage: 'Chinese',
      };
    }
    exhibits.push(exhibit);
  }

  const letters = [];
  // Every letter the sample petition letter cites exists, so its references all resolve.
  const letterCount = Math.max(scale.recommendationLetters, sample.letters.length);
  for (let i = 0; i < letterCount; i++) {
    const target = sample.letters[i];
    const recommender = target?.title ?? `Recommender ${i + 1}`;
    letters.push({
      id: target?.id ?? `letter-${i + 1}`,
      number: i + 1,
      recommender,
      pdf: keep(await textPdf(`Letter of recommendation — ${recommender}`, 3, 500 + i)),
      translation: {
        pdf: keep(await textPdf(`Translation — ${recommender}`, 3, 600 + i)),
        translator: { name: 'Mei Lin', address: '100 Main Street, Springfield, IL 62701' },
        fromLanguage: 'Chinese',
      },
      jobTitle: `Professor of Engineering, University ${i + 1}`,
      independent: i % 2 === 0,
      // Each recommender's CV after the letter; the first one's is in Chinese, with its translation.
      cv: {
        pdf: keep(await textPdf(`Curriculum vitae — ${recommender}`, 2, 800 + i)),
        ...(i === 0
          ? {
              translation: {
                pdf: keep(await textPdf(`Translation — CV of ${recommender}`, 2, 900 + i)),
                translator: { name: 'Mei Lin', address: '100 Main Street, Springfield, IL 62701' },
                fromLanguage: 'Chinese',
              },
            }
          : {}),
      },
    });
  }

  const planSample = generateSampleLetter({
    sections: Math.max(2, Math.round(scale.letterSections / 8)),
    exhibits: scale.exhibits,
  });
  const attachments = [
    {
      title: 'Letter of intent from a U.S. research partner',
      number: 1,
      pdf: keep(await textPdf('Letter of intent', 4, 700)),
      // Written in Chinese by the partner's China office: translated, with the translator's certificate.
      translation: {
        pdf: keep(await textPdf('Translation — Letter of intent', 4, 702)),
        translator: { name: 'Mei Lin', address: '100 Main Street, Springfield, IL 62701' },
        fromLanguage: 'Chinese',
      },
    },
    {
      title: 'Project budget and timeline',
      number: 2,
      pdf: keep(await textPdf('Budget and timeline', 3, 701)),
    },
  ];

  const forms = await sampleForms(opts.category);
  for (const f of forms) if (f.pdf) keep(f.pdf);

  const person = opts.category === 'EB1A' ? EB1A_SAMPLE : NIW_SAMPLE;
  const i140 = person.forms['I-140'] ?? {};
  const petitionerName =
    `${String(i140['p1.1b'] ?? '')} ${String(i140['p1.1a'] ?? '')}`.trim() || 'Sample Petitioner';
  return {
    input: {
      locale: opts.locale,
      category: opts.category,
      petitionerName,
      filingDate: '2026-11-21',
      premium: true,
      payment: 'G-1450',
      forms,
      petitionLetter: sample.doc,
      exhibits,
      letters,
      plan: { doc: planSample.doc, attachments },
    },
    inputPdfs,
  };
}

/** The I-140 filled from the sample person and flattened; other official blanks are not bundled. */
async function sampleForms(category: 'EB1A' | 'NIW'): Promise<PacketForm[]> {
  const person = category === 'EB1A' ? EB1A_SAMPLE : NIW_SAMPLE;
  const forms: PacketForm[] = [
    { key: 'G-1145', pdf: null },
    { key: 'G-1450', pdf: null },
    { key: 'I-907', pdf: null },
  ];
  const blankPath = join(officialFormsDir(), 'i-140-2024-06-07.pdf');
  const def = getForm('I-140', '06/07/24');
  if (def && existsSync(blankPath)) {
    const filled = await fillOfficialPdf({
      blank: new Uint8Array(readFileSync(blankPath)),
      expect: editionId(def),
      fields: toPdfFields(def, person.forms['I-140'] ?? {}),
      flatten: true,
    });
    forms.push({ key: 'I-140', pdf: filled.bytes, signHere: firstSignature(def) });
  } else {
    forms.push({ key: 'I-140', pdf: null });
  }
  return forms;
}

/** "Part 8, item 6.a": where the petitioner signs, from the form definition's first signature item. */
function firstSignature(def: FormDefinition): string | undefined {
  for (const part of def.parts) {
    const item = part.items.find((i) => i.type === 'signature');
    if (item) return `Part ${part.number}, item ${item.number}`;
  }
  return undefined;
}
