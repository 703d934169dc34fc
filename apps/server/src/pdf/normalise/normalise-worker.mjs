// Worker-thread entry of normaliseInWorker (in-worker.ts). A worker starts without the TypeScript loader the
// server process registered, so it registers tsx itself before loading the normaliser.
import { parentPort, workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
const { normaliseEvidence } = await import('./index.ts');
const { pageMarks } = await import('../packet/page-marks.ts');
const result = await normaliseEvidence(workerData.input, workerData.limits);
// What each page paints, for the print file's stamps (decision 0044): read here, once, off the main thread.
if (result.ok) {
  try {
    result.marks = pageMarks(result.pdf);
  } catch {
    // unknown: the print file reads the page itself
  }
}
parentPort.postMessage(result, result.ok ? [result.pdf.buffer] : []);
