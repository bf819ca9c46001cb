import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DocumentInput } from './document-input';

vi.mock('../lib/files', () => ({
  uploadFiles: async (_purpose: string, _access: string, files: File[]) =>
    files.map((f) => ({ path: 'private/0123456789abcdef0123456789abcdef.pdf', name: f.name })),
}));

/** The form's side: an onChange that takes its time (the template form has the document prepared first). */
function Form({ settle }: { settle: Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [doc, setDoc] = useState<{ path: string; name: string } | null>(null);
  return (
    <>
      <DocumentInput
        label="Template Document"
        value={doc}
        onChange={async (d) => {
          await settle;
          setDoc(d);
        }}
        onBusyChange={setBusy}
      />
      <button type="button" disabled={busy}>
        Save
      </button>
    </>
  );
}

describe('DocumentInput', () => {
  it('stays busy (Save disabled) until the form has taken the uploaded document, not only until the upload ends', async () => {
    let release = () => {};
    const settle = new Promise<void>((r) => {
      release = r;
    });
    const { container } = renderWithProviders(<Form settle={settle} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-'], 'notice.pdf', { type: 'application/pdf' })] } });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    // The upload is done; the form's onChange is still running: a Save now would find no document.
    await new Promise((r) => setTimeout(r, 50));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('notice.pdf')).toBeTruthy();
  });
});
