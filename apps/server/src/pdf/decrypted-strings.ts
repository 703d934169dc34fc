/**
 * Fix for @cantoo/pdf-lib 2.11.1 (decision 0015): when it decrypts a literal string it stores the
 * plain bytes as the string's *literal* body, so `(`, `)`, `\` and CR in the plain text are written
 * back unescaped: one unbalanced parenthesis in a decrypted title makes the saved file unreadable.
 * Every other PDFString holds the escaped body, so here decrypted ones are escaped the same way;
 * `asBytes()`/`decodeText()` then return the plain text and `save()` writes valid syntax.
 * Installed once, on import, for every load in the process (filler and normaliser alike).
 */
import { PDFObjectParser, type PDFRef, PDFString } from '@cantoo/pdf-lib';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '(': '\\(', ')': '\\)', '\r': '\\r' };

/** The literal-string body for raw bytes given as a latin1 string (one char per byte). */
export function escapeLiteral(raw: string): string {
  return raw.replace(/[\\()\r]/g, (c) => ESCAPES[c] ?? c);
}

interface ParserInternals {
  cryptoFactory?: unknown;
  parseString(ref?: PDFRef): PDFString;
}

const proto = PDFObjectParser.prototype as unknown as ParserInternals & { __decryptedStringsFixed?: true };
if (!proto.__decryptedStringsFixed) {
  const parseString = proto.parseString;
  proto.parseString = function (this: ParserInternals, ref?: PDFRef): PDFString {
    const parsed = parseString.call(this, ref);
    // Same condition as the library's own decryption branch: only then is the body raw plain text.
    if (!this.cryptoFactory || !ref) return parsed;
    return PDFString.of(escapeLiteral(parsed.asString()));
  };
  proto.__decryptedStringsFixed = true;
}
