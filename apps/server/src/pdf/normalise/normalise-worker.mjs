// Worker-thread entry of normaliseInWorker (in-worker.ts). A worker starts without the TypeScript loader the
// server process registered, so it registers tsx itself before loading the normaliser.
import { parentPort, workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
const { normaliseEvidence } = await import('./index.ts');
const result = await normaliseEvidence(workerData.input, workerData.limits);
parentPort.postMessage(result, result.ok ? [result.pdf.buffer] : []);
