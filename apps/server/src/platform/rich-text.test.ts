import { describe, expect, it } from 'vitest';
import { INERT_HTML, XSS_CORPUS } from '../../test/support/xss-corpus';
import { sanitizeRequiredRichText, sanitizeRichText } from './rich-text';

describe('rich-text sanitizer (SECURITY 14)', () => {
  it('R-CONST-006: keeps exactly the toolbar marks — paragraphs, bold, italic, numbered and bullet lists — without attributes', () => {
    const html =
      '<p class="x">Hi <strong style="color:red">bold</strong> <b>b</b> <em>it</em> <i>i</i><br></p><ol><li>1</li></ol><ul><li>2</li></ul><h1>T</h1><a href="https://x">link</a>';
    expect(sanitizeRichText(html)).toBe(
      '<p>Hi <strong>bold</strong> <strong>b</strong> <em>it</em> <em>i</em><br /></p><ol><li>1</li></ol><ul><li>2</li></ul>Tlink',
    );
  });

  it(`leaves every one of the ${XSS_CORPUS.length} XSS corpus vectors inert: no tag outside the allow-list, no attribute`, () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
    for (const vector of XSS_CORPUS) {
      const clean = sanitizeRichText(vector).replace(/<br \/>/g, '<br>');
      expect(clean, vector).toMatch(INERT_HTML);
      expect(clean.toLowerCase(), vector).not.toContain('<script');
    }
  });

  it('a value with nothing visible left after sanitizing counts as empty', () => {
    expect(sanitizeRequiredRichText('<script>xss()</script>')).toBeNull();
    expect(sanitizeRequiredRichText('<p><br></p>')).toBeNull();
    expect(sanitizeRequiredRichText('<p>ok</p>')).toBe('<p>ok</p>');
  });
});
