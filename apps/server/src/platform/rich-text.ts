import { isRichTextBlank, RICH_TEXT_TAGS } from '@caseport/domain/rich-text/rich-text';
import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from './lazy-require';

/**
 * The one server sanitizer for rich text (SECURITY 14, R-CONST-006). Allow-list = the editor's toolbar:
 * paragraphs, line breaks, bold, italic, numbered and bullet lists; no attributes at all, so no event
 * handlers, styles, links or URLs can survive. Script/style contents are dropped, other unknown tags are
 * unwrapped (their text stays, as plain text). Letters and templates reuse it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'xmp',
    'noembed',
    'noframes',
    'title',
    'head',
  ],
  // What older editors or pasted Word HTML use for the same marks.
  transformTags: { b: 'strong', i: 'em' },
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

// NUL never belongs in text and PostgreSQL refuses it in text/jsonb: dropped before parsing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is exactly what must go.
const NUL = /\u0000/g;

// Loaded on the first rich text, not at every start (issue 38 finding 11).
const sanitizer = lazyRequire<typeof sanitizeHtml>('sanitize-html');

export const sanitizeRichText = (html: string): string => sanitizer()(html.replace(NUL, ''), OPTIONS).trim();

/** Sanitized value, or null when nothing visible is left (the caller answers "<field> is required"). */
export const sanitizeRequiredRichText = (html: string): string | null => {
  const clean = sanitizeRichText(html);
  return isRichTextBlank(clean) ? null : clean;
};
