// `npm run eta9089:guide`: renders Dossier's bilingual ETA-9089 filling guide and writes it, with the digest of
// its source texts, beside modules/case/eta9089-guide.ts (the release ships that file into the static-file
// catalogue). Run it after changing any `forms:eta9089.guide.*` text.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  GUIDE_META,
  GUIDE_PDF,
  guideSourceDigest,
  renderEta9089Guide,
} from '../src/modules/case/eta9089-guide.ts';

const bytes = await renderEta9089Guide();
writeFileSync(GUIDE_PDF, bytes);
writeFileSync(GUIDE_META, `${JSON.stringify({ source_sha256: guideSourceDigest() }, null, 2)}\n`);
console.log(`${fileURLToPath(GUIDE_PDF)}: ${(bytes.length / 1024).toFixed(0)} KiB`);
