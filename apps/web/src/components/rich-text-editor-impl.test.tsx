import { render } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../test/render';

// Tiptap's useEditor destroys an editor on a timer when its host unmounts or its options change, and since 3.23 a
// destroyed editor has no schema: getHTML() then throws "Cannot read properties of null (reading 'cached')". An
// effect that still holds that editor (the SOC modal reopening, a form reset) took the whole tab down with it.
const destroyed = new Editor({ extensions: [StarterKit], content: '<p>old</p>' });
destroyed.destroy();
vi.mock('@tiptap/react', async (original) => ({
  ...(await original<typeof import('@tiptap/react')>()),
  useEditor: () => destroyed,
}));

describe('RichTextEditorImpl', () => {
  it('leaves a destroyed editor alone when the value changes (no crash of the tab)', async () => {
    const { default: RichTextEditorImpl } = await import('./rich-text-editor-impl');
    const onChange = vi.fn();
    const view = render(<RichTextEditorImpl label="Description" value="<p>a</p>" onChange={onChange} />, {
      wrapper: Providers,
    });
    view.rerender(<RichTextEditorImpl label="Description" value="<p>b</p>" onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
  });
});
