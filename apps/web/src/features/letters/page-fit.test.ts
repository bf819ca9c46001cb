import { describe, expect, it } from 'vitest';
import { fitZoom, LETTER_PAGES_PX, layoutMinWidth, zoomOf } from './page-fit';

describe('issue 38 finding 8: the letter page fitted to a phone', () => {
  it('fits the pages to the width in whole per cent, never above 100 %', () => {
    // 390 px less the editor's two 14 px scrollbar gutters.
    const zoom = fitZoom(362, LETTER_PAGES_PX);
    expect(zoom).toBe(0.41);
    expect(LETTER_PAGES_PX * zoom).toBeLessThanOrEqual(362);
    expect(fitZoom(1250, LETTER_PAGES_PX)).toBe(1);
    expect(fitZoom(40, LETTER_PAGES_PX)).toBe(0.2);
  });

  it('keeps the layout as wide as the scaled pages, so a page zoomed in scrolls from its left edge', () => {
    expect(layoutMinWidth(864, 0.41)).toBe(355);
    expect(layoutMinWidth(864, 1)).toBe(864);
    expect(layoutMinWidth(864, 2)).toBe(1728);
  });

  it("reads the zoom from the scaled element's transform", () => {
    expect(zoomOf('scale(0.41)')).toBe(0.41);
    expect(zoomOf('translateX(-120px) scale(1.5)')).toBe(1.5);
    expect(zoomOf('')).toBe(1);
  });
});
