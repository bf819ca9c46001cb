import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type Caller, type TestApp, XHR } from './test-app';

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * A valid PNG of exactly `size` bytes: PNG_1X1 with a tEXt chunk (keyword 'Comment') before IEND that pads
 * it, so the file stays well formed rather than carrying bytes after IEND. Used for the D-19 size limits.
 */
export const pngOfSize = (size: number): Buffer => {
  const iendAt = PNG_1X1.length - 12; // IEND: length (4) + type (4) + CRC (4), no data
  const textLength = size - PNG_1X1.length - 12; // chunk overhead: length, type and CRC
  const keyword = Buffer.from('Comment\0', 'latin1');
  if (textLength < keyword.length) throw new Error(`pngOfSize: ${size} bytes is too small`);
  const typeAndData = Buffer.concat([
    Buffer.from('tEXt', 'latin1'),
    keyword,
    Buffer.alloc(textLength - keyword.length, 0x78), // 'x'
  ]);
  const chunk = Buffer.alloc(12 + textLength);
  chunk.writeUInt32BE(textLength, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + textLength);
  const png = Buffer.concat([PNG_1X1.subarray(0, iendAt), chunk, PNG_1X1.subarray(iendAt)]);
  if (png.length !== size) throw new Error(`pngOfSize: built ${png.length} bytes, wanted ${size}`);
  return png;
};
/** A real 1x1 GIF89a (the classic transparent pixel): an image, but not one a logo or favicon accepts. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A real 1x1 lossless WEBP (RIFF....WEBPVP8L). */
export const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
/** An SVG image: text, so no content sniffer recognizes it (and it may carry script). */
export const SVG_MIN = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>',
);
/**
 * A real one-image .ico: ICONDIR (reserved 0, type 1 = icon, count 1), one 16-byte ICONDIRENTRY (1x1,
 * 1 plane, 32 bpp, payload size and offset 22) and a PNG payload, as Vista+ icons embed them.
 */
export const ICO_1X1 = (() => {
  const header = Buffer.from([0x00, 0x00, 0x01, 0x00, 0x01, 0x00]);
  const entry = Buffer.alloc(16);
  entry[0] = 1; // width
  entry[1] = 1; // height
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(PNG_1X1.length, 8); // payload size
  entry.writeUInt32LE(header.length + entry.length, 12); // payload offset
  return Buffer.concat([header, entry, PNG_1X1]);
})();
export const JPEG_MIN = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const PDF_MIN = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A stored (uncompressed) zip, enough to build docx, docm and zip-bomb-shaped files for the upload tests. */
export const makeZip = (
  entries: { name: string; data: Buffer | string; claimSize?: number; deflate?: boolean }[],
): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const data = e.deflate ? deflateRawSync(raw) : raw;
    const method = e.deflate ? 8 : 0;
    const name = Buffer.from(e.name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(e.claimSize ?? raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.claimSize ?? raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
};

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCUMENT =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>';

export const DOCX_MIN = makeZip([
  { name: '[Content_Types].xml', data: CONTENT_TYPES },
  {
    name: '_rels/.rels',
    data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  },
  { name: 'word/document.xml', data: DOCUMENT },
]);
export const DOCM = makeZip([
  { name: '[Content_Types].xml', data: CONTENT_TYPES.replace('document.main+xml', 'document.macroEnabled.main+xml') },
  { name: 'word/document.xml', data: DOCUMENT },
  { name: 'word/vbaProject.bin', data: Buffer.alloc(64, 1) },
]);
export const ZIP_BOMB = makeZip([
  { name: '[Content_Types].xml', data: CONTENT_TYPES },
  { name: 'word/document.xml', data: DOCUMENT, claimSize: 2_000_000_000 },
]);
/** A docx whose deflated document declares 1 KB but inflates to 16 MB: a bomb that lies about its sizes. */
export const ZIP_BOMB_LYING = makeZip([
  { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
  { name: 'word/document.xml', data: Buffer.alloc(16 * 1024 * 1024, 0x20), claimSize: 1024, deflate: true },
]);
/** DOCX_MIN with deflated parts, as Word writes them. */
export const DOCX_DEFLATED = makeZip([
  { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
  { name: 'word/document.xml', data: DOCUMENT, deflate: true },
]);

/**
 * Issue 39: a .docx with an external relationship (a linked image at file:///etc/passwd) next to an internal
 * one, and the document pointing at both.
 */
export const DOCX_EXTERNAL_REL = makeZip([
  { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
  {
    name: 'word/_rels/document.xml.rels',
    data:
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///etc/passwd" TargetMode="External"/>' +
      '</Relationships>',
    deflate: true,
  },
  {
    name: 'word/document.xml',
    data: DOCUMENT.replace(
      '<w:t>Hello</w:t>',
      '<w:t>Hello</w:t><w:pict><v:imagedata xmlns:v="urn:schemas-microsoft-com:vml" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rId9"/></w:pict>',
    ),
    deflate: true,
  },
]);

/** multipart/form-data body for app.inject. */
export const multipart = (fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[]) => {
  const boundary = `----caseport${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/**
 * A compound (OLE) file as legacy Word writes it: a 512-byte header and one directory sector whose
 * 128-byte entries carry UTF-16LE names (`Root Entry`, `WordDocument` ...). Enough for a content sniffer.
 */
export const makeOle = (entryNames: string[]): Buffer => {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3 (512-byte sectors)
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(0, 48); // first directory sector
  const dir = Buffer.alloc(512 * Math.ceil((entryNames.length * 128) / 512));
  entryNames.forEach((name, i) => {
    const at = i * 128;
    dir.write(name, at, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, at + 64);
    dir[at + 66] = i === 0 ? 5 : 2; // root storage, then streams
  });
  return Buffer.concat([header, dir]);
};
export const DOC_OLE = makeOle(['Root Entry', 'WordDocument', '1Table', '\u0005SummaryInformation']);
/** A Word 97 document with a VBA project (the legacy twin of a docm). */
export const DOC_WITH_MACROS = makeOle(['Root Entry', 'WordDocument', '1Table', 'Macros', 'VBA', '_VBA_PROJECT']);

/** A multipart POST to `url` as the caller with these form fields and files (the raw answer). */
export const postMultipart = (
  t: TestApp,
  caller: Caller,
  url: string,
  fields: Record<string, string>,
  files: { name: string; data: Buffer; type?: string }[],
) => {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...XHR, cookie: caller.cookie, ...body.headers },
    payload: body.payload,
  });
};

/** POST /api/common/upload as the caller with these form fields and files (the raw answer). */
export const postUpload = (
  t: TestApp,
  caller: Caller,
  fields: Record<string, string>,
  files: { name: string; data: Buffer; type?: string }[],
) => postMultipart(t, caller, '/api/common/upload', fields, files);

/** A real one-page PDF (US Letter) carrying `text`, as a user's document would be. */
export const buildPdf = async (text: string) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 720, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
};

export const LETTER_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
/** A .docx whose paragraphs are made of the given runs (a tag may be split across runs, as Word does). */
export const letterDocx = (...paragraphs: string[][]) =>
  makeZip([
    { name: '[Content_Types].xml', data: LETTER_CONTENT_TYPES },
    {
      name: '_rels/.rels',
      // The package's link to its main part: LibreOffice (PDF) cannot open a .docx without it; Word neither.
      data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${paragraphs
        .map((runs) => `<w:p>${runs.map((r) => `<w:r><w:t xml:space="preserve">${r}</w:t></w:r>`).join('')}</w:p>`)
        .join('')}</w:body></w:document>`,
    },
  ]);
