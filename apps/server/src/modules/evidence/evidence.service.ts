import type { Criterion, Locale, ProjectCode, TEvidenceFile, TEvidencePage } from '@dossier/contract';
import type { Db } from '../../db/client.ts';
import type { CaseRow } from '../case/case.service.ts';
import type { NumberedFolder } from '../numbering/case-numbering.ts';
import { numberCase } from '../numbering/case-numbering.ts';
import { loadCaseRows } from '../numbering/numbering.load.ts';
import { criteriaState } from './criteria.service.ts';
import { fileRefs, refOf } from './evidence-rules.ts';

type NumberedFile = NumberedFolder['files'][number];

function fileView(n: NumberedFile, refs: Awaited<ReturnType<typeof fileRefs>>): TEvidenceFile {
  const f = n.file;
  return {
    id: f.id,
    folder_id: f.folderId,
    name: f.name,
    name_en: f.nameEn,
    web_link: f.webLink,
    needs_translation: f.needsTranslation,
    translation_mode: f.translationMode as TEvidenceFile['translation_mode'],
    original: refOf(refs, f.originalUploadId)!,
    translation: refOf(refs, f.translationUploadId),
    order: n.order,
    exhibit: n.exhibit,
    updated_at: f.updatedAt.toISOString(),
  };
}

/** `GET …/evidence/`: criteria, the exhibit order, then every folder in exhibit order with its files. */
export async function evidencePage(
  db: Db,
  opts: { customerId: number; caseRow: CaseRow; projectCode: ProjectCode; locale: Locale },
): Promise<TEvidencePage> {
  const rows = await loadCaseRows(db, opts.caseRow.id);
  const { claim } = rows;
  const criteria = await criteriaState(db, { ...opts, claim });
  const numbered = numberCase(rows).folders;
  const refs = await fileRefs(
    db,
    opts.customerId,
    numbered.flatMap((n) => n.files.flatMap((f) => [f.file.originalUploadId, f.file.translationUploadId])),
    opts.locale,
  );
  return {
    criteria,
    exhibit_order: {
      mode: rows.orderSetting.mode,
      ids: rows.orderSetting.sequence.filter((id) => rows.folders.some((f) => f.id === id)),
      version: rows.orderSetting.version,
    },
    folders: numbered.map((n) => ({
      id: n.folder.id,
      criterion: n.folder.criterion as Criterion,
      name: n.folder.name,
      name_en: n.folder.nameEn,
      description: n.folder.description,
      kind: n.folder.kind,
      evidence_date: n.folder.evidenceDate,
      order: n.order,
      exhibit: n.exhibit,
      files: n.files.map((f) => fileView(f, refs)),
      updated_at: n.folder.updatedAt.toISOString(),
    })),
    template_available: claim.claimed.length > 0,
  };
}
