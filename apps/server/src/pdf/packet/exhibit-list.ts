import { translate } from '@dossier/i18n';
import { type LaidOutLetter, layoutLetter, type RenderLetterOptions } from '../letter/render-letter.ts';
import { doc, heading, para, text } from './doc-builders.ts';
import type { ExhibitGroup, LetterDoc, PacketExhibit, PacketLetter } from './packet.types.ts';

/** Where an item of the list is in the packet: its first and last page ("Page X of Y" numbers). */
export interface ListRange {
  first: number;
  last: number;
}

const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);
const italic = [{ type: 'italic' as const }];

/** "p. 12" or "pp. 12–15"; "…" while the list's own length is not known yet. */
const pagesText = (r: ListRange | undefined) =>
  !r
    ? '…'
    : r.first === r.last
      ? en('list_page', { page: r.first })
      : en('list_pages', { first: r.first, last: r.last });

/**
 * Exhibits grouped as counsel groups them (issue 30 item 2, decision 0068): under each criterion (or the
 * background group) with its regulation, in the order the groups first appear in the exhibit numbering; within a
 * group, in number order. An exhibit without a group (an input built before groups) goes under no heading.
 */
export function exhibitGroups(
  exhibits: ReadonlyArray<Pick<PacketExhibit, 'id' | 'group'>>,
): Array<{ group: ExhibitGroup | undefined; ids: string[] }> {
  const groups = new Map<string, { group: ExhibitGroup | undefined; ids: string[] }>();
  for (const e of exhibits) {
    const key = e.group?.key ?? '';
    const g = groups.get(key) ?? { group: e.group, ids: [] };
    g.ids.push(e.id);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/**
 * The exhibit list: a heading per criterion with its citation; each exhibit's line is its reference (the
 * renderer reports its rectangle: a link to the exhibit's first page), its title and its pages, then its one-line
 * description and whether a certified translation follows. The recommendation letters follow under their own
 * heading, listed the same way (recommender, title, relation; the CV and translations that follow).
 */
export function exhibitListDoc(
  input: {
    exhibits: ReadonlyArray<Pick<PacketExhibit, 'id' | 'title' | 'group' | 'description' | 'translation'>>;
    letters: ReadonlyArray<
      Pick<PacketLetter, 'id' | 'recommender' | 'jobTitle' | 'independent' | 'translation' | 'cv'>
    >;
  },
  rangeOf: (kind: 'exhibit' | 'letter', id: string) => ListRange | undefined,
): LetterDoc {
  const byId = new Map(input.exhibits.map((e) => [e.id, e]));
  const content: unknown[] = [heading(1, en('exhibit_list_title'))];
  for (const { group, ids } of exhibitGroups(input.exhibits)) {
    if (group) content.push(heading(2, en('list_group', { title: group.title, citation: group.citation })));
    for (const id of ids) {
      const e = byId.get(id)!;
      content.push(
        para(
          { type: 'reference', attrs: { kind: 'exhibit', id } },
          text(`: ${en('list_entry', { title: e.title, pages: pagesText(rangeOf('exhibit', id)) })}`),
        ),
      );
      const notes = [
        ...(e.description ? [e.description] : []),
        ...(e.translation ? [en('list_translation')] : []),
      ];
      if (notes.length) content.push(para(text(notes.join(' '), italic)));
    }
  }
  if (input.letters.length) {
    content.push(heading(2, en('list_letters')));
    for (const l of input.letters) {
      const who = [l.recommender, ...(l.jobTitle ? [l.jobTitle] : [])].join(', ');
      content.push(
        para(
          { type: 'reference', attrs: { kind: 'letter', id: l.id } },
          text(`: ${en('list_entry', { title: who, pages: pagesText(rangeOf('letter', l.id)) })}`),
        ),
      );
      const notes = [
        ...(l.independent === undefined
          ? []
          : [en('list_relation', { relation: relationText(l.independent) })]),
        ...(l.translation ? [en('list_translation')] : []),
        ...(l.cv ? [en(l.cv.translation ? 'list_cv_translated' : 'list_cv')] : []),
      ];
      if (notes.length) content.push(para(text(notes.join(' '), italic)));
    }
  }
  return doc(content);
}

/** "Independent expert …" / "Collaborator …": how the recommender knows the petitioner. */
export const relationText = (independent: boolean) =>
  en(independent ? 'relation_independent' : 'relation_collaborator');

/**
 * An exhibit list laid out until its page count is stable: its length shifts the pages of what follows it, which it
 * prints. `docFor(listPages)` is the list when it takes that many pages; at most four tries (the petition packet's
 * list and the RFE response's).
 */
export function layoutStableList(
  docFor: (listPages: number) => LetterDoc,
  resolveReference: RenderLetterOptions['resolveReference'],
): { list: LaidOutLetter; pages: number } {
  let pages = 1;
  let list!: LaidOutLetter;
  for (let attempt = 0; attempt < 4; attempt++) {
    list = layoutLetter({ validated: true, doc: docFor(pages), locale: 'en', resolveReference });
    if (list.pages.length === pages) break;
    pages = list.pages.length;
  }
  return { list, pages };
}
