import { describe, expect, it } from 'vitest';
import { EsignFieldsSaveBodySchema } from './contracts';
import {
  clampToBox,
  fieldProblems,
  normalizeRotation,
  type PageView,
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
