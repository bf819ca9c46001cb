import { describe, expect, it } from 'vitest';
import { isRichTextBlank, RICH_TEXT_TOOLBAR, requiredRichText, richTextPlainText } from './rich-text';

describe('rich text rules', () => {
  it('R-CONST-006: the toolbar is exactly bold, italic, undo, redo, numbered list and bullet list', () => {
    expect([...RICH_TEXT_TOOLBAR].sort()).toEqual(['bold', 'bulletList', 'italic', 'orderedList', 'redo', 'undo']);
  });

  it('an editor paragraph holding only spaces or a line break counts as empty', () => {
    expect(isRichTextBlank('<p></p>')).toBe(true);
    expect(isRichTextBlank('<p>&nbsp; <br></p>')).toBe(true);
    expect(isRichTextBlank('<p><strong>x</strong></p>')).toBe(false);
    expect(richTextPlainText('<ul><li>Java</li><li>SQL</li></ul>')).toBe('Java SQL');
  });

  it('a required rich-text field refuses an empty paragraph with "<label> is required"', () => {
    const r = requiredRichText('Description').safeParse('<p> </p>');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Description is required');
  });
});
