import {
  BACKGROUND,
  EB1A_CATEGORIES,
  EXHIBIT_ORDER_MODES,
  pinnedLabel,
  type TLetterDocument,
} from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { type LayoutEnv, layoutDocument } from '../../pdf/letter/layout.ts';
import { packetReferences } from '../../pdf/packet/assemble-packet.ts';
import { exhibitListDoc } from '../../pdf/packet/exhibit-list.ts';
import type { PacketInput } from '../../pdf/packet/packet.types.ts';
import { tabAndCertificatePagesDoc } from '../../pdf/packet/packet-documents.ts';
import { numberingOf } from '../documents/numbering.ts';
import { previewResolver, referenceTargetsOf } from '../documents/preview.ts';
import { referencesIn } from '../documents/reference-walk.ts';
import { exhibitsOf } from '../evidence/exhibits.ts';
import { packetItemsOf } from '../packet/packet.items.ts';
import {
  type AttachmentRow,
  type FileRow,
  type FolderRow,
  type LetterRow,
  type NumberingRows,
  numberCase,
} from './case-numbering.ts';
import { unresolvedReferences } from './unresolved.ts';

/**
 * Issue 28 item 2, the numbering property: for random cases (folders with and without files, reorders, deletions,
 * letters with and without their file, plan attachments, every exhibit order) every output shows the same number
 * for every reference — the editor's chips (numberingOf), the picker (reference_targets), the exhibits route
 * (comparison catalogue), the letter preview's resolver, and the packet's (references, tabs, exhibit list) — and a
 * reference that has no number is unresolved in all of them and named by the checklist. Seeded, so a failure
 * replays: the seed is in the test name.
 */

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  const shuffle = <T>(xs: readonly T[]) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { next, int, pick, shuffle, chance: (p: number) => next() < p };
}

const at = new Date('2026-11-28T00:00:00Z');

interface RandomCase {
  rows: NumberingRows;
  /** The petition letter and the plan, citing live, pending and deleted targets. */
  petition: TLetterDocument;
  plan: TLetterDocument;
}

