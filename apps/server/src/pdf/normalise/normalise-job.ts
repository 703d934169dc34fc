// The normaliser's thread (normaliseInWorker, in-worker.ts): normalises the file it was given and posts the
// result back. normalise-worker.mjs loads it under tsx; the server bundle builds it as its own entry
// (scripts/server-build.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { pageMarks } from '../packet/page-marks.ts';
import { pageTexts, sampleOfPages } from '../text/page-text.ts';
import type { NormalisedInWorker } from './in-worker.ts';
import { normaliseEvidence } from './index.ts';

const { input, limits } = workerData as {
  input: Parameters<typeof normaliseEvidence>[0];
  limits: Parameters<typeof normaliseEvidence>[1];
};
const result: NormalisedInWorker = await normaliseEvidence(input, limits);
// What each page paints, for the print file's stamps (decision 0044): read here, once, off the main thread.
if (result.ok) {
  try {
    result.marks = pageMarks(result.pdf);
  } catch {
    // unknown: the print file reads the page itself
  }
  // Each page's text, for the case review (issue 31 item 5, decision 0071), and its start, to judge its language
  // (decision 0057; '' when it has no text layer): read once, here, within the normaliser's time limit.
  result.pageTexts = pageTexts(result.pdf);
  result.text = sampleOfPages(result.pageTexts);
}
parentPort!.postMessage(result, result.ok ? [result.pdf.buffer as ArrayBuffer] : []);
