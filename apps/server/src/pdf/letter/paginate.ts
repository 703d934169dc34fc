/**
 * Stacks VItems onto pages (decision 0004):
 * - items never split; the gap above an item is dropped at the top of a page;
 * - a `keepWithNext` item (heading line, table header row, a paragraph's first and next-to-last lines) moves to
 *   the next page with its follower, and with a chain of them: a heading keeps the first two lines of its
 *   paragraph, and no paragraph leaves its first line alone at a page's foot (orphan) or its last alone at the
 *   head of the next (widow) — decision 0066;
 * - table rows never split; a body row opening a page is preceded by copies of the table's header rows;
 * - footnotes go to the bottom of the page of the line that references them; if the line and its notes do not
 *   fit, the line moves to the next page. Only a note too tall for an empty page is continued on the next
 *   page(s) (notes referenced meanwhile queue behind it, so order is kept).
 */
import type { NoteLayout, VItem } from './layout-types.ts';

export interface Placed {
  item: VItem;
  /** PDF y (points from the bottom) of the item's top. */
  top: number;
}

export interface PageLayout {
  items: Placed[];
  notes: Placed[];
  /** PDF y of the footnote separator, when the page has notes. */
  noteTop?: number;
}

/** Space reserved above the first note of a page for the separator rule. */
export const NOTE_SEPARATOR = 10;

const EPS = 0.01;

export function paginate(
  items: readonly VItem[],
  notes: ReadonlyMap<number, NoteLayout>,
  bodyTop: number,
  bodyBottom: number,
): PageLayout[] {
  const height = bodyTop - bodyBottom;
  const pages: { body: VItem[]; bodyY: number[]; notes: VItem[]; noteH: number; used: number }[] = [];
  let page = newPage();
  const placedNotes = new Set<number>();
  let carry: VItem[] = [];

  function newPage() {
    const p = { body: [] as VItem[], bodyY: [] as number[], notes: [] as VItem[], noteH: 0, used: 0 };
    pages.push(p);
    return p;
  }
  const noteCost = (lines: readonly VItem[], hasNotes: boolean) =>
    lines.reduce((h, l) => h + l.spaceBefore + l.height, 0) +
    (hasNotes || lines.length === 0 ? 0 : NOTE_SEPARATOR);
  const fits = (body: number, noteExtra: number) => page.used + body + page.noteH + noteExtra <= height + EPS;

  function addNoteLine(line: VItem): boolean {
    const cost = noteCost([line], page.notes.length > 0);
    if (!fits(0, cost) && page.notes.length > 0) return false;
    if (!fits(0, cost) && page.body.length > 0) return false;
    page.notes.push(line);
    page.noteH += cost;
    return true;
  }
  function flushCarry() {
    while (carry.length > 0 && addNoteLine(carry[0]!)) carry.shift();
  }
  function breakPage() {
    page = newPage();
    flushCarry();
  }
  function put(item: VItem) {
    const gap = page.body.length === 0 ? 0 : item.spaceBefore;
    page.bodyY.push(page.used + gap);
    page.body.push(item);
    page.used += gap + item.height;
  }

  items.forEach((item, i) => {
    if (item.breakAfter) {
      if (page.body.length > 0) breakPage();
      return;
    }
    const fresh = item.notes.filter((n) => !placedNotes.has(n));
    const lines = fresh.flatMap((n) => notes.get(n)?.lines ?? []);
    let follow = 0;
    for (let k = i; items[k]?.keepWithNext && follow <= height; k++) {
      const next = items[k + 1];
      if (!next || next.breakAfter) break;
      follow += next.spaceBefore + next.height;
    }
    const need = (p: typeof page) => (p.body.length === 0 ? 0 : item.spaceBefore) + item.height;
    const header = item.repeatHeader ?? [];
    const headerH = (p: typeof page) => (p.body.length === 0 ? header.reduce((h, r) => h + r.height, 0) : 0);
    const pendingNotes = carry.length > 0;
    const nc = pendingNotes ? 0 : noteCost(lines, page.notes.length > 0);
    if (page.body.length > 0 && !fits(need(page) + follow + headerH(page), nc)) breakPage();
    if (page.body.length === 0) for (const h of header) put(h);
    put(item);
    for (const n of fresh) placedNotes.add(n);
    if (carry.length > 0) {
      carry.push(...lines);
      return;
    }
    for (let k = 0; k < lines.length; k++) {
      if (!addNoteLine(lines[k]!)) {
        carry = lines.slice(k);
        break;
      }
    }
  });
  while (carry.length > 0) {
    const before = carry.length;
    breakPage();
    if (carry.length === before) carry.shift(); // cannot happen (an empty page takes a line); never loop forever
  }

  while (
    pages.length > 1 &&
    pages[pages.length - 1]!.body.length === 0 &&
    pages[pages.length - 1]!.notes.length === 0
  ) {
    pages.pop(); // a page break at the very end
  }

  return pages.map((p) => {
    const items = p.body.map((item, k) => ({ item, top: bodyTop - p.bodyY[k]! }));
    if (p.notes.length === 0) return { items, notes: [] };
    const noteTop = bodyBottom + p.noteH;
    let y = noteTop - NOTE_SEPARATOR;
    const placed = p.notes.map((item, k) => {
      y -= k === 0 ? 0 : item.spaceBefore;
      const top = y;
      y -= item.height;
      return { item, top };
    });
    return { items, notes: placed, noteTop };
  });
}
