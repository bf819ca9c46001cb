import {
  countTags,
  DOCX_MAX_TAGS,
  DOCX_MAX_XML_BYTES,
  type DocxLimitBreach,
  declaredBreach,
  entryData,
  isXmlPart,
  zipEntries,
} from '@caseport/domain/files/docx-limits';

/** One XML part inflated chunk by chunk, its tags counted as it goes; stops at `budget` bytes or past the limit. */
const inflateCounting = async (raw: Uint8Array, budget: number, tagsLeft: number) => {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(raw);
      controller.close();
    },
  });
  const stream = source.pipeThrough(
    new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
  );
  const reader = stream.getReader();
  let bytes = 0;
  let tags = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      tags += countTags(value, tagsLeft - tags);
      if (bytes > budget || tags > tagsLeft) break;
    }
  } catch {
    // A part the browser cannot inflate is the editor's to report; the limits only measure.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return { bytes, tags };
};

/**
 * Issue 39: the letter editor crashed its tab on a letter of 20,000 tags. The server now refuses to store or fill
 * a letter over the document limits (packages/domain/src/files/docx-limits.ts); a document stored before them is
 * measured here before the editor renders it: the declared sizes first (nothing inflated), then each XML part
 * inflated as a stream that stops at the first limit it passes. Null when the editor may open it.
 */
export const docxBreach = async (data: ArrayBuffer): Promise<DocxLimitBreach | null> => {
  const bytes = new Uint8Array(data);
  const entries = zipEntries(bytes);
  if (!entries) return null; // not a zip: the editor says it cannot read it
  const declared = declaredBreach(entries);
  if (declared) return declared;
  if (typeof DecompressionStream === 'undefined') return null;
  let budget = DOCX_MAX_XML_BYTES;
  let tags = 0;
  for (const e of entries) {
    if (!isXmlPart(e.name)) continue;
    const raw = entryData(bytes, e);
    if (!raw) continue;
    const part =
      e.method === 0
        ? { bytes: raw.length, tags: countTags(raw, DOCX_MAX_TAGS - tags) }
        : await inflateCounting(raw, budget, DOCX_MAX_TAGS - tags);
    budget -= part.bytes;
    tags += part.tags;
    if (budget < 0) return 'xml';
    if (tags > DOCX_MAX_TAGS) return 'tags';
  }
  return null;
};
