import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { TaskErrorCode as E, type Locale, TASK_ZIP_LINK_SECONDS } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, eq, inArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context.ts';
import { serviceTask, staffUser, upload } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { documentPreview } from '../documents/preview.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { blobKey } from '../uploads/uploads.blobs.ts';
import type { ItemDraft } from './tasks.items.ts';
import { taskItems } from './tasks.service.ts';
import type { TaskRow } from './tasks.transitions.ts';

/**
 * The zip of exactly one task's materials (spec §7 get_zip_file_url): a link signed with the app secret
 * (HMAC-SHA256 over task, customer and expiry; TASK_ZIP_LINK_SECONDS), and the zip written as a stream entry by
 * entry (yazl; each file opened only when its turn comes), never built in memory.
 */

const macOf = (secret: Buffer, taskId: number, customerId: number, expires: number, by?: number) =>
  createHmac('sha256', secret)
    .update(`task-zip:${taskId}:${customerId}:${expires}${by === undefined ? '' : `:staff:${by}`}`)
    .digest('base64url');

/**
 * The signed link for `row` (the caller has checked it is theirs, or is staff). A link issued to staff names
 * them (`by`, under the signature), so its download is audited as theirs.
 */
export function zipLink(ctx: AppContext, row: TaskRow, by?: number): { url: string; expires_in: number } {
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + TASK_ZIP_LINK_SECONDS;
  const sig = macOf(ctx.authSecret, row.id, row.customerId, expires, by);
  return {
    url: `/api/customer/task/${row.id}/zip/?expires=${expires}&sig=${sig}${by === undefined ? '' : `&by=${by}`}`,
    expires_in: TASK_ZIP_LINK_SECONDS,
  };
}

/**
 * The task a signed link opens: 403 task_link_invalid for a signature that does not match (another task id, a
 * changed expiry), 410 task_link_expired once past its time, 404 when the task is gone.
 */
export async function taskOfZipLink(
  ctx: AppContext,
  id: number,
  q: { expires: number; sig: string; by?: number | undefined },
): Promise<TaskRow> {
  const [row] = await ctx.db.db.select().from(serviceTask).where(eq(serviceTask.id, id));
  if (!row) throw notFound();
  const want = Buffer.from(macOf(ctx.authSecret, row.id, row.customerId, q.expires, q.by));
  const got = Buffer.from(q.sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw errorOf(403, E.linkInvalid);
  if (q.expires * 1000 <= ctx.clock.now().getTime()) throw errorOf(410, E.linkExpired);
  return row;
}

const FOLDER: Record<ItemDraft['kind'], string> = {
  petition_letter: 'petition',
  us_plan: 'plan',
  plan_attachment: 'plan',
  evidence_file: 'evidence',
  letter: 'letters',
  resume: 'letters',
};

/** A name safe in every unzip tool: no separators, no control characters, bounded. */
const safe = (s: string) =>
  s
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 80) || 'file';
/** A customer's title as the start of an entry's name: what looks like an extension at its end is defused. */
const titleOf = (s: string) => safe(s).replace(/\.(?=[A-Za-z0-9]{1,5}$)/, '_');

export interface ZipEntry {
  path: string;
  open: () => Promise<Readable>;
}

export interface TaskZip {
  entries: ZipEntry[];
  /** How many covered files have no checked PDF (named in README.txt). */
  leftOut: number;
}

/** The entry listing what the zip leaves out, in both languages (a link opened in a browser sends no Language). */
export const README = 'README.txt';

interface LeftOut {
  n: string;
  name: string;
  why: 'checking' | 'refused' | 'removed';
  refusal?: { zh: string; en: string };
}

function readme(left: readonly LeftOut[]): ZipEntry {
  const text = (['zh', 'en'] as const)
    .map((l) =>
      [
        translate(l, 'tasks:zip.readme'),
        ...left.map((x) =>
          translate(l, `tasks:zip.${x.why}`, { n: x.n, name: x.name, reason: x.refusal?.[l] ?? '' }),
        ),
      ].join('\r\n'),
    )
    .join('\r\n\r\n');
  return { path: README, open: async () => Readable.from([Buffer.from(`${text}\r\n`, 'utf8')]) };
}

