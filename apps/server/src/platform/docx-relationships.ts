import type PizZip from 'pizzip';
import { lazyRequire } from './lazy-require';

// Loaded with the first .docx, not at every start (issue 38 finding 11).
const pizZip = lazyRequire<typeof PizZip>('pizzip');

/**
 * Issue 39 (finding 9, SECURITY 18): a .docx may name external targets in its relationship parts
 * (`TargetMode="External"`): a linked image or an attached template such as `file:///etc/passwd` or an
 * internal address, which Word, LibreOffice (our PDF conversion) or a preview would fetch when the document is
 * opened or filled. Every such relationship is dropped before the file is stored, with the attributes in the
 * part that pointed at it (r:id, r:link, r:embed), so the part does not refer to a missing relationship.
 * A hyperlink keeps its text and loses its address. Zip limits were checked by the sniffer before this runs.
 */
const RELATIONSHIP = /<Relationship\b[^>]*?\/>|<Relationship\b[^>]*?>[\s\S]*?<\/Relationship>/g;
const EXTERNAL = /\bTargetMode\s*=\s*["']External["']/i;
const ID = /\bId\s*=\s*["']([^"']+)["']/;

/** The part a relationships file describes: word/_rels/document.xml.rels → word/document.xml. */
const sourceOf = (relsPath: string) => relsPath.replace(/(^|\/)_rels\/([^/]+)\.rels$/, '$1$2');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface StrippedDocx {
  data: Buffer;
  /** How many external relationships were removed (0: the bytes are returned unchanged). */
  removed: number;
}

export const stripExternalRelationships = (data: Buffer): StrippedDocx => {
  const Zip = pizZip();
  const zip = new Zip(data);
  let removed = 0;
  for (const name of Object.keys(zip.files)) {
    const entry = zip.files[name];
    if (!entry || entry.dir || !name.toLowerCase().endsWith('.rels')) continue;
    const xml = entry.asText();
    const ids: string[] = [];
    const next = xml.replace(RELATIONSHIP, (rel) => {
      if (!EXTERNAL.test(rel)) return rel;
      const id = ID.exec(rel)?.[1];
      if (id) ids.push(id);
      removed++;
      return '';
    });
    if (next === xml) continue;
    zip.file(name, next);
    const source = zip.files[sourceOf(name)];
    if (source && !source.dir && ids.length) {
      let part = source.asText();
      for (const id of ids)
        part = part.replace(
          new RegExp(`\\s[A-Za-z_][\\w.-]*:(?:id|link|embed|pict)\\s*=\\s*["']${escapeRegExp(id)}["']`, 'g'),
          '',
        );
      zip.file(sourceOf(name), part);
    }
  }
  if (!removed) return { data, removed };
  return { data: zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }), removed };
};
