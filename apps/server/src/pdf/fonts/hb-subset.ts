/**
 * Minimal wrapper over the raw exports of harfbuzzjs' `harfbuzz-subset.wasm`.
 * harfbuzzjs' high-level API has no subsetter and `subset-font` exposes no RETAIN_GIDS, hence our own
 * ~50 lines (decision 0002 §3). One wasm instance per process; calls are synchronous once it is loaded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** hb_subset_flags_t values we use (hb-subset.h). */
export const HB_SUBSET_FLAGS = { NO_HINTING: 0x1, RETAIN_GIDS: 0x2 } as const;

interface HbSubsetExports {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(n: number): number;
  free(p: number): void;
  hb_blob_create(data: number, len: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, lenPtr: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, cp: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

// Node has WebAssembly; the server's tsconfig has no DOM lib to type it, so we name the one call we use.
const WA = (
  globalThis as unknown as {
    WebAssembly: { instantiate(bytes: Uint8Array): Promise<{ instance: { exports: unknown } }> };
  }
).WebAssembly;

let instance: Promise<HbSubsetExports> | undefined;

function hb(): Promise<HbSubsetExports> {
  if (!instance) {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const loading = WA.instantiate(wasm).then(({ instance: i }) => {
      const x = i.exports as HbSubsetExports;
      x._initialize();
      return x;
    });
    loading.catch(() => {
      instance = undefined;
    });
    instance = loading;
  }
  return instance;
}

export interface SubsetOptions {
  /** Keep original glyph ids (the subset keeps empty slots up to the highest id used). */
  retainGids?: boolean;
  /** Drop TrueType hinting instructions (smaller; PDF viewers rarely use them for CJK). */
  noHinting?: boolean;
}

/**
 * Faces of the fonts subset in this process, by their bytes or their name: a 10 MB font is copied into the wasm
 * memory and parsed into a face once, not per subset (each copy cost ~3 ms and grew the wasm memory, which never
 * shrinks). A font given by name (`FontSource`) is read only for its first subset: the process keeps harfbuzz's
 * copy, not a second one in JavaScript.
 */
const faces = new WeakMap<Uint8Array, number>();
const namedFaces = new Map<string, number>();

/** A font by a name unique in the process, with a reader of its bytes (called once, for the first subset). */
export interface FontSource {
  key: string;
  bytes(): Uint8Array;
}

function faceOf(x: HbSubsetExports, font: Uint8Array | FontSource): number {
  if (font instanceof Uint8Array) return faceOfBytes(x, font);
  let face = namedFaces.get(font.key);
  if (face === undefined) {
    face = faceOfBytes(x, font.bytes());
    namedFaces.set(font.key, face);
  }
  return face;
}

function faceOfBytes(x: HbSubsetExports, fontBytes: Uint8Array): number {
  let face = faces.get(fontBytes);
  if (face === undefined) {
    const fontPtr = x.malloc(fontBytes.length);
    new Uint8Array(x.memory.buffer).set(fontBytes, fontPtr);
    // READONLY: harfbuzz never writes into it, and the copy stays for the process (the face refers to it).
    const blob = x.hb_blob_create(fontPtr, fontBytes.length, 1 /* HB_MEMORY_MODE_READONLY */, 0, 0);
    face = x.hb_face_create(blob, 0);
    x.hb_blob_destroy(blob);
    faces.set(fontBytes, face);
  }
  return face;
}

/** Subsets an sfnt (TTF/OTF) to the given code points; returns the new sfnt bytes. */
export async function subsetFont(
  font: Uint8Array | FontSource,
  codePoints: Iterable<number>,
  opts: SubsetOptions = {},
): Promise<Uint8Array> {
  const x = await hb();
  const face = faceOf(x, font);
  const input = x.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('hb_subset_input_create_or_fail failed');
    const unicodes = x.hb_subset_input_unicode_set(input);
    for (const cp of codePoints) x.hb_set_add(unicodes, cp);
    let flags = x.hb_subset_input_get_flags(input);
    if (opts.retainGids) flags |= HB_SUBSET_FLAGS.RETAIN_GIDS;
    if (opts.noHinting) flags |= HB_SUBSET_FLAGS.NO_HINTING;
    x.hb_subset_input_set_flags(input, flags);
    const out = x.hb_subset_or_fail(face, input);
    if (!out) throw new Error('hb_subset_or_fail failed');
    const outBlob = x.hb_face_reference_blob(out);
    const lenPtr = x.malloc(4);
    const dataPtr = x.hb_blob_get_data(outBlob, lenPtr);
    const len = new Uint32Array(x.memory.buffer, lenPtr, 1)[0] ?? 0;
    // slice() copies out of wasm memory, which later calls may grow (detaching views).
    const result = new Uint8Array(x.memory.buffer).slice(dataPtr, dataPtr + len);
    x.free(lenPtr);
    x.hb_blob_destroy(outBlob);
    x.hb_face_destroy(out);
    if (len === 0) throw new Error('harfbuzz produced an empty subset');
    return result;
  } finally {
    if (input) x.hb_subset_input_destroy(input);
  }
}
