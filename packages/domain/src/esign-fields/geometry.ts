import { ESIGN_FIELD_MESSAGES, ESIGN_MIN_FIELD_SIZE, type EsignField } from './contracts';

/**
 * Screen pixels <-> PDF points for one rendered page, the rule both the preparation page (placing) and the
 * server (checking, drawing) follow. A page shows its view box [x0, y0, x1, y1] (PDF user space, y up),
 * turned clockwise by its /Rotate (0, 90, 180, 270) and scaled; screen space has its origin at the rendered
 * page's top-left, y down — the same mapping as pdf.js's PageViewport.
 */
export type Rotation = 0 | 90 | 180 | 270;
export type PageBox = readonly [x0: number, y0: number, x1: number, y1: number];
export interface PageView {
  box: PageBox;
  rotation: Rotation;
  /** Screen pixels per PDF point. */
  scale: number;
}
export interface Point {
  x: number;
  y: number;
}
/** A rectangle on screen: left/top in pixels from the page's top-left corner. */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}
/** A rectangle in PDF user space: x, y its lower-left corner, in points. */
export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Any multiple of 90 (negative too) as 0/90/180/270. */
export const normalizeRotation = (degrees: number): Rotation =>
  ((((Math.round(degrees / 90) * 90) % 360) + 360) % 360) as Rotation;

const boxSize = (box: PageBox) => ({ w: box[2] - box[0], h: box[3] - box[1] });

/** The rendered page's size in pixels. */
export const viewSize = ({ box, rotation, scale }: PageView) => {
  const { w, h } = boxSize(box);
  const turned = rotation === 90 || rotation === 270;
  return { width: (turned ? h : w) * scale, height: (turned ? w : h) * scale };
};

export const pdfToScreen = ({ box, rotation, scale }: PageView, p: Point): Point => {
  const { w, h } = boxSize(box);
  // The unrotated page, top-left origin, y down, in points.
  const u = p.x - box[0];
  const v = box[3] - p.y;
  const [a, b] =
    rotation === 0 ? [u, v] : rotation === 90 ? [h - v, u] : rotation === 180 ? [w - u, h - v] : [v, w - u];
  return { x: a * scale, y: b * scale };
};

export const screenToPdf = ({ box, rotation, scale }: PageView, s: Point): Point => {
  const { w, h } = boxSize(box);
  const a = s.x / scale;
  const b = s.y / scale;
  const [u, v] =
    rotation === 0 ? [a, b] : rotation === 90 ? [b, h - a] : rotation === 180 ? [w - a, h - b] : [w - b, a];
  return { x: box[0] + u, y: box[3] - v };
};

const spanning = (p: Point, q: Point) => ({
  minX: Math.min(p.x, q.x),
  minY: Math.min(p.y, q.y),
  maxX: Math.max(p.x, q.x),
  maxY: Math.max(p.y, q.y),
});

export const pdfRectToScreen = (view: PageView, r: PdfRect): ScreenRect => {
  const s = spanning(pdfToScreen(view, { x: r.x, y: r.y }), pdfToScreen(view, { x: r.x + r.width, y: r.y + r.height }));
  return { left: s.minX, top: s.minY, width: s.maxX - s.minX, height: s.maxY - s.minY };
};

export const screenRectToPdf = (view: PageView, r: ScreenRect): PdfRect => {
  const s = spanning(
    screenToPdf(view, { x: r.left, y: r.top }),
    screenToPdf(view, { x: r.left + r.width, y: r.top + r.height }),
  );
  return { x: s.minX, y: s.minY, width: s.maxX - s.minX, height: s.maxY - s.minY };
};

/** Whole points (the stored precision), the size at least the minimum and at most the page. */
export const roundRect = (r: PdfRect): PdfRect => ({
  x: Math.round(r.x),
  y: Math.round(r.y),
  width: Math.max(ESIGN_MIN_FIELD_SIZE, Math.round(r.width)),
  height: Math.max(ESIGN_MIN_FIELD_SIZE, Math.round(r.height)),
});

/** The rectangle moved (never resized) so that it lies inside the box; whole points inward. */
export const clampToBox = (r: PdfRect, box: PageBox): PdfRect => {
  const width = Math.min(r.width, Math.floor(box[2] - box[0]));
  const height = Math.min(r.height, Math.floor(box[3] - box[1]));
  const x = Math.min(Math.max(r.x, Math.ceil(box[0])), Math.floor(box[2] - width));
  const y = Math.min(Math.max(r.y, Math.ceil(box[1])), Math.floor(box[3] - height));
  return { x, y, width, height };
};

export const isInsideBox = (r: PdfRect, box: PageBox) =>
  r.x >= box[0] && r.y >= box[1] && r.x + r.width <= box[2] && r.y + r.height <= box[3];

/**
 * The server's check of a whole set against the document's pages (their view boxes, page 1 first): each
 * field on an existing page and inside its box. Field errors name `fields.<i>.page` or `fields.<i>`.
 */
export const fieldProblems = (
  fields: readonly EsignField[],
  pages: readonly PageBox[],
): { name: string; message: string }[] =>
  fields.flatMap((f, i): { name: string; message: string }[] => {
    const box = pages[f.page - 1];
    if (!box) return [{ name: `fields.${i}.page`, message: ESIGN_FIELD_MESSAGES.noPage }];
    return isInsideBox(f, box) ? [] : [{ name: `fields.${i}`, message: ESIGN_FIELD_MESSAGES.outside }];
  });

/** Two rectangles share some area; rectangles that only touch along an edge do not overlap. */
export const overlaps = (a: PdfRect, b: PdfRect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The scan's step and its distance from the paper's edge, in points (a sixth and a half of an inch). */
export const PLACE_STEP = 12;
export const PLACE_MARGIN = 36;

/**
 * Issue 38 finding 8: where a field added by a palette button (no pointer to say where) goes on a page. The
 * first spot in reading order on screen — rows top to bottom, each left to right, in steps of `step` points,
 * `margin` points in from the paper's edge — where it covers no field already on that page; on a full page
 * the page's centre, the spot such a field had before. `size` is upright on screen whatever the page's
 * rotation (as a dropped field is). The result is in whole points inside the page, as stored, so the check
 * is made on what will be saved.
 */
export const firstFreePlace = (
  existing: readonly PdfRect[],
  size: { width: number; height: number },
  page: Pick<PageView, 'box' | 'rotation'>,
  { step = PLACE_STEP, margin = PLACE_MARGIN }: { step?: number; margin?: number } = {},
): PdfRect => {
  const view: PageView = { box: page.box, rotation: page.rotation, scale: 1 };
  const { width, height } = viewSize(view);
  const at = (left: number, top: number) =>
    clampToBox(roundRect(screenRectToPdf(view, { left, top, ...size })), page.box);
  // A page too small for the margin is scanned edge to edge.
  const inset = width - 2 * margin >= size.width && height - 2 * margin >= size.height ? margin : 0;
  for (let top = inset; top + size.height <= height - inset; top += step) {
    for (let left = inset; left + size.width <= width - inset; left += step) {
      const spot = at(left, top);
      if (!existing.some((field) => overlaps(spot, field))) return spot;
    }
  }
  return at((width - size.width) / 2, (height - size.height) / 2);
};
