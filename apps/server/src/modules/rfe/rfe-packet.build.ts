import { randomUUID } from 'node:crypto';
import type { Locale } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rfePacket } from '../../db/schema/index.ts';
import { checkPacket, type PacketCheck } from '../../pdf/packet/check-packet.ts';
import type { PacketExhibit, PacketTranslation } from '../../pdf/packet/packet.types.ts';
import { assembleRfePacket, type RfePacketInput } from '../../pdf/packet/rfe-assemble.ts';
import { concatenatePdfs } from '../../pdf/raw/document.ts';
import type { CaseRow } from '../case/case.service.ts';
import { categoryOf } from '../case/case.service.ts';
import { PacketBuildError, PacketCheckError } from '../packet/packet.build.ts';
import type { PlannedFile } from '../packet/packet.inputs.ts';
import { planRfePacket, type RfePacketPlan, uploadBytes } from './rfe-packet.inputs.ts';

/**
 * The build of an RFE response packet (decision 0080): the plan read again (a change since the request is built,
 * a problem since it refuses), the files read, assembleRfePacket, the self-check, the file stored under a new key
 * and only then the row switched to it; the previous file is deleted after the switch.
 */

export const rfePacketKey = (customerId: number, rfeId: number) =>
  `customers/${customerId}/rfe-packets/${rfeId}-${randomUUID()}.pdf`;

function profileText(caseRow: CaseRow, keys: string[]): string {
  const p = (caseRow.profile ?? {}) as Record<string, unknown>;
  return keys
    .map((k) => (typeof p[k] === 'string' ? (p[k] as string) : ''))
    .filter(Boolean)
    .join(keys[0] === 'name.given' ? ' ' : ', ');
}

export async function loadRfePacketInput(ctx: AppContext, plan: RfePacketPlan): Promise<RfePacketInput> {
  const read = async (f: PlannedFile): Promise<Uint8Array> => {
    const u = f.uploadId === null ? undefined : plan.uploads.get(f.uploadId);
    const bytes = u ? await uploadBytes(ctx, u) : null;
    if (!bytes) throw new PacketBuildError(f.name, new Error('normalised PDF missing'));
    return bytes;
  };
  const readMany = async (files: PlannedFile[]) =>
    files.length === 1 ? read(files[0]!) : concatenatePdfs(await Promise.all(files.map(read)));
  const petitioner = profileText(plan.caseRow, ['name.given', 'name.middle', 'name.family']);
  const address = profileText(plan.caseRow, [
    'address.street',
    'address.city',
    'address.state',
    'address.zip',
  ]);
  const notice = plan.notice ? await uploadBytes(ctx, plan.notice) : null;
  if (!notice) {
    throw new PacketBuildError(translate('en', 'rfe:packet.outline_notice'), new Error('notice missing'));
  }
  const exhibits: RfePacketInput['exhibits'] = [];
  for (const e of plan.printed) {
    const p = e.planned;
    if (!p) throw new PacketBuildError(e.title, new Error('exhibit without a file'));
    const translation: PacketTranslation | undefined = p.translations.length
      ? {
          pdf: await readMany(p.translations),
          translator:
            p.translator?.kind === 'service'
              ? {
                  name: translate('en', 'packet:translator.service_name'),
                  address: translate('en', 'packet:translator.service_address'),
                }
              : { name: petitioner, address },
          fromLanguage: 'Chinese',
        }
      : undefined;
    const exhibit: PacketExhibit & { filed: boolean } = {
      id: p.id,
      number: e.numbered.number,
      title: e.title,
      original: await readMany(p.originals),
      // A file's part keeps the response's number ("Exhibit 31.2").
      parts: p.parts.map((part, i) => ({ id: part.id, number: `${e.numbered.number}.${i + 1}` })),
      filed: e.numbered.filed,
      ...(translation ? { translation } : {}),
    };
    exhibits.push(exhibit);
  }
  return {
    petitionerName: petitioner,
    category: categoryOf(plan.projectCode),
    receiptNumber: plan.receiptNumber,
    noticeDate: plan.rfe.noticeDate,
    notice,
    letter: plan.letter,
    exhibits,
    // Every filed exhibit the letter may cite by its number as mailed (those of the findings are listed), with
    // its files' numbers ("Exhibit 12.2").
    cited: [...plan.filed]
      .map(([folderId, n]) => {
        const listed = plan.cited.find((c) => c.numbered.folderId === folderId);
        const parts = plan.planned.get(folderId)?.parts ?? [];
        return {
          id: `folder:${folderId}`,
          number: n,
          title: listed?.title ?? '',
          listed: !!listed,
          parts: parts.map((p, i) => ({ id: p.id, number: `${n}.${i + 1}` })),
        };
      })
      .filter((c) => !plan.printed.some((e) => e.numbered.folderId === Number(c.id.slice(7)))),
  };
}

/** Runs one build of the RFE's response packet; returns when the row names the new file, throws otherwise. */
export async function buildRfePacket(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: RfePacketPlan['projectCode'],
  rfeId: number,
  _locale: Locale,
): Promise<{ key: string; pages: number; check: PacketCheck }> {
  const db = ctx.db.db;
  const plan = await planRfePacket(ctx, caseRow, projectCode, rfeId);
  if (plan.problems.length > 0) {
    throw new PacketBuildError('', new Error(`not ready: ${plan.problems.map((p) => p.key).join(', ')}`));
  }
  const input = await loadRfePacketInput(ctx, plan);
  let result: Awaited<ReturnType<typeof assembleRfePacket>>;
  try {
    result = await assembleRfePacket(input);
  } catch (err) {
    throw err instanceof PacketBuildError ? err : new PacketBuildError('', err);
  }
  const check = checkPacket(result.bytes, result);
  if (check.problems.length > 0) throw new PacketCheckError(check);
  const key = rfePacketKey(caseRow.customerId, rfeId);
  await ctx.storage.put(key, result.chunks, { contentType: 'application/pdf' });
  const [before] = await db.select().from(rfePacket).where(eq(rfePacket.rfeId, rfeId));
  await db
    .update(rfePacket)
    .set({
      buildState: 'idle',
      errorCode: null,
      fileKey: key,
      fileSize: result.size,
      filePages: result.pageCount,
      builtFingerprint: plan.fingerprint,
      fileCheck: { pages: check.pages, bookmarks: check.bookmarks, references: check.references },
      generatedAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(rfePacket.rfeId, rfeId));
  if (before?.fileKey && before.fileKey !== key) await ctx.storage.delete(before.fileKey).catch(() => false);
  return { key, pages: result.pageCount, check };
}
