import { setFlagsFromString } from 'node:v8';

/**
 * WebAssembly (the embedded PostgreSQL, harfbuzz's subsetter, qpdf's repair) runs on V8's baseline compiler,
 * Liftoff, without the optimising tier (decision 0047). Tiering PGlite's 9 MB module up kept a second copy of its
 * hot code and compiled it on one of the machine's two cores while the first print file was being built: the
 * worker's peak went from ~500 to ~570 MB and its first build was slower, not faster. Statements measured as fast
 * or faster (point reads and writes), scans of 20,000 rows ~1.5× slower.
 * Called first thing by the process entry (main.ts), before any module is compiled; V8's flags are process-wide,
 * so the normaliser's threads follow.
 */
export function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}
