// A packet build in its own process, for the kill test (packet.test.ts): the worker the test kills with SIGKILL
// half way. Args: database URL, storage directory, case id, the test clock's time. Each progress step is slowed
// (a slow disk) so the kill lands mid-build; nothing else differs from the job handler.
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { runPacketBuild } from '../src/jobs/packet-build.handler.ts';
import { createLogger } from '../src/logger.ts';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';

const [databaseUrl, dataDir, caseId, now] = process.argv.slice(2) as [string, string, string, string];
const db = await openDatabase({ databaseUrl, poolMax: 2 });
const ctx = {
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
  db,
  storage: new LocalDiskStorage(join(dataDir, 'files')),
  clock: { now: () => new Date(now) },
  logger: createLogger({ logLevel: 'silent' }),
} as unknown as AppContext;
const sleep = new Int32Array(new SharedArrayBuffer(4));
process.stdout.write('started\n');
await runPacketBuild(
  ctx,
  { caseId: Number(caseId), locale: 'en' },
  { retryCount: 0, retryLimit: 2 },
  {
    onProgress: () => {
      Atomics.wait(sleep, 0, 0, 150);
    },
  },
);
process.stdout.write('finished\n');
process.exit(0);
