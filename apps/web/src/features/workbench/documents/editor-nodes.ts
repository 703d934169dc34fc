import { pinnedLabel, type TPagePin } from '@dossier/contract';
import { mergeAttributes, Node } from '@tiptap/core';

/**
 * What each reference id shows: the server's label for the current order; a placeholder naming a target that has
 * no number yet (`pending`: an evidence folder without a file, a letter without its signed letter); or null when it
 * dangles.
 */
export type ReferenceLabel = { text: string; pending?: boolean } | null;
export type ReferenceLabels = ReadonlyMap<string, ReferenceLabel>;

/** A reference's page pin and the exhibit's stamped page count when it was set (the contract's attrs). */
export interface ReferencePin {
  pages: TPagePin;
  pinned_pages: number | null;
}

export interface ReferenceStorage {
  labels: ReferenceLabels;
  danglingText: string;
  /** The UI language the chips are labelled in (a pin's pages too). */
  locale: 'zh' | 'en';
  views: Set<() => void>;
}

declare module '@tiptap/core' {
  interface Storage {
    reference: ReferenceStorage;
  }
  interface Commands<ReturnType> {
    documentNodes: {
      insertReference: (kind: 'exhibit' | 'letter', id: string, pin?: ReferencePin) => ReturnType;
      insertFootnote: (text: string) => ReturnType;
      insertPageBreak: () => ReturnType;
    };
  }
}

/**
 * A live reference to an exhibit or a recommendation letter (the contract's `reference` node): it holds the id,
 * never a number. The label comes from the server's numbering of the current order; a reference whose target has
 * no file yet names it without a number, one whose target is gone shows the dangling warning.
 */
export const ReferenceNode = Node.create<Record<string, never>, ReferenceStorage>({
  name: 'reference',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addStorage: () => ({ labels: new Map(), danglingText: '!', locale: 'en', views: new Set() }),
  addAttributes: () => ({
    kind: { default: 'exhibit' },
    id: { default: '' },
    // A page pin (decision 0073); null when the reference cites the whole exhibit (fromEditorDoc drops nulls).
    pages: { default: null, rendered: false },
    pinned_pages: { default: null, rendered: false },
  }),
  parseHTML: () => [{ tag: 'span[data-reference-id]' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'span',
    mergeAttributes(HTMLAttributes, { 'data-reference-id': node.attrs.id, 'data-kind': node.attrs.kind }),
  ],
  addNodeView() {
    return ({ node }) => {
      const storage = this.storage;
      const dom = document.createElement('span');
      dom.contentEditable = 'false';
      dom.dataset.testid = 'doc-reference';
      let current = node;
      const paint = () => {
        const found = storage.labels.get(current.attrs.id);
        const dangling = !found;
        const pending = Boolean(found?.pending);
        const state = dangling ? ' doc-ref--dangling' : pending ? ' doc-ref--pending' : '';
        dom.className = `doc-ref doc-ref--${current.attrs.kind}${state}`;
        // A pinned reference shows its pages through the contract's one label function ("Exhibit 4, pp. 3–5").
        dom.textContent = found
          ? pinnedLabel(found.text, current.attrs.pages as TPagePin | null, storage.locale)
          : storage.danglingText;
        dom.dataset.dangling = String(dangling);
        dom.dataset.pending = String(pending);
      };
      paint();
      storage.views.add(paint);
      return {
        dom,
        update: (next) => {
          if (next.type !== current.type) return false;
          current = next;
          paint();
          return true;
        },
        destroy: () => storage.views.delete(paint),
      };
    };
  },
  addCommands: () => ({
    insertReference:
      (kind, id, pin) =>
      ({ commands }) =>
        commands.insertContent({ type: 'reference', attrs: { kind, id, ...(pin ?? {}) } }),
  }),
});

/** Replaces the numbering map and repaints every reference on screen (no transaction, no autosave). */
export function setReferenceLabels(
  storage: ReferenceStorage,
  labels: ReferenceLabels,
  dangling: string,
  locale: 'zh' | 'en',
) {
  storage.labels = labels;
  storage.danglingText = dangling;
  storage.locale = locale;
  for (const paint of storage.views) paint();
}

/**
 * A footnote. In the editor it is an inline atom whose note is an attribute (a superscript marker, edited in a
 * dialog); `toEditorDoc` / `fromEditorDoc` turn it into the contract's `footnote` node with paragraph content.
 */
export const FootnoteNode = Node.create({
  name: 'footnote',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({ note: { default: [] } }),
  parseHTML: () => [{ tag: 'sup[data-footnote]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'sup',
    mergeAttributes(HTMLAttributes, { 'data-footnote': '', class: 'doc-footnote' }),
    '*',
  ],
  addCommands: () => ({
    insertFootnote:
      (text) =>
      ({ commands }) =>
        commands.insertContent({
          type: 'footnote',
          attrs: { note: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        }),
  }),
});

/** A page break (block atom): the renderer starts a new page there. */
export const PageBreakNode = Node.create({
  name: 'pageBreak',
  group: 'block',
  atom: true,
  parseHTML: () => [{ tag: 'div[data-page-break]' }],
  renderHTML: () => ['div', { 'data-page-break': '', class: 'doc-page-break' }],
  addCommands: () => ({
    insertPageBreak:
      () =>
      ({ commands }) =>
        commands.insertContent({ type: 'pageBreak' }),
  }),
});
