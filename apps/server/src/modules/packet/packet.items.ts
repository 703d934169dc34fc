import { CRITERIA, type Criterion, type TPacketProblem } from '@dossier/contract';
import type { ExhibitGroup } from '../../pdf/packet/packet.types.ts';
import { criterionLabel, regulationOf } from '../evidence/criteria-content.ts';
import type { CaseNumbering } from '../numbering/case-numbering.ts';

/**
 * What goes into the packet, from the case's one numbering (pure): the numbered exhibits (folders with a file) with
 * their numbers and their files' "N.M", the letters with a signed letter and their numbers, the plan attachments.
 */

type Translator = { kind: 'personal' | 'service' };

export interface PlannedFile {
  part: TPacketProblem['part'];
  /** The row's own name (evidence file name, recommender, attachment name). */
  name: string;
  tab: string;
  uploadId: number | null;
}

export interface PlannedExhibit {
  id: string;
  number: number;
  title: string;
  /** Each evidence file (`file:<id>`) and its number ("N.M"), for "Exhibit N.M" references. */
  parts: Array<{ id: string; number: string }>;
  originals: PlannedFile[];
  translations: PlannedFile[];
  translator: Translator | null;
  /** Its criterion as the exhibit list heads it (English label, regulation); null for an unknown key. */
  group: ExhibitGroup | null;
  description: string | null;
}

export interface PlannedLetter {
  id: string;
  number: number;
  recommender: string;
  file: PlannedFile;
  translation: PlannedFile | null;
  translator: Translator | null;
  /** For the separator page (issue 30 item 6): the English title when given, and the relation. */
  jobTitle: string;
  independent: boolean;
  /** The recommender's CV (résumé upload) and its translation, placed after the letter when uploaded. */
  cv: PlannedFile | null;
  cvTranslation: PlannedFile | null;
}

export interface PacketItems {
  exhibits: PlannedExhibit[];
  letters: PlannedLetter[];
  attachments: Array<{ title: string; number: number; file: PlannedFile; translation: PlannedFile | null }>;
}

const translatorOf = (mode: string | null): Translator | null =>
  mode === 'personal' || mode === 'service' ? { kind: mode } : null;

const groupOf = (criterion: string): ExhibitGroup | null =>
  (CRITERIA as readonly string[]).includes(criterion)
    ? {
        key: criterion,
        title: criterionLabel(criterion as Criterion, 'en'),
        citation: regulationOf(criterion as Criterion),
      }
    : null;

export function packetItemsOf(numbering: CaseNumbering): PacketItems {
  const exhibits: PlannedExhibit[] = numbering.exhibits.map((n) => {
    const withTranslation = n.files.filter((f) => f.file.translationUploadId !== null);
    return {
      id: `folder:${n.folder.id}`,
      number: n.exhibit,
      title: n.folder.nameEn ?? n.folder.name,
      parts: n.files.map((f) => ({ id: `file:${f.file.id}`, number: f.exhibit })),
      originals: n.files.map((f) => ({
        part: 'exhibit',
        name: f.file.name,
        tab: 'evidence',
        uploadId: f.file.originalUploadId,
      })),
      translations: withTranslation.map((f) => ({
        part: 'exhibit_translation',
        name: f.file.name,
        tab: 'evidence',
        uploadId: f.file.translationUploadId,
      })),
      translator: translatorOf(withTranslation[0]?.file.translationMode ?? null),
      group: groupOf(n.folder.criterion),
      description: n.folder.description,
    };
  });

  const letters: PlannedLetter[] = numbering.letters.flatMap(({ letter: l, number }) =>
    number === null
      ? []
      : {
          id: `letter:${l.id}`,
          number,
          recommender: l.nameEn ?? l.name,
          file: { part: 'letter', name: l.name, tab: 'reference', uploadId: l.letterUploadId },
          translation:
            l.letterTranslationUploadId === null
              ? null
              : {
                  part: 'letter_translation',
                  name: l.name,
                  tab: 'reference',
                  uploadId: l.letterTranslationUploadId,
                },
          translator: translatorOf(l.translationMode),
          jobTitle: l.jobTitleEn ?? l.jobTitle,
          independent: l.independent,
          cv:
            l.resumeUploadId === null
              ? null
              : { part: 'letter', name: l.name, tab: 'reference', uploadId: l.resumeUploadId },
          cvTranslation:
            l.resumeUploadId === null || l.resumeTranslationUploadId === null
              ? null
              : {
                  part: 'letter_translation',
                  name: l.name,
                  tab: 'reference',
                  uploadId: l.resumeTranslationUploadId,
                },
        },
  );

  const attachments: PacketItems['attachments'] = numbering.attachments.map(({ attachment: a, number }) => ({
    title: a.nameEn ?? a.name,
    number,
    file: { part: 'attachment', name: a.name, tab: 'endeavor', uploadId: a.uploadId },
    translation:
      a.translationUploadId === null
        ? null
        : { part: 'attachment_translation', name: a.name, tab: 'endeavor', uploadId: a.translationUploadId },
  }));

  return { exhibits, letters, attachments };
}
