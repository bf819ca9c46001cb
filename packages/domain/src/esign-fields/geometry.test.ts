import { describe, expect, it } from 'vitest';
import { ESIGN_FIELD_DEFAULT_SIZE, ESIGN_FIELD_TYPES, EsignFieldsSaveBodySchema } from './contracts';
import {
  clampToBox,
  fieldProblems,
  firstFreePlace,
  isInsideBox,
  normalizeRotation,
  overlaps,
  type PageView,
  type PdfRect,
  pdfRectToScreen,
  pdfToScreen,
  screenRectToPdf,
  screenToPdf,
  viewSize,
} from './geometry';

const LETTER = [0, 0, 612, 792] as const;
const view = (rotation: PageView['rotation'], scale = 1.5, box: PageView['box'] = LETTER): PageView => ({
  box,
  rotation,
  scale,
});

describe('e-sign field geometry: screen px <-> PDF points', () => {
  it('an unrotated page: PDF y up from the bottom, screen y down from the top, scaled', () => {
    expect(pdfToScreen(view(0), { x: 0, y: 792 })).toEqual({ x: 0, y: 0 });
    expect(pdfToScreen(view(0), { x: 100, y: 700 })).toEqual({ x: 150, y: 138 });
    expect(screenToPdf(view(0), { x: 150, y: 138 })).toEqual({ x: 100, y: 700 });
    expect(viewSize(view(0))).toEqual({ width: 918, height: 1188 });
  });

  it('a box not at the origin (a crop box) offsets both ways', () => {
    const v = view(0, 1, [50, 20, 562, 772]);
    expect(pdfToScreen(v, { x: 50, y: 772 })).toEqual({ x: 0, y: 0 });
    expect(screenToPdf(v, { x: 10, y: 10 })).toEqual({ x: 60, y: 762 });
  });

  it('rotated pages turn clockwise and swap the rendered width and height (as pdf.js renders them)', () => {
    expect(viewSize(view(90, 1))).toEqual({ width: 792, height: 612 });
    // The page's top-left corner goes to the top-right at 90, bottom-right at 180, bottom-left at 270.
    expect(pdfToScreen(view(90, 1), { x: 0, y: 792 })).toEqual({ x: 792, y: 0 });
    expect(pdfToScreen(view(180, 1), { x: 0, y: 792 })).toEqual({ x: 612, y: 792 });
    expect(pdfToScreen(view(270, 1), { x: 0, y: 792 })).toEqual({ x: 0, y: 612 });
    // pdf.js's 90° viewport: x_screen = y_pdf * scale, y_screen = x_pdf * scale.
    expect(pdfToScreen(view(90, 2), { x: 30, y: 40 })).toEqual({ x: 80, y: 60 });
  });

  it('screen -> PDF inverts PDF -> screen at every rotation and scale', () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      for (const scale of [0.5, 1, 1.37]) {
        const v = view(rotation, scale, [10, 20, 622, 812]);
        const p = { x: 123.5, y: 456.25 };
        const back = screenToPdf(v, pdfToScreen(v, p));
        expect(back.x).toBeCloseTo(p.x, 9);
        expect(back.y).toBeCloseTo(p.y, 9);
        const rect = { x: 100, y: 200, width: 160, height: 36 };
        const round = screenRectToPdf(v, pdfRectToScreen(v, rect));
        for (const k of ['x', 'y', 'width', 'height'] as const) expect(round[k]).toBeCloseTo(rect[k], 9);
      }
    }
  });

  it('a field rect on a 90° page shows with width and height swapped', () => {
    expect(pdfRectToScreen(view(90, 1), { x: 100, y: 200, width: 160, height: 36 })).toEqual({
      left: 200,
      top: 100,
      width: 36,
      height: 160,
    });
  });

  it('normalizeRotation takes any multiple of 90, negative too', () => {
    expect([0, 90, 180, 270, 360, -90, 450].map(normalizeRotation)).toEqual([0, 90, 180, 270, 0, 270, 90]);
  });

  it('clampToBox moves a field back inside its page without resizing it', () => {
    expect(clampToBox({ x: -20, y: 780, width: 160, height: 36 }, LETTER)).toEqual({
      x: 0,
      y: 756,
      width: 160,
      height: 36,
    });
    expect(clampToBox({ x: 600, y: -5, width: 160, height: 36 }, LETTER)).toEqual({
      x: 452,
      y: 0,
      width: 160,
      height: 36,
    });
  });
});

