/**
 * Issue 38 finding 8 (390 px): the letter editor on a phone. The editor library zooms its pages with a CSS scale
 * but keeps its layout as wide as the pages at 100 % plus margins (944 px for US Letter), so at 390 px the scaled
 * page sat off to the right, cut off. Below PHONE_MAX_PX the pages are fitted to the width, and the layout's
 * minimum width follows the zoom (the pages, scaled), so pages zoomed in past the width still scroll sideways
 * inside the editor from their left edge.
 */

/** Mantine's `sm` breakpoint (48em): at and above it the editor is the library's own. */
export const PHONE_MAX_PX = 768;
/** The pages' width at 100 % before the document is read: a US Letter page (816) and the library's padding. */
export const LETTER_PAGES_PX = 864;

/** The zoom, in whole per cent and at most 100 %, at which pages `pagesWidth` px wide fit `available` px. */
export const fitZoom = (available: number, pagesWidth: number) =>
  Math.max(0.2, Math.min(1, Math.floor((available / pagesWidth) * 100) / 100));

/** The layout's minimum width at a zoom: the pages, scaled. */
export const layoutMinWidth = (pagesWidth: number, zoom: number) => Math.ceil(pagesWidth * zoom);

/** The zoom a scaled element's inline `transform` applies (no scale: 100 %). */
export const zoomOf = (transform: string) => {
  const m = /scale\(([\d.]+)\)/.exec(transform);
  return m ? Number(m[1]) : 1;
};
