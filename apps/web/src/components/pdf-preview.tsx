import { Box, Skeleton, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { openPdf } from './pdf';

/**
 * A PDF's pages drawn with pdf.js, fitted to the width, to read before acting on it (issue 35: the signer reviews
 * the document). An iframe would lean on the browser's own PDF viewer, which phones and headless browsers lack.
 */
export function PdfPreview({
  data,
  title,
  height = 420,
}: {
  data: ArrayBuffer | undefined;
  title: string;
  height?: number;
}) {
  const { ref, width } = useElementSize();
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
            <PageCanvas key={p.pageNumber} page={p} width={width - 24} />
          ))}
        </Stack>
      ) : (
        <Skeleton h={height} />
      )}
    </Box>
  );
}

function PageCanvas({ page, width }: { page: PDFPageProxy; width: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scale = Math.min(1.5, Math.max(0.2, width / page.getViewport({ scale: 1 }).width));
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
    <canvas
      ref={canvas}
      role="img"
      aria-label={`Page ${page.pageNumber}`}
      style={{ background: 'white', boxShadow: 'var(--mantine-shadow-xs)' }}
    />
  );
}