describe('e-sign fields: the set the server accepts', () => {
  const field = { page: 1, x: 72, y: 100, width: 160, height: 36, role: 'signatory', type: 'signature' } as const;
  it('fieldProblems: a field outside its page or on a page the document lacks is named', () => {
    expect(fieldProblems([field], [LETTER])).toEqual([]);
    expect(fieldProblems([field, { ...field, x: 500 }], [LETTER])).toEqual([
      { name: 'fields.1', message: 'The field must lie inside its page' },
    ]);
    expect(fieldProblems([{ ...field, page: 2 }], [LETTER])).toEqual([
      { name: 'fields.0.page', message: 'The document has no such page' },
    ]);
  });
  it('the contract refuses unknown roles and types, fractions, extra keys and more than 100 fields', () => {
    const body = (fields: unknown[]) => ({ templateId: `private/${'a'.repeat(32)}.pdf`, fields });
    expect(EsignFieldsSaveBodySchema.safeParse(body([field])).success).toBe(true);
    expect(EsignFieldsSaveBodySchema.safeParse(body([{ ...field, role: 'notary' }])).success).toBe(false);
    expect(EsignFieldsSaveBodySchema.safeParse(body([{ ...field, type: 'stamp' }])).success).toBe(false);
    expect(EsignFieldsSaveBodySchema.safeParse(body([{ ...field, x: 1.5 }])).success).toBe(false);
    expect(EsignFieldsSaveBodySchema.safeParse(body([{ ...field, tenantId: 'x' }])).success).toBe(false);
    expect(EsignFieldsSaveBodySchema.safeParse(body([{ ...field, width: 2 }])).success).toBe(false);
    expect(EsignFieldsSaveBodySchema.safeParse(body(Array(101).fill(field))).success).toBe(false);
  });
});

describe('issue 38 finding 8: a field added by a palette button covers no other field', () => {
  const page = { box: LETTER, rotation: 0 } as const;
  const { signature, date } = ESIGN_FIELD_DEFAULT_SIZE;

  it('overlaps: shared area overlaps, a shared edge or a gap does not', () => {
    const a = { x: 100, y: 100, width: 160, height: 36 };
    expect(overlaps(a, { x: 250, y: 130, width: 90, height: 20 })).toBe(true);
    expect(overlaps(a, { x: 120, y: 110, width: 10, height: 10 })).toBe(true);
    expect(overlaps({ x: 120, y: 110, width: 10, height: 10 }, a)).toBe(true);
    expect(overlaps(a, { x: 260, y: 100, width: 90, height: 20 })).toBe(false);
    expect(overlaps(a, { x: 100, y: 136, width: 90, height: 20 })).toBe(false);
    expect(overlaps(a, { x: 400, y: 400, width: 90, height: 20 })).toBe(false);
  });

  it('the first field goes to the top-left of the page, half an inch in; the next one beside it, not on it', () => {
    const first = firstFreePlace([], signature, page);
    // Screen (36, 36) from the top-left is PDF y = 792 - 36 - 36 (y up from the bottom).
    expect(first).toEqual({ x: 36, y: 720, width: 160, height: 36 });
    const second = firstFreePlace([first], date, page);
    expect(second).toEqual({ x: 204, y: 736, width: 90, height: 20 });
    expect(overlaps(first, second)).toBe(false);
  });

  it('a full row moves on to the next row, top to bottom', () => {
    const row = [0, 1, 2].map((i) => ({ x: 36 + i * 180, y: 720, width: 180, height: 36 }));
    expect(firstFreePlace(row, date, page)).toEqual({ x: 36, y: 700, width: 90, height: 20 });
  });

  it('fields added one after another never overlap and all stay inside the page', () => {
    const placed: PdfRect[] = [];
    for (let i = 0; i < 60; i++) {
      const type = ESIGN_FIELD_TYPES[i % ESIGN_FIELD_TYPES.length]!;
      placed.push(firstFreePlace(placed, ESIGN_FIELD_DEFAULT_SIZE[type], page));
    }
    for (const [i, a] of placed.entries()) {
      expect(isInsideBox(a, LETTER)).toBe(true);
      for (const b of placed.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    }
  });

  it('on a full page the field goes to the default spot, the centre', () => {
    const cover = { x: 0, y: 0, width: 612, height: 792 };
    expect(firstFreePlace([cover], signature, page)).toEqual({ x: 226, y: 378, width: 160, height: 36 });
  });

  it('a turned page is scanned as it shows on screen, the field upright', () => {
    const turned = { box: LETTER, rotation: 90 } as const;
    const first = firstFreePlace([], signature, turned);
    expect(pdfRectToScreen({ ...turned, scale: 1 }, first)).toEqual({ left: 36, top: 36, width: 160, height: 36 });
    const second = firstFreePlace([first], date, turned);
    expect(overlaps(first, second)).toBe(false);
    expect(pdfRectToScreen({ ...turned, scale: 1 }, second)).toEqual({ left: 204, top: 36, width: 90, height: 20 });
  });
});
