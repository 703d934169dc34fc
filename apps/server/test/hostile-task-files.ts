/**
 * Files a customer could upload to hurt the staff who open them (issue 27 item 3): each is a PDF the upload
 * check accepts by its content, with something a reader or the operating system would act on. Laid out byte by
 * byte (raw-pdf.ts), so the hostile part is exactly what the test says it is.
 */
import { HELVETICA, type RawObject, rawPdf, visibleContent } from './raw-pdf.ts';

/** What an HTA polyglot carries: mshta runs the first <hta:application> … <script> it finds anywhere in a file. */
export const HTA_MARKUP =
  '<html><head><hta:application id="x" windowstate="minimize"/><script language="VBScript">' +
  'CreateObject("WScript.Shell").Run "calc.exe"</script></head></html>';

/** A Windows executable's first bytes (the embedded "payload.exe"). */
export const EXE_BYTES = `MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00This program cannot be run in DOS mode.`;

const pages = (label: string, pageExtra = ''): RawObject[] => [
  { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
  {
    num: 3,
    body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> >> /Contents 4 0 R ${pageExtra}>>`,
  },
  { num: 4, body: '<< >>', stream: visibleContent(label) },
  { num: 9, body: HELVETICA },
];

/**
 * A PDF that is also an HTML application: the HTA markup sits in a comment after the header (a PDF reader skips
 * it, mshta runs it) and again in an object nothing references. Uploaded as `Award certificate.hta`.
 */
export function pdfHtaPolyglot(): Uint8Array {
  const pdf = Buffer.from(
    rawPdf(
      [
        { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
        ...pages('Award certificate'),
        { num: 12, body: `(${HTA_MARKUP})` },
      ],
      { trailer: '/Root 1 0 R' },
    ),
  );
  // After the binary comment line: every offset moves by the same amount, so the xref is rewritten.
  const head = pdf.indexOf('\n', pdf.indexOf('\n') + 1) + 1;
  const inserted = Buffer.from(`%${HTA_MARKUP}\n`, 'latin1');
  const body = Buffer.concat([pdf.subarray(0, head), inserted, pdf.subarray(head)]).toString('latin1');
  const shifted = body.replace(/^(\d{10}) (\d{5}) n /gm, (_m, off: string, gen: string) =>
    Number(off) === 0 ? _m : `${String(Number(off) + inserted.length).padStart(10, '0')} ${gen} n `,
  );
  const fixed = shifted.replace(
    /startxref\n(\d+)/,
    (_m, at: string) => `startxref\n${Number(at) + inserted.length}`,
  );
  return new Uint8Array(Buffer.from(fixed, 'latin1'));
}

/**
 * A PDF that acts when opened: /OpenAction JavaScript, a document-level JavaScript name tree, a page /AA that
 * launches cmd.exe, a link annotation with a /Launch action, and `payload.exe` embedded twice (the /EmbeddedFiles
 * name tree and a file-attachment annotation).
 */
export function activePdf(): Uint8Array {
  return rawPdf(
    [
      {
        num: 1,
        body:
          '<< /Type /Catalog /Pages 2 0 R /OpenAction 10 0 R ' +
          '/Names << /JavaScript << /Names [(init) 10 0 R] >> /EmbeddedFiles << /Names [(payload.exe) 20 0 R] >> >> >>',
      },
      ...pages(
        'Reference letter',
        '/AA << /O << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc.exe) >> >> >> /Annots [30 0 R 31 0 R] ',
      ),
      {
        num: 10,
        body: '<< /Type /Action /S /JavaScript /JS (app.alert\\("opened"\\); this.exportDataObject({cName: "payload.exe", nLaunch: 2});) >>',
      },
      { num: 20, body: '<< /Type /Filespec /F (payload.exe) /UF (payload.exe) /EF << /F 21 0 R >> >>' },
      { num: 21, body: '<< /Type /EmbeddedFile /Subtype /application#2Fx-msdownload >>', stream: EXE_BYTES },
      {
        num: 30,
        body: '<< /Type /Annot /Subtype /Link /Rect [72 600 272 700] /Border [0 0 0] /A << /S /Launch /F (payload.exe) /NewWindow true >> >>',
      },
      {
        num: 31,
        body: '<< /Type /Annot /Subtype /FileAttachment /Rect [300 600 320 620] /FS 20 0 R /Name /PushPin /F 4 >>',
      },
    ],
    { trailer: '/Root 1 0 R' },
  );
}

/** Names of the PDF features that act when a file is opened; none may survive the upload check. */
export const ACTIVE_PDF_KEYS = [
  '/JavaScript',
  '/JS',
  '/Launch',
  '/EmbeddedFile',
  '/OpenAction',
  '/AA',
  '/FileAttachment',
];
