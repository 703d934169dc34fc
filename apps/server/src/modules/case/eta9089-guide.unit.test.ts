import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pdffonts, pdfToolsAvailable, pdftotext, qpdfCheck } from '../../../test/pdf-assertions.ts';
import { GUIDE_PDF, guideSourceDigest, shippedGuideDigest } from './eta9089-guide.ts';

describe('ETA-9089 filling guide (shipped into the static-file catalogue)', () => {
  it('was rendered from the current texts (run `npm run eta9089:guide` after changing them)', () => {
    expect(shippedGuideDigest()).toBe(guideSourceDigest());
  });

  it.skipIf(!pdfToolsAvailable())('reads in Chinese and English without system fonts', () => {
    const path = fileURLToPath(GUIDE_PDF);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(qpdfCheck(path).status).toBe(0);
    const text = pdftotext(path);
    for (const s of [
      'EB-2 NIW 自行申请中的 ETA-9089 表：填写指南',
      '自 2023 年 6 月 1 日起',
      'Form ETA-9089 in an EB-2 NIW self-petition: filling guide',
      'Since 1 June 2023',
      "the employer's declaration",
      'Appendix A',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(s);
    }
    for (const f of pdffonts(path)) expect(f, f.name).toMatchObject({ embedded: true, unicode: true });
  });
});
