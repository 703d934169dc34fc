/**
 * The content tokeniser (decision 0053): where a stream that breaks off is cut (after its last whole operator,
 * outside strings, arrays, dictionaries and inline images), and the inline images it finds, fed in one piece
 * and byte by byte.
 */
import { describe, expect, it } from 'vitest';
import { ContentLexer, type InlineImage } from './content-lexer.ts';

function lex(text: string, cut: boolean, pieces: 'whole' | 'bytes' = 'whole') {
  const images: InlineImage[] = [];
  const lexer = new ContentLexer((image) => images.push(image));
  const bytes = Buffer.from(text, 'latin1');
  for (const chunk of pieces === 'whole' ? [bytes] : [...bytes].map((b) => Uint8Array.of(b)))
    lexer.write(chunk);
  lexer.end(cut);
  return { kept: text.slice(0, lexer.safeEnd), images };
}

describe('ContentLexer', () => {
  for (const pieces of ['whole', 'bytes'] as const) {
    it(`cuts after the last whole operator (${pieces})`, () => {
      const head = '0 g 72 600 m 100 600 l S BT /F1 12 Tf 72 500 Td';
      expect(lex(`${head} (Lost (nested \\) li`, true, pieces).kept).toBe(head);
      expect(lex(`${head} [(a) 10 (b`, true, pieces).kept).toBe(head);
      expect(lex(`${head} <48656c`, true, pieces).kept).toBe(head);
      expect(lex(`${head} << /MCID 3`, true, pieces).kept).toBe(head);
      expect(lex(`${head} 12 T`, true, pieces).kept).toBe(head); // "T" may be half of "Tj"
      expect(lex(`${head} 12 Tz\n`, true, pieces).kept).toBe(`${head} 12 Tz`);
      expect(lex(`${head} % comment (`, true, pieces).kept).toBe(head);
      expect(lex(`${head} BI /W 2 /H 2 /CS /G /BPC 8 ID \x00EI\x01`, true, pieces).kept).toBe(head);
      // A whole stream ends with its last word.
      expect(lex(`${head} (x) Tj ET`, false, pieces).kept).toBe(`${head} (x) Tj ET`);
    });

    it(`finds inline images, their dictionary and data (${pieces})`, () => {
      const text =
        'q BI /W 4 /H 2 /CS /RGB /BPC 8 /F [/AHx] /DP << /K -1 >> ID \n\x01EI EI\x01 EI Q BI /W 1 /H 1 ID x EI';
      const { kept, images } = lex(text, false, pieces);
      expect(images.map((i) => i.tokens)).toEqual([
        [
          '/W',
          '4',
          '/H',
          '2',
          '/CS',
          '/RGB',
          '/BPC',
          '8',
          '/F',
          '[',
          '/AHx',
          ']',
          '/DP',
          '<<',
          '/K',
          '-1',
          '>>',
        ],
        ['/W', '1', '/H', '1'],
      ]);
      // The first image's data runs to the first EI between white space: "\n\1EI EI\1".
      expect(Buffer.from(images[0]!.head).toString('latin1')).toBe('\n\x01EI EI\x01');
      expect(Buffer.from(images[1]!.head).toString('latin1')).toBe('x');
      expect(kept).toBe(text); // the stream ends with the EI of its last inline image
    });
  }
});
