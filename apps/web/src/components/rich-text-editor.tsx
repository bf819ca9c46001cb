import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import type { RichTextEditorProps } from './rich-text-editor-props';

// Tiptap and ProseMirror are a large chunk: loaded only when a form with rich text opens (ARCHITECTURE budgets).
const Editor = lazy(() => import('./rich-text-editor-impl'));

/**
 * The one rich-text editor of the app (R-CONST-006: bold, italic, undo, redo, numbered and bullet lists),
 * lazy-loaded, wrapped as a Mantine input with label, required mark and error.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  error,
  required,
}: Omit<RichTextEditorProps, 'id'> & { error?: React.ReactNode; required?: boolean }) {
  const id = useId();
  return (
    <Input.Wrapper label={label} required={required} error={error} labelElement="div" id={id}>
      <Suspense fallback={<Skeleton height={130} radius="sm" aria-label={`Loading ${label} editor`} />}>
        <Editor value={value} onChange={onChange} label={label} id={id} />
      </Suspense>
    </Input.Wrapper>
  );
}
