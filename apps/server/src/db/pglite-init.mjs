// Creates a PGlite cluster in the directory given as argv[2], then exits (see client.ts for why).
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: pglite-init.mjs <dataDir>\n');
  process.exit(2);
}
const db = new PGlite({ dataDir: dir });
await db.waitReady;
await db.close();
