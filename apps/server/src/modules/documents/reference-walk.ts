import type { TPagePin, TReferenceKind } from '@dossier/contract';

export interface WalkedReference {
  kind: TReferenceKind;
  id: string;
  /** Its page pin, when it has one (decision 0073). */
  pages?: TPagePin;
}

/** Every reference node of a document, in document order (iterative walk; the document passed the limits). */
export function referencesIn(doc: unknown): WalkedReference[] {
  const out: WalkedReference[] = [];
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    const node = v as {
      type?: unknown;
      attrs?: { kind?: unknown; id?: unknown; pages?: TPagePin | null };
      content?: unknown;
    };
    if (node.type === 'reference' && node.attrs) {
      const { pages } = node.attrs;
      out.push({
        kind: node.attrs.kind as TReferenceKind,
        id: String(node.attrs.id),
        ...(pages && typeof pages === 'object' ? { pages } : {}),
      });
    }
    if (Array.isArray(node.content))
      for (let i = node.content.length - 1; i >= 0; i--) stack.push(node.content[i]);
  }
  return out;
}
