import { Box, Skeleton, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { PDFPageProxy } from 'pdfjs-dist';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { openPdf } from './pdf';

/** A box to mark on a page, in PDF points (x, y = its lower-left corner, as pdf-lib and the e-sign fields place it). */
export interface PdfMark {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A PDF's pages drawn with pdf.js, fitted to the width, to read before acting on it (issue 35: the signer reviews
 * the document). An iframe would lean on the browser's own PDF viewer, which phones and headless browsers lack.
 * `highlights` are drawn in yellow over their pages (where the signer signs), and the first is scrolled into view.
 */
export function PdfPreview({
  data,
  title,
  height = 420,
  highlights = [],
}: {
  data: ArrayBuffer | undefined;
  title: string;
  height?: number;
  highlights?: readonly PdfMark[];
}) {
  const { ref, width } = useElementSize();
  const firstMark = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<PDFPageProxy[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!data) return;
    let live = true;
    setFailed(false);
    (async () => {
      // pdf.js takes the buffer over: it gets a copy, so that the cached answer stays readable.
      const doc = await openPdf(data.slice(0));
      const out: PDFPageProxy[] = [];
      for (let n = 1; n <= doc.numPages; n++) out.push(await doc.getPage(n));
      if (live) setPages(out);
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [data]);
  const ready = !!pages && width > 0;
  useEffect(() => {
    if (ready) firstMark.current?.scrollIntoView?.({ block: 'center' });
  }, [ready]);
  const first = [...highlights].sort((a, b) => a.page - b.page || b.y - a.y)[0];
  return (
    <Box
      ref={ref}
      role="document"
      aria-label={title}
      tabIndex={0}
      style={{ height, overflowY: 'auto', background: 'var(--mantine-color-gray-1)', borderRadius: 4 }}
    >
      {failed ? (
        <Text size="sm" c="red" role="alert" p="md">
          This PDF cannot be shown here.
        </Text>
      ) : pages && width > 0 ? (
        <Stack gap="xs" p="xs" align="center">
          {pages.map((p) => (
            <PageCanvas
              key={p.pageNumber}
              page={p}
              width={width - 24}
              marks={highlights.filter((m) => m.page === p.pageNumber)}
              first={first}
              firstRef={firstMark}
            />
          ))}
        </Stack>
      ) : (
        <Skeleton h={height} />
      )}
    </Box>
  );
}

function PageCanvas({
  page,
  width,
  marks,
  first,
  firstRef,
}: {
  page: PDFPageProxy;
  width: number;
  marks: readonly PdfMark[];
  first: PdfMark | undefined;
  firstRef: RefObject<HTMLDivElement | null>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const unscaled = page.getViewport({ scale: 1 });
  const scale = Math.min(1.5, Math.max(0.2, width / unscaled.width));
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const vp = page.getViewport({ scale });
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.floor(vp.width * ratio);
    el.height = Math.floor(vp.height * ratio);
    el.style.width = `${Math.floor(vp.width)}px`;
    el.style.height = `${Math.floor(vp.height)}px`;
    const task = page.render({
      canvas: el,
      viewport: vp,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    task.promise.catch(() => undefined);
    return () => task.cancel();
  }, [page, scale]);
  return (
    <Box pos="relative">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Page ${page.pageNumber}`}
        style={{ background: 'white', boxShadow: 'var(--mantine-shadow-xs)', display: 'block' }}
      />
      {marks.map((m) => (
        <div
          key={`${m.x}-${m.y}-${m.width}-${m.height}`}
          ref={m === first ? firstRef : undefined}
          data-mark="sign-here"
          aria-hidden="true"
          style={{
            position: 'absolute',
            left: m.x * scale,
            // PDF points grow upwards from the page's foot; the screen's from its head.
            top: (unscaled.height - m.y - m.height) * scale,
            width: m.width * scale,
            height: m.height * scale,
            background: 'rgba(250, 204, 21, 0.35)',
            outline: '2px solid rgb(202, 138, 4)',
            borderRadius: 2,
            pointerEvents: 'none',
          }}
        />
      ))}
    </Box>
  );
}
