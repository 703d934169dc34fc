import type { TReferenceKind } from '@dossier/contract';

/** Every reference node of a document, in document order (iterative walk; the document passed the limits). */
export function referencesIn(doc: unknown): { kind: TReferenceKind; id: string }[] {
  const out: { kind: TReferenceKind; id: string }[] = [];
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    const node = v as { type?: unknown; attrs?: { kind?: unknown; id?: unknown }; content?: unknown };
    if (node.type === 'reference' && node.attrs) {
      out.push({ kind: node.attrs.kind as TReferenceKind, id: String(node.attrs.id) });
    }
    if (Array.isArray(node.content))
      for (let i = node.content.length - 1; i >= 0; i--) stack.push(node.content[i]);
  }
  return out;
}