function randomCase(seed: number): RandomCase {
  const r = prng(seed);
  let id = 1000;
  const claimed = r.shuffle(EB1A_CATEGORIES).slice(0, r.int(5));
  const groups = [BACKGROUND, ...claimed, ...(r.chance(0.2) ? ['awards'] : [])];
  const folders: FolderRow[] = [];
  const files: FileRow[] = [];
  for (let i = r.int(14); i > 0; i--) {
    const folder = {
      id: ++id,
      caseId: 1,
      criterion: r.pick(groups),
      name: `证据 ${id}`,
      nameEn: r.chance(0.5) ? `Evidence ${id}` : null,
      description: null,
      kind: null,
      evidenceDate: null,
      // Reorders leave gaps and, after a race, equal positions: the id decides a tie.
      sortOrder: r.int(6),
      createdAt: at,
      updatedAt: at,
    } satisfies FolderRow;
    folders.push(folder);
    for (let j = r.chance(0.3) ? 0 : 1 + r.int(3); j > 0; j--) {
      files.push({
        id: ++id,
        caseId: 1,
        folderId: folder.id,
        name: `文件 ${id}`,
        nameEn: r.chance(0.5) ? `File ${id}` : null,
        webLink: null,
        needsTranslation: false,
        translationMode: null,
        originalUploadId: id,
        translationUploadId: r.chance(0.3) ? id + 50_000 : null,
        sortOrder: r.int(4),
        createdAt: at,
        updatedAt: at,
      } satisfies FileRow);
    }
  }
  const letters: LetterRow[] = [];
  for (let i = r.int(6); i > 0; i--) {
    letters.push({
      id: ++id,
      caseId: 1,
      name: `推荐人 ${id}`,
      jobTitle: '教授',
      nameEn: r.chance(0.5) ? `Recommender ${id}` : null,
      jobTitleEn: null,
      needsTranslation: false,
      translationMode: null,
      letterUploadId: r.chance(0.7) ? id : null,
      letterTranslationUploadId: null,
      resumeUploadId: null,
      resumeTranslationUploadId: null,
      status: 'drafting',
      independent: false,
      relation: null,
      coauthored: false,
      sortOrder: r.int(5),
      createdAt: at,
      updatedAt: at,
    } satisfies LetterRow);
  }
  const attachments: AttachmentRow[] = [];
  for (let i = r.int(4); i > 0; i--) {
    attachments.push({
      id: ++id,
      caseId: 1,
      name: `附件 ${id}`,
      nameEn: null,
      needsTranslation: false,
      translationMode: null,
      uploadId: id,
      translationUploadId: null,
      sortOrder: r.int(3),
      createdAt: at,
      updatedAt: at,
    } satisfies AttachmentRow);
  }
  // References are written first, then some targets deleted (a folder with its files, a file, a letter).
  const targetIds = [
    ...folders.map((f) => `folder:${f.id}`),
    ...files.map((f) => `file:${f.id}`),
    ...letters.map((l) => `letter:${l.id}`),
  ];
  const refNode = (refId: string) => {
    // A third pin pages (decision 0073): one page or a range, of the exhibit as stamped.
    const from = 1 + r.int(40);
    const pages = r.chance(0.33) ? { from, to: r.chance(0.5) ? from : from + 1 + r.int(30) } : undefined;
    return {
      type: 'reference' as const,
      attrs: {
        // Now and then the wrong kind for the id (a hand-edited or imported document).
        kind: (refId.startsWith('letter:') !== r.chance(0.05) ? 'letter' : 'exhibit') as 'letter' | 'exhibit',
        id: refId,
        ...(pages ? { pages, pinned_pages: pages.to + r.int(5) } : {}),
      },
    };
  };
  const doc = (): TLetterDocument => ({
    type: 'doc',
    content: Array.from({ length: 1 + r.int(6) }, (_, p) => ({
      type: 'paragraph' as const,
      content: [
        { type: 'text' as const, text: `Paragraph ${p + 1} argues the case, see ` },
        ...(targetIds.length ? Array.from({ length: r.int(4) }, () => refNode(r.pick(targetIds))) : []),
      ],
    })),
  });
  const petition = doc();
  const plan = doc();
  const deletedFolders = new Set(folders.filter(() => r.chance(0.1)).map((f) => f.id));
  const keptFiles = files.filter((f) => !deletedFolders.has(f.folderId) && !r.chance(0.1));
  const keptLetters = letters.filter(() => !r.chance(0.1));
  const keptFolders = folders.filter((f) => !deletedFolders.has(f.id));
  const mode = r.pick(EXHIBIT_ORDER_MODES);
  // A custom sequence as last saved: some folders, some since deleted; folders added later are not in it.
  const sequence = r.shuffle(folders.map((f) => f.id)).filter(() => r.chance(0.8));
  return {
    // The database answers rows in any order: the numbering must not depend on it.
    rows: {
      claimed,
      folders: r.shuffle(keptFolders),
      files: r.shuffle(keptFiles),
      letters: r.shuffle(keptLetters),
      attachments: r.shuffle(attachments),
      order: { mode, sequence },
      petitionLetter: petition,
    },
    petition,
    plan,
  };
}

/** The packet's input as the build makes it (packet.build.ts), without the bytes. */
function packetInputOf(rows: NumberingRows): Pick<PacketInput, 'exhibits' | 'letters' | 'plan'> {
  const items = packetItemsOf(numberCase(rows));
  const pdf = new Uint8Array();
  return {
    exhibits: items.exhibits.map((e) => ({
      id: e.id,
      number: e.number,
      title: e.title,
      parts: e.parts,
      original: pdf,
      ...(e.group ? { group: e.group } : {}),
    })),
    letters: items.letters.map((l) => ({ id: l.id, number: l.number, recommender: l.recommender, pdf })),
    plan: {
      doc: { type: 'doc', content: [] },
      attachments: items.attachments.map((a) => ({ title: a.title, number: a.number, pdf })),
    },
  };
}

const SEEDS = Array.from({ length: 300 }, (_, i) => 20261128 + i * 7919);

