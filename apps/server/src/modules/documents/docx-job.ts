// The .docx import's thread (importDocx, docx-import.service.ts): inflates each part once against the size its
// zip claims (docx-zip.ts), then converts the file (import-docx.ts), and posts the outcome back. docx-worker.mjs
// loads it under tsx; the server bundle builds it as its own entry (scripts/server-build.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { checkInflatedSizes, type ZipPart } from './docx-zip.ts';
import { convertDocx, type DocxConversion } from './import-docx.ts';

const { bytes, parts } = workerData as { bytes: Uint8Array; parts: ZipPart[] };
const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const refusal = checkInflatedSizes(file, parts);
const outcome: DocxConversion = refusal ? { ok: false, refusal } : await convertDocx(file);
parentPort!.postMessage(outcome);
