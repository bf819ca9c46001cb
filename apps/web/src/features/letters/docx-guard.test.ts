import { DOCX_MAX_TAGS } from '@caseport/domain/files/docx-limits';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { docxBreach } from './docx-guard';

/** A deflated .docx whose document holds `text` (the test runs on Node's DecompressionStream, as a browser's). */
const docx = (text: string) => {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0"?><w:document><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  );
  const bytes = zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

describe('the letter editor before it renders a document (issue 39)', () => {
  it('issue 39: a letter of 20,000 tags (it crashed the editor tab) is not opened: the tag limit; a 3 MB one is refused on its declared size', async () => {
    expect(await docxBreach(docx('{caseNumber}'.repeat(20_000)))).toBe('tags');
    expect(await docxBreach(docx('{caseNumber}'.repeat(250_000)))).toBe('xml');
  });

  it(`issue 39: a letter of ${DOCX_MAX_TAGS} tags opens`, async () => {
    expect(await docxBreach(docx('{caseNumber} '.repeat(DOCX_MAX_TAGS)))).toBeNull();
  });
});
