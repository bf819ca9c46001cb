import { text } from '../api/scalars';

/**
 * Rich text (R-CONST-006): the editor's toolbar is bold, italic, undo, redo, numbered list and bullet list,
 * so the stored HTML may hold only these tags and no attributes at all. The server sanitizes every
 * rich-text field with this allow-list (SECURITY 14); the web editor is configured with the same marks.
 */
export const RICH_TEXT_TOOLBAR = ['bold', 'italic', 'undo', 'redo', 'orderedList', 'bulletList'] as const;
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'ol', 'ul', 'li'] as const;
/** Raw input bound (before sanitizing): a page of text with markup, far above any real SOC description. */
export const RICH_TEXT_MAX_LENGTH = 20_000;

export const RichTextSchema = text().max(RICH_TEXT_MAX_LENGTH, 'Text is too long');

const ENTITY_SPACE = /&nbsp;|&#160;|&#xa0;/gi;

/** Visible text of an HTML fragment (tags dropped, whitespace collapsed): '' means the field is empty. */
export const richTextPlainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(ENTITY_SPACE, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const isRichTextBlank = (html: string | null | undefined): boolean => !html || richTextPlainText(html) === '';

/** A required rich-text field: the shared message of the forms (R-SOC-025, R-SVC-018). */
export const requiredRichText = (label: string) =>
  RichTextSchema.refine((v) => !isRichTextBlank(v), `${label} is required`);
