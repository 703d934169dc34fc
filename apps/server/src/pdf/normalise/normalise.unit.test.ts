import { describe, expect, it } from 'vitest';
import {
  ascii85Jbig2ImagePdf,
  ccittContentBombPdf,
  dctContentPdf,
  emptyFlateContentPdf,
  encodedContentPdf,
  inlineImageBombPdf,
  jbig2ContentBombPdf,
  jbig2ContentSmallPdf,
  jbig2FormBombPdf,
  jbig2GlobalsBombPdf,
  jpxContentBombPdf,
  lzwBombPdf,
  runLengthBombPdf,
  truncatedContentPdf,
  undecodableContentPdf,
  unknownFilterContentPdf,
} from '../../../test/hostile-content-pdfs.ts';
import { flateContentBombPdf, flateImageBombPdf, jbig2BombPdf } from '../../../test/hostile-pdfs.ts';
import { check } from '../../../test/normalise-corpus.ts';
import { normaliseEvidence } from './index.ts';

/**
 * Issue 27 item 9's class of viewer bombs and undecodable content, built here (hostile-content-pdfs.ts), swept
 * like the corpus: each is refused with its code before any reader sees it, or accepted and then held to the
 * corpus's bar (qpdf --check exit 0, poppler and mupdf open it without new messages).
 */
const BUILT: Array<[string, () => Uint8Array | Promise<Uint8Array>, 'too_large' | 'damaged' | 'accepted']> = [
  ['jbig2-content-100000.pdf', jbig2ContentBombPdf, 'too_large'],
  ['jbig2-form-100000.pdf', jbig2FormBombPdf, 'too_large'],
  ['jbig2-content-100.pdf', jbig2ContentSmallPdf, 'damaged'],
  ['dct-content-65535.pdf', () => dctContentPdf(), 'too_large'],
  ['dct-content-16.pdf', () => dctContentPdf(16), 'damaged'],
  ['ccitt-content-100000.pdf', ccittContentBombPdf, 'too_large'],
  ['jpx-content-100000.pdf', jpxContentBombPdf, 'too_large'],
  ['unknown-filter-content.pdf', unknownFilterContentPdf, 'damaged'],
  ['jbig2-image-200000.pdf', jbig2BombPdf, 'too_large'],
  ['jbig2-globals-100000.pdf', jbig2GlobalsBombPdf, 'too_large'],
  ['a85-jbig2-image-100000.pdf', ascii85Jbig2ImagePdf, 'too_large'],
  ['inline-image-100000.pdf', inlineImageBombPdf, 'too_large'],
  ['flate-flate-image.pdf', flateImageBombPdf, 'too_large'],
  ['flate-flate-content.pdf', flateContentBombPdf, 'too_large'],
  ['lzw-early-change-0-bomb.pdf', lzwBombPdf, 'too_large'],
  ['run-length-bomb.pdf', runLengthBombPdf, 'too_large'],
  ['truncated-flate-content.pdf', truncatedContentPdf, 'accepted'],
  ['undecodable-flate-content.pdf', undecodableContentPdf, 'damaged'],
  ['empty-flate-content.pdf', emptyFlateContentPdf, 'accepted'],
  [
    'lzw-early-change-0.pdf',
    () => encodedContentPdf('LZW', ['LZWDecode'], ['<< /EarlyChange 0 >>']),
    'accepted',
  ],
  [
    'a85-lzw-rle.pdf',
    () => encodedContentPdf('Chain', ['ASCII85Decode', 'LZWDecode', 'RunLengthDecode']),
    'accepted',
  ],
];

describe('normaliseEvidence over the viewer-bomb class of issue 27 item 9, built here', () => {
  it('refuses each bomb with its code, or accepts it with qpdf --check clean', {
    timeout: 240_000,
  }, async () => {
    for (const [name, build, want] of BUILT) {
      const bytes = await build();
      const r = await normaliseEvidence({ bytes, filename: name });
      // Checked before anything else: a bomb that got through must not reach a reader through check().
      expect(r.ok ? 'accepted' : r.code, name).toBe(want);
      await check(name, bytes, r);
    }
  });
});