describe('one numbering: every output shows the same number for every reference (property)', () => {
  it.each(SEEDS)('seed %i', (seed) => {
    const c = randomCase(seed);
    const n = numberCase(c.rows);

    // Numbers: 1…K over the folders with a file, in exhibit order; N.1…N.m over their files; letters 1…L over
    // those with their signed letter; nothing else has a number.
    expect(n.exhibits.map((e) => e.exhibit)).toEqual(n.exhibits.map((_, i) => i + 1));
    for (const f of n.folders) {
      const hasFiles = c.rows.files.some((x) => x.folderId === f.folder.id);
      expect(f.exhibit === null).toBe(!hasFiles);
      expect(f.files.map((x) => x.exhibit)).toEqual(f.files.map((_, j) => `${f.exhibit}.${j + 1}`));
    }
    const lettersWithFile = n.letters.filter((l) => l.letter.letterUploadId !== null);
    expect(lettersWithFile.map((l) => l.number)).toEqual(lettersWithFile.map((_, i) => i + 1));
    expect(n.leftOut.map((x) => x.id).sort()).toEqual(
      [
        ...n.folders.filter((f) => f.exhibit === null).map((f) => `folder:${f.folder.id}`),
        ...n.letters.filter((l) => l.number === null).map((l) => `letter:${l.letter.id}`),
      ].sort(),
    );

    // The order: background first by default; a custom sequence is followed; first cited come first.
    const numbered = n.exhibits.map((e) => e.folder);
    if (c.rows.order.mode === 'criterion' && numbered.some((f) => f.criterion === BACKGROUND)) {
      const lastBackground = numbered.map((f) => f.criterion).lastIndexOf(BACKGROUND);
      expect(numbered.slice(0, lastBackground + 1).every((f) => f.criterion === BACKGROUND)).toBe(true);
    }
    if (c.rows.order.mode === 'custom') {
      const listed = numbered.filter((f) => c.rows.order.sequence.includes(f.id)).map((f) => f.id);
      expect(listed).toEqual(c.rows.order.sequence.filter((id) => listed.includes(id)));
      expect(numbered.slice(0, listed.length).map((f) => f.id)).toEqual(listed);
    }
    if (c.rows.order.mode === 'first_cited') {
      const cited: number[] = [];
      for (const ref of referencesIn(c.petition)) {
        const [prefix, raw] = ref.id.split(':');
        const folderId =
          prefix === 'folder' ? Number(raw) : c.rows.files.find((f) => `file:${f.id}` === ref.id)?.folderId;
        const folder = numbered.find((f) => f.id === folderId);
        if (folder && !cited.includes(folder.id)) cited.push(folder.id);
      }
      expect(numbered.slice(0, cited.length).map((f) => f.id)).toEqual(cited);
    }

    // Every output, for every reference of both documents.
    const picker = referenceTargetsOf(n);
    const pickerLabel = new Map<string, { label: string; pending: boolean }>();
    for (const e of picker.exhibits) {
      pickerLabel.set(e.id, e);
      for (const f of e.files) pickerLabel.set(f.id, { label: f.label, pending: false });
    }
    for (const l of picker.letters) pickerLabel.set(l.id, l);
    const route = exhibitsOf(n);
    const routeLabel = new Map<string, string | null>();
    for (const f of route.folders) {
      routeLabel.set(`folder:${f.folder_id}`, f.exhibit === null ? null : `Exhibit ${f.exhibit}`);
      for (const x of f.files) routeLabel.set(`file:${x.file_id}`, `Exhibit ${x.exhibit}`);
    }
    for (const l of route.letters)
      routeLabel.set(`letter:${l.letter_id}`, l.number === null ? null : `Recommendation Letter ${l.number}`);
    const preview = { en: previewResolver(n, 'en'), zh: previewResolver(n, 'zh') };
    const input = packetInputOf(c.rows);
    const packet = packetReferences(input);
    const unresolved = [
      ...unresolvedReferences('petition_letter', c.petition, n.targets),
      ...unresolvedReferences('us_plan', c.plan, n.targets),
    ];

    for (const doc of [c.petition, c.plan]) {
      for (const ref of referencesIn(doc)) {
        // One reference at a time: a document may cite one id with two kinds (hand-edited, imported).
        const one: TLetterDocument = {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'reference', attrs: ref }] }],
        };
        const unpinned = numberingOf(one, n.targets)[ref.id]!;
        // The editor's chip prints the numbering's label through the contract's pinnedLabel (editor-nodes.ts).
        const chip =
          unpinned.status === 'ok'
            ? { ...unpinned, label: pinnedLabel(unpinned.label, ref.pages) }
            : unpinned;
        const printed = packet.resolveReference(ref.kind, ref.id, ref.pages)?.label;
        const shown = {
          en: preview.en(ref.kind, ref.id, ref.pages),
          zh: preview.zh(ref.kind, ref.id, ref.pages),
        };
        // The PDFs (previews, comparison, packet) lay the reference out from the node itself, pin and all.
        const laidOut = (resolveReference: LayoutEnv['resolveReference']) =>
          layoutDocument(one, { locale: 'en', resolveReference, contentLeft: 72, contentWidth: 468 })
            .items.flatMap((i) => i.ops)
            .flatMap((o) => (o.kind === 'text' && o.link ? [o.text] : []))
            .join('');
        const flagged = unresolved.some((u) => u.referenceId === ref.id && u.kind === ref.kind);
        const kindMatches = ref.id.startsWith('letter:') === (ref.kind === 'letter');
        if (chip.status === 'ok') {
          expect(printed, ref.id).toBe(chip.label);
          if (ref.pages) {
            expect(chip.label, ref.id).toMatch(/, pp?\. \d+(\u2013\d+)?$/);
            expect(laidOut(packet.resolveReference), ref.id).toBe(chip.label);
            expect(laidOut(preview.zh), ref.id).toBe(chip.label);
          }
          expect(shown.en, ref.id).toEqual({ label: chip.label });
          expect(shown.zh, ref.id).toEqual({ label: chip.label });
          // The picker and the exhibits route name the target, not a reference: no pin.
          const bare = unpinned.status === 'ok' ? unpinned.label : undefined;
          expect(pickerLabel.get(ref.id), ref.id).toMatchObject({ label: bare, pending: false });
          expect(routeLabel.get(ref.id), ref.id).toBe(bare);
          expect(flagged, ref.id).toBe(false);
        } else {
          // No number anywhere: not in the packet, a named placeholder (pending) or the deleted note in the
          // previews, and the checklist names it.
          expect(printed, ref.id).toBeUndefined();
          expect(flagged, ref.id).toBe(true);
          if (chip.status === 'pending') {
            expect(kindMatches).toBe(true);
            expect(shown.en?.pending, ref.id).toBe(true);
            expect(shown.en?.label).toContain(chip.name);
            expect(pickerLabel.get(ref.id), ref.id).toMatchObject({ label: '', pending: true });
            expect(routeLabel.get(ref.id), ref.id).toBeNull();
          } else {
            expect(shown.en, ref.id).toBeUndefined();
            if (kindMatches) expect(routeLabel.has(ref.id) && routeLabel.get(ref.id) !== null).toBe(false);
          }
        }
      }
    }

    // The packet's tab pages and exhibit list carry the same numbers, in the same order.
    const tabs = tabAndCertificatePagesDoc(input);
    const tabTitles = (tabs.doc.content as Array<{ type: string; content?: Array<{ text?: string }> }>)
      .filter((b) => b.type === 'heading' && /^EXHIBIT /.test(b.content?.[0]?.text ?? ''))
      .map((b) => b.content![0]!.text);
    expect(tabTitles).toEqual(n.exhibits.map((e) => `EXHIBIT ${e.exhibit}`));
    // The list groups exhibits by criterion (in the order the groups first appear, numbers ascending within
    // one): every exhibit once, then every letter in its order.
    const list = exhibitListDoc(input, () => ({ first: 1, last: 1 }));
    const listed = referencesIn(list).map((ref) => packet.resolveReference(ref.kind, ref.id)?.label ?? '');
    const exhibitLabels = listed.filter((l) => l.startsWith('Exhibit '));
    const number = (l: string) => Number(l.slice('Exhibit '.length));
    expect([...exhibitLabels].sort((a, b) => number(a) - number(b))).toEqual(
      n.exhibits.map((e) => `Exhibit ${e.exhibit}`),
    );
    const criterionOf = new Map(n.exhibits.map((e) => [`Exhibit ${e.exhibit}`, e.folder.criterion]));
    const runs = exhibitLabels.map((l) => criterionOf.get(l)).filter((c, i, a) => i === 0 || a[i - 1] !== c);
    expect(new Set(runs).size).toBe(runs.length);
    expect(listed.slice(exhibitLabels.length)).toEqual(
      input.letters.map((l) => `Recommendation Letter ${l.number}`),
    );
    expect(input.plan.attachments.map((a) => a.number)).toEqual(input.plan.attachments.map((_, i) => i + 1));

    // The rows' order as read does not matter.
    const again = numberCase({
      ...c.rows,
      folders: [...c.rows.folders].reverse(),
      files: [...c.rows.files].reverse(),
      letters: [...c.rows.letters].reverse(),
    });
    expect([...again.targets]).toEqual([...n.targets]);
  });
});
