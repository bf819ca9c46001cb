export interface RichTextEditorProps {
  /** HTML (what the server stores after its allow-list sanitizing). */
  value: string;
  onChange: (html: string) => void;
  label: string;
  id?: string;
}
