import {
  ESIGN_FIELD_DEFAULT_SIZE,
  ESIGN_FIELD_TYPE_LABELS,
  ESIGN_FIELD_TYPES,
  ESIGN_SIGNER_ROLE_LABELS,
  type EsignField,
  type EsignFieldType,
} from '@caseport/domain/esign-fields/contracts';
import {
  clampToBox,
  type PageView,
  pdfRectToScreen,
  roundRect,
  type ScreenRect,
  screenRectToPdf,
} from '@caseport/domain/esign-fields/geometry';
import { Box, CloseButton, Loader, Text } from '@mantine/core';
import type { PDFPageProxy } from 'pdfjs-dist';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';

export interface PlacedField extends EsignField {
  key: number;
}

/** The drag payload of a palette entry (a field type). */
export const FIELD_DRAG_TYPE = 'application/x-caseport-esign-field';

const ROLE_COLOURS: Record<EsignField['role'], string> = {
  signatory: 'blue',
  petitioner: 'green',
  attorney: 'grape',
  beneficiary: 'orange',
};

interface Props {
  page: PDFPageProxy;
  /** Width available for the page, in CSS pixels. */
  width: number;
  fields: PlacedField[];
  selected: number | null;
  canEdit: boolean;
  onSelect: (key: number | null) => void;
  onChange: (key: number, rect: Pick<EsignField, 'x' | 'y' | 'width' | 'height'>) => void;
  onDelete: (key: number) => void;
  /** A palette field dropped at a screen point of this page. */
  onDrop: (type: EsignFieldType, rect: Pick<EsignField, 'x' | 'y' | 'width' | 'height'>) => void;
}

/** The page's view (box, rotation, scale) as pdf.js renders it, fitted to the width (at most 150 %). */
export const viewOf = (page: PDFPageProxy, width: number): PageView => {
  const [x0, y0, x1, y1] = page.view as [number, number, number, number];
  const rotation = (((page.rotate % 360) + 360) % 360) as PageView['rotation'];
  const across = rotation === 90 || rotation === 270 ? y1 - y0 : x1 - x0;
  return { box: [x0, y0, x1, y1], rotation, scale: Math.min(1.5, Math.max(0.2, width / across)) };
};

/** The rect a screen rect stands for, in whole points, kept inside the page. */
const toPdf = (view: PageView, rect: ScreenRect) => clampToBox(roundRect(screenRectToPdf(view, rect)), view.box);

