import { crc32, deflateSync } from 'node:zlib';

/**
 * The files the demo tenants upload (logo, favicon, template documents), made here so the demo needs no
 * binary fixtures and nothing from the network. They go through the ordinary upload route, which sniffs and
 * stores them like any user's file.
 */

type Rgb = readonly [number, number, number];

/** A truecolour PNG painted pixel by pixel. */
const png = (width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3); // filter byte 0 (none) leads each row
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** 5x7 capitals, enough for the demo tenants' initials. */
const GLYPHS: Record<string, string[]> = {
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
};

const WHITE: Rgb = [255, 255, 255];

/** Is (x, y) on a letter of `text` drawn at `scale` from (left, top)? */
const onText = (text: string, scale: number, left: number, top: number) => (x: number, y: number) => {
  const gx = Math.floor((x - left) / scale);
  const gy = Math.floor((y - top) / scale);
  if (gy < 0 || gy > 6 || x < left) return false;
  const letter = text[Math.floor(gx / 6)];
  const col = gx % 6;
  return col < 5 && GLYPHS[letter ?? '']?.[gy]?.[col] === '1';
};

/** The 240x36 logo the spec asks for (R-PROFILE-025): the firm's initials on its colour. */
export const demoLogo = (initials: string, colour: Rgb): Buffer => {
  const ink = onText(initials, 4, 12, 4);
  return png(240, 36, (x, y) => (ink(x, y) ? WHITE : colour));
};

/** A 32x32 favicon: the first initial. */
export const demoFavicon = (initial: string, colour: Rgb): Buffer => {
  const ink = onText(initial.slice(0, 1), 3, 9, 5);
  return png(32, 32, (x, y) => (ink(x, y) ? WHITE : colour));
};

/** A one-page PDF template document with a title and its paragraphs. */
export const demoPdf = async (title: string, lines: string[]): Promise<Buffer> => {
  // Loaded here, not at the top: pdf-lib costs ~250 ms to load and only a first start needs it (issue 15).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText(title, { x: 56, y: 720, size: 16, font: bold, color: rgb(0.1, 0.2, 0.35) });
  lines.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 684 - i * 20, size: 11, font });
  });
  return Buffer.from(await pdf.save());
};
