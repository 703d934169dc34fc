import { SizedLru } from '../../cache/sized-lru.ts';
import type { AppContext } from '../../context.ts';
import { clearFontSubsets } from '../../pdf/fonts/cid-font.ts';
import type { LaidOutLetter } from '../../pdf/letter/render-letter.ts';
import type { Rect } from '../../pdf/packet/content-bbox.ts';
import type { LayoutCache, MarksCache } from '../../pdf/packet/packet.types.ts';
import { asMarks, decodeMarks } from '../../pdf/packet/page-marks.ts';
import { marksKey } from '../uploads/uploads.blobs.ts';

/**
 * What builds in this process read and will read again, for "Generate again" (decision 0044): the inputs' bytes
 * (content-addressed: a blob never changes) and what the uploads' check recorded beside them. Bounded; the
 * benchmark's full build empties them (`clearBuildMemory`).
 */
export const inputBytes = new SizedLru<Uint8Array>(64 * 1024 * 1024);
const recordedMarks = new SizedLru<Rect[][]>(500_000);
/**
 * Laid-out letters by their stored object's key (content-addressed: the key names the document and the numbering),
 * so "Generate again" does not read and parse an unchanged letter's layout back (~12 ms for the bench's plan).
 * Sized by their JSON's length. Read-only to the build (the renderer never writes to a laid-out letter).
 */
const laidOutLetters = new SizedLru<LaidOutLetter>(32 * 1024 * 1024);

export function clearBuildMemory(): void {
  clearFontSubsets();
  inputBytes.clear();
  recordedMarks.clear();
  laidOutLetters.clear();
}

/**
 * What one build keeps for the next (decisions 0027, 0043, 0044), under `customers/<id>/packet-cache/`: filled
 * forms per data version, rendered letters per document and numbering, what each part paints. Every object the
 * build uses is listed (`used`, the row's `cache_keys`; the rest is deleted after the switch). A new object is
 * written in the background as soon as it is made (each write waits for the disk; the build does not wait with
 * it), and `flush` waits for them all before the row switches. A write that failed costs the next build a
 * recomputation, nothing else: every object read back is checked, and one that does not parse counts as absent.
 */
export class PacketCache {
  readonly used = new Set<string>();
  private readonly pending = new Map<string, { body: Uint8Array; done: Promise<unknown> }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly customerId: number,
  ) {}

  key(name: string): string {
    return `customers/${this.customerId}/packet-cache/${name}`;
  }

  async read(name: string): Promise<Uint8Array | null> {
    const key = this.key(name);
    this.used.add(key);
    return this.pending.get(key)?.body ?? this.ctx.storage.read(key);
  }

  write(name: string, body: Uint8Array, contentType: string): void {
    const key = this.key(name);
    this.used.add(key);
    const done = this.ctx.storage.put(key, body, { contentType }).catch((err: unknown) => {
      this.ctx.logger.warn({ err, key }, 'packet cache object not written');
    });
    this.pending.set(key, { body, done });
  }

  /** Waits for the writes started so far. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.values()].map((w) => w.done));
  }

  /** Laid-out letters, keyed by document + numbering (assemblePacket's `layoutCache`). */
  layoutCache(): LayoutCache {
    return async (key, layout) => {
      const name = `letter-${key}.json`;
      const kept = laidOutLetters.get(this.key(name));
      // Still listed as used: the stored object outlives this build for the next process.
      if (kept) {
        this.used.add(this.key(name));
        return kept;
      }
      const stored = await this.read(name);
      if (stored) {
        try {
          const letter = JSON.parse(Buffer.from(stored).toString('utf8')) as LaidOutLetter;
          if (Array.isArray(letter.pages) && Array.isArray(letter.chrome) && letter.pages.length > 0) {
            laidOutLetters.set(this.key(name), letter, stored.byteLength);
            return letter;
          }
        } catch {
          // laid out again below
        }
      }
      const letter = layout();
      const body = Buffer.from(JSON.stringify(letter));
      this.write(name, body, 'application/json');
      laidOutLetters.set(this.key(name), letter, body.byteLength);
      return letter;
    };
  }

  /**
   * What the case's inputs paint, page by page (assemblePacket's `marksCache`): what the upload check recorded
   * beside each normalised PDF (uploads.blobs.ts `marksKey`), and one object per case for the rest (filled forms,
   * letters, uploads older than that record): at most one write per build. Anything that does not parse, or has
   * the wrong shape, is read as absent (those pages are read again).
   */
  marksCache(caseId: number, uploadShas: string[]): MarksCache {
    const name = `marks-${caseId}.json`;
    const recorded = new Set<string>();
    return {
      load: async () => {
        const marks = new Map<string, Rect[][]>();
        const beside = await Promise.all(
          uploadShas.map(async (sha) => {
            const key = marksKey(this.customerId, sha);
            const known = recordedMarks.get(key);
            if (known) return [sha, known] as const;
            const bytes = await this.ctx.storage.read(key).catch(() => null);
            const read = bytes ? decodeMarks(bytes) : undefined;
            if (read)
              recordedMarks.set(
                key,
                read,
                read.reduce((n, p) => n + p.length, 0),
              );
            return [sha, read] as const;
          }),
        );
        for (const [sha, pages] of beside) {
          if (!pages) continue;
          marks.set(sha, pages);
          recorded.add(sha);
        }
        const bytes = await this.read(name);
        let parsed: unknown;
        try {
          parsed = bytes ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined;
        } catch {
          parsed = undefined;
        }
        if (!parsed || typeof parsed !== 'object') return marks;
        for (const [sha, pages] of Object.entries(parsed)) {
          if (marks.has(sha)) continue;
          const valid = asMarks(pages);
          if (valid) marks.set(sha, valid);
        }
        return marks;
      },
      save: async (marks) => {
        // What the uploads have beside them is not kept twice.
        const own = [...marks].filter(([sha]) => !recorded.has(sha));
        this.write(name, Buffer.from(JSON.stringify(Object.fromEntries(own))), 'application/json');
      },
    };
  }
}
