import { z } from 'zod';
import { text } from '../api/scalars';

/**
 * Issue 37: keyset (seek) paging of the lists that grow without bound (the audit trail, cases). Moving to the next
 * or the previous page sends the key of the page's last (or first) row, and the server reads the page from there
 * by its index instead of skipping `(page - 1) * perpage` rows with OFFSET: page 400 costs what page 1 costs. A
 * jump to any other page (or a reload) still reads by page number. The key is the row's sort value to the
 * microsecond and its id, `2026-11-30T09:00:00.123456Z~<id>`, written by the server (`cursors` of the answer) and
 * only passed back by the client.
 */
export const SEEK_KEY_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9]{1,18})$/;

export const ListCursorSchema = z
  .object({
    /** A row's key as the server wrote it in `cursors`. */
    key: text()
      .max(80)
      .refine((key) => parseSeekKey(key) !== null, 'Not a key of this list'),
    /** after: the page after the row (next); before: the page before it (previous). */
    direction: z.enum(['after', 'before']),
  })
  .strict();
export type ListCursor = z.infer<typeof ListCursorSchema>;

/** The keys of a page's first and last rows (absent on an empty page or a list that does not seek). */
export const PageCursorsSchema = z.object({ first: z.string(), last: z.string() });
export type PageCursors = z.infer<typeof PageCursorsSchema>;

/**
 * A key's sort value (an ISO timestamp with microseconds, a real moment: 2026-02-30 is not one) and id; null for
 * text that is not a key, so nothing the database would refuse ever reaches it.
 */
export const parseSeekKey = (key: string): { at: string; id: string } | null => {
  const m = SEEK_KEY_PATTERN.exec(key);
  if (!m) return null;
  const at = m[1] as string;
  const ms = Date.parse(`${at.slice(0, 23)}Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== at.slice(0, 19)) return null;
  return { at, id: m[2] as string };
};

/**
 * The cursor for moving from the page on screen to page `to`: its last row's key for the next page, its first
 * row's for the previous one; undefined for any other move (a jump reads by page number) or a page without keys.
 */
export const cursorToward = (
  from: { page: number; cursors?: PageCursors | undefined },
  to: number,
): ListCursor | undefined => {
  if (!from.cursors) return undefined;
  if (to === from.page + 1) return { key: from.cursors.last, direction: 'after' };
  // Page 1 is read from the top, so rows written since it was shown are on it.
  if (to === from.page - 1 && to > 1) return { key: from.cursors.first, direction: 'before' };
  return undefined;
};
