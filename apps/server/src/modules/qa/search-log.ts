import type { AppContext } from '../../context.ts';
import { qaSearch } from '../../db/schema/index.ts';

/** A batch is written at this many records, or this long after its first record, whichever comes first. */
const BATCH_SIZE = 100;
const BATCH_MS = 500;

/** One visitor's search of a keyword on a day (qa_search; decision 0052). */
export type SearchRecord = { keyword: string; day: string; visitor: string; searchedAt: Date };

/**
 * The keyword searches behind the hot keywords (decision 0041), written in batches instead of one INSERT per
 * search: a search answers after one statement, not two. A visitor's keyword counts once a day (decision 0052):
 * a repeat in the batch is dropped here, one already stored is skipped by the insert (ON CONFLICT DO NOTHING on
 * keyword, day, visitor). The readers of this process (the hot keywords, the staff keyword list) flush first,
 * so they see every search made here; another process's searches appear within BATCH_MS. What a crash loses is
 * at most BATCH_MS of search counts, never a user's data. The app's close writes what is pending.
 */
export class SearchLog {
  private pending = new Map<string, SearchRecord>();
  private timer: NodeJS.Timeout | null = null;
  private written: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  record(r: SearchRecord): void {
    const key = `${r.day}\n${r.visitor}\n${r.keyword}`;
    if (!this.pending.has(key)) this.pending.set(key, r);
    if (this.pending.size >= BATCH_SIZE) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), BATCH_MS).unref();
  }

  /** Writes what is pending; resolves once every record taken so far is stored (or its failure logged). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.values()];
    this.pending.clear();
    if (batch.length === 0) return this.written;
    this.written = this.written.then(() => this.write(batch));
    return this.written;
  }

  /**
   * The batch in one INSERT. If the database refused a value in it (SQLSTATE class 22, data exception), row by
   * row, so one bad record costs only itself; any other failure (the database unreachable) is logged at once,
   * never retried record by record, so a reader waiting on the flush is not held for a timeout per record.
   */
  private async write(batch: SearchRecord[]): Promise<void> {
    const db = this.ctx.db.db;
    try {
      await db.insert(qaSearch).values(batch).onConflictDoNothing();
      return;
    } catch (err) {
      if (!sqlState(err)?.startsWith('22')) {
        this.ctx.logger.warn({ err, lost: batch.length }, 'Q&A search records not written');
        return;
      }
    }
    let lost = 0;
    for (const record of batch) {
      await db
        .insert(qaSearch)
        .values(record)
        .onConflictDoNothing()
        .catch(() => {
          lost += 1;
        });
    }
    if (lost > 0) this.ctx.logger.warn({ lost }, 'Q&A search records not written');
  }
}

const sqlState = (e: unknown): string | undefined =>
  (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;

const logs = new WeakMap<AppContext, SearchLog>();

/** The search log of this app (one per context). */
export function searchLog(ctx: AppContext): SearchLog {
  let log = logs.get(ctx);
  if (!log) {
    log = new SearchLog(ctx);
    logs.set(ctx, log);
  }
  return log;
}