/** One page: the rendered PDF and, over it, its fields (drag to move, the corner handle to resize). */
export function PdfPage({ page, width, fields, selected, canEdit, onSelect, onChange, onDelete, onDrop }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);
  const view = viewOf(page, width);
  const viewport = page.getViewport({ scale: view.scale, rotation: view.rotation });

  const { scale, rotation } = view;
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const vp = page.getViewport({ scale, rotation });
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.floor(vp.width * ratio);
    el.height = Math.floor(vp.height * ratio);
    setRendered(false);
    const task = page.render({
      canvas: el,
      viewport: vp,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    task.promise.then(
      () => setRendered(true),
      () => undefined, // cancelled by a newer render (resize)
    );
    return () => task.cancel();
  }, [page, scale, rotation]);

  const drag = useRef<{ key: number; mode: 'move' | 'resize'; x: number; y: number; start: ScreenRect } | null>(null);
  const startDrag = (e: PointerEvent, field: PlacedField, mode: 'move' | 'resize') => {
    if (!canEdit) return;
    e.stopPropagation();
    onSelect(field.key);
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { key: field.key, mode, x: e.clientX, y: e.clientY, start: pdfRectToScreen(view, field) };
  };
  const moveDrag = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    const rect =
      d.mode === 'move'
        ? { ...d.start, left: d.start.left + dx, top: d.start.top + dy }
        : { ...d.start, width: Math.max(4, d.start.width + dx), height: Math.max(4, d.start.height + dy) };
    onChange(d.key, toPdf(view, rect));
  };
  const endDrag = () => {
    drag.current = null;
  };

  // Keyboard: arrows move by a point (Shift: 10), Alt+arrows resize, Delete removes — in screen directions.
  const onKey = (e: KeyboardEvent, field: PlacedField) => {
    if (!canEdit) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onDelete(field.key);
      return;
    }
    const step = (e.shiftKey ? 10 : 1) * view.scale;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      e.key as 'ArrowLeft'
    ];
    if (!delta) return;
    e.preventDefault();
    const r = pdfRectToScreen(view, field);
    const rect = e.altKey
      ? { ...r, width: r.width + delta[0]!, height: r.height + delta[1]! }
      : { ...r, left: r.left + delta[0]!, top: r.top + delta[1]! };
    onChange(field.key, toPdf(view, rect));
  };

  const drop = (e: React.DragEvent<HTMLDivElement>) => {
    const type = e.dataTransfer.getData(FIELD_DRAG_TYPE) as EsignFieldType;
    if (!canEdit || !ESIGN_FIELD_TYPES.includes(type)) return;
    e.preventDefault();
    const box = e.currentTarget.getBoundingClientRect();
    // The field's centre lands under the pointer.
    onDrop(type, newFieldRect(view, type, e.clientX - box.left, e.clientY - box.top));
  };

  return (
    <Box
      pos="relative"
      w={viewport.width}
      h={viewport.height}
      mx="auto"
      style={{ boxShadow: 'var(--mantine-shadow-sm)', background: 'white', touchAction: canEdit ? 'none' : undefined }}
      data-page={page.pageNumber}
      aria-label={`Page ${page.pageNumber}`}
      role="region"
      onDragOver={(e) => {
        if (canEdit && e.dataTransfer.types.includes(FIELD_DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={drop}
      onPointerDown={() => onSelect(null)}
    >
      <canvas ref={canvas} style={{ width: viewport.width, height: viewport.height, display: 'block' }} />
      {rendered ? null : (
        <Loader size="sm" pos="absolute" top="50%" left="50%" aria-label={`Rendering page ${page.pageNumber}`} />
      )}
      {fields.map((field) => {
        const r = pdfRectToScreen(view, field);
        const colour = ROLE_COLOURS[field.role];
        const label = `${ESIGN_SIGNER_ROLE_LABELS[field.role]} ${ESIGN_FIELD_TYPE_LABELS[field.type]}`;
        const isSelected = selected === field.key;
        return (
          <Box
            key={field.key}
            pos="absolute"
            left={r.left}
            top={r.top}
            w={r.width}
            h={r.height}
            tabIndex={0}
            role="button"
            aria-pressed={isSelected}
            aria-label={`${label}, page ${field.page}`}
            data-key={field.key}
            data-field={field.type}
            data-role={field.role}
            data-x={field.x}
            data-y={field.y}
            data-width={field.width}
            data-height={field.height}
            onPointerDown={(e) => startDrag(e, field, 'move')}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onFocus={() => onSelect(field.key)}
            onKeyDown={(e) => onKey(e, field)}
            style={{
              border: `${isSelected ? 2 : 1}px solid var(--mantine-color-${colour}-7)`,
              background: `color-mix(in srgb, var(--mantine-color-${colour}-2) 55%, transparent)`,
              cursor: canEdit ? 'move' : 'default',
              userSelect: 'none',
              // Scrolled to below a sticky palette (prepare-page.tsx, on a phone).
              scrollMarginTop: 'var(--esign-covered, 0px)',
            }}
          >
            <Text size="10px" lh={1.1} c={`${colour}.9`} px={2} truncate="end">
              {label}
            </Text>
            {isSelected && canEdit ? (
              <>
                <CloseButton
                  size="xs"
                  pos="absolute"
                  top={0}
                  right={0}
                  aria-label={`Delete ${label}`}
                  onPointerDown={(e) => e.stopPropagation()}
                  onClick={() => onDelete(field.key)}
                />
                <Box
                  pos="absolute"
                  right={-5}
                  bottom={-5}
                  w={12}
                  h={12}
                  aria-hidden="true"
                  data-resize-handle
                  style={{
                    cursor: 'nwse-resize',
                    background: `var(--mantine-color-${colour}-7)`,
                    borderRadius: 2,
                  }}
                  onPointerDown={(e) => startDrag(e, field, 'resize')}
                  onPointerMove={moveDrag}
                  onPointerUp={endDrag}
                  onPointerCancel={endDrag}
                />
              </>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

/** A new field of the type centred on a screen point of the page, upright on screen whatever the rotation. */
export const newFieldRect = (view: PageView, type: EsignFieldType, x: number, y: number) => {
  const size = ESIGN_FIELD_DEFAULT_SIZE[type];
  const w = size.width * view.scale;
  const h = size.height * view.scale;
  return toPdf(view, { left: x - w / 2, top: y - h / 2, width: w, height: h });
};