/**
 * The entries of a task's zip, in the task's order (numbered so they sort as on screen). Every file is the PDF
 * the upload check produced (images re-encoded, active content gone) named `<n>-<title>.pdf`, never the
 * customer's bytes under the customer's name (issue 27 item 3; decision 0050); a file without that PDF (still
 * being checked, refused, removed) is named in README.txt instead.
 */
export async function zipEntries(ctx: AppContext, row: TaskRow, locale: Locale): Promise<TaskZip> {
  const items = await taskItems(ctx.db.db, row);
  const ids = items.map((i) => i.uploadId).filter((x): x is number => x !== null);
  const uploads = ids.length
    ? await ctx.db.db
        .select()
        .from(upload)
        .where(and(eq(upload.customerId, row.customerId), inArray(upload.id, ids)))
    : [];
  const byId = new Map(uploads.map((u) => [u.id, u]));
  const entries: ZipEntry[] = [];
  const left: LeftOut[] = [];
  items.forEach((item, i) => {
    const n = String(i + 1).padStart(3, '0');
    const dir = FOLDER[item.kind];
    if (item.kind === 'petition_letter' || item.kind === 'us_plan') {
      const kind = item.kind;
      entries.push({
        path: `${dir}/${n}-${kind === 'petition_letter' ? 'petition-letter' : 'us-plan'}.pdf`,
        open: async () =>
          Readable.from([Buffer.from(await documentPreview(ctx.db.db, row.caseId, kind, locale))]),
      });
      return;
    }
    const u = item.uploadId === null ? undefined : byId.get(item.uploadId);
    const pdf = u?.status === 'ready' ? u.pdfSha256 : null;
    if (!u || !pdf) {
      const why = !u ? 'removed' : u.status === 'refused' ? 'refused' : 'checking';
      const refusal = u && why === 'refused' ? { zh: u.refusalZh ?? '', en: u.refusalEn ?? '' } : undefined;
      left.push({ n, name: item.name.replace(/\p{Cc}+/gu, ' '), why, ...(refusal ? { refusal } : {}) });
      return;
    }
    const suffix = item.kind === 'letter' ? '-letter' : item.kind === 'resume' ? '-resume' : '';
    entries.push({
      path: `${dir}/${n}-${titleOf(item.name)}${suffix}.pdf`,
      open: async () => (await ctx.storage.get(blobKey(u.customerId, pdf))).stream,
    });
  });
  if (left.length) entries.push(readme(left));
  return { entries, leftOut: left.length };
}

/**
 * The download of a link issued to staff, audited as their read before the zip is sent (issue 27 item 11;
 * decision 0050). 403 task_link_invalid once the account is disabled or gone: the link dies with it.
 */
export async function auditZipDownload(
  ctx: AppContext,
  opts: { row: TaskRow; by: number; ip: string; zip: TaskZip },
): Promise<void> {
  const [s] = await ctx.db.db
    .select({ username: staffUser.username, disabledAt: staffUser.disabledAt })
    .from(staffUser)
    .where(eq(staffUser.id, opts.by));
  if (!s || s.disabledAt) throw errorOf(403, E.linkInvalid);
  await recordAudit(
    ctx,
    ctx.db.db,
    { staffId: opts.by, actor: s.username, ip: opts.ip },
    {
      action: 'task.zip_download',
      targetType: 'service_task',
      targetId: opts.row.id,
      detail: {
        customer_id: opts.row.customerId,
        files: opts.zip.entries.length - (opts.zip.leftOut ? 1 : 0),
        left_out: opts.zip.leftOut,
      },
    },
  );
}

/** The zip as a stream: each entry's bytes are read from storage when the zip writer reaches it. */
export function zipStream(
  entries: readonly ZipEntry[],
  onError: (err: unknown) => void,
): NodeJS.ReadableStream {
  const zip = new ZipFile();
  for (const e of entries) {
    zip.addReadStreamLazy(e.path, { compress: !e.path.endsWith('.pdf') }, (cb) => {
      e.open().then(
        (s) => cb(null, s),
        (err) => {
          onError(err);
          cb(err, Readable.from([]));
        },
      );
    });
  }
  zip.end();
  return zip.outputStream;
}
