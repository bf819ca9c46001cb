import '@mantine/tiptap/styles.css';
import type { RICH_TEXT_TOOLBAR } from '@caseport/domain/rich-text/rich-text';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import type { RichTextEditorProps } from './rich-text-editor-props';

/**
 * Tiptap with only the marks of the toolbar (R-CONST-006): everything else in the starter kit is off, so
 * pasted headings, links or code become plain paragraphs here, exactly as the server's allow-list keeps them.
 */
const extensions = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
    underline: false,
  }),
];

// The toolbar is the shared list; the type check below fails if the list and these controls drift apart.
const CONTROLS: Record<(typeof RICH_TEXT_TOOLBAR)[number], () => React.ReactNode> = {
  bold: () => <RichTextEditor.Bold key="bold" />,
  italic: () => <RichTextEditor.Italic key="italic" />,
  undo: () => <RichTextEditor.Undo key="undo" />,
  redo: () => <RichTextEditor.Redo key="redo" />,
  orderedList: () => <RichTextEditor.OrderedList key="orderedList" />,
  bulletList: () => <RichTextEditor.BulletList key="bulletList" />,
};

export default function RichTextEditorImpl({ value, onChange, label, id }: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) },
    },
    onUpdate: ({ editor: e }) => {
      if (!e.isDestroyed) onChange(e.isEmpty ? '' : e.getHTML());
    },
  });
  // A value set from outside (the form is reset or loaded for another row) replaces the content. useEditor destroys
  // an editor on a timer when the host unmounts or remounts, and a destroyed editor has no schema (getHTML throws):
  // that one is left alone, the next editor starts from the value.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} aria-label={label}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>{[CONTROLS.bold(), CONTROLS.italic()]}</RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>{[CONTROLS.orderedList(), CONTROLS.bulletList()]}</RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>{[CONTROLS.undo(), CONTROLS.redo()]}</RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={90} />
    </RichTextEditor>
  );
}
