import { setGoogleFontsEnabled } from '@eigenpal/docx-editor-core';
import { createEmptyDocument, DocxEditor, type DocxEditorRef } from '@eigenpal/docx-editor-react';
import '@eigenpal/docx-editor-react/styles.css';
import { DOCX_LIMIT_MESSAGES } from '@caseport/domain/files/docx-limits';
import { LETTER_MESSAGES, LETTER_TAGS, LETTER_TYPE } from '@caseport/domain/letters/contracts';
import { TEMPLATE_NAME_MAX } from '@caseport/domain/templates/contracts';
import { Alert, Box, Button, Group, Loader, Menu, Text, TextInput } from '@mantine/core';
import { IconBraces, IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { api } from '../../lib/api-client';
import { uploadFiles } from '../../lib/files';
import { docxBreach } from './docx-guard';
import { editorParamsOf, postClosePopup } from './editor-protocol';
import './letter-editor.css';
import { fitZoom, LETTER_PAGES_PX, layoutMinWidth, PHONE_MAX_PX, zoomOf } from './page-fit';

// Nothing may be fetched from another origin (issue 20): the editor's Google Fonts fallback is switched off
// before it renders; fonts a document names but the browser lacks fall back to the local ones.
setGoogleFontsEnabled(false);

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The letter editor (R-LETTER-007..011): our own page, opened in a frame by the letter lists (same origin,
 * CSP frame-ancestors 'self'). It opens the .docx in a Word-fidelity editor (@eigenpal/docx-editor-react:
 * headers, footers, images and tables survive a save), offers the letter variables as insertable {tags},
 * saves through form-letter/create or /update and posts 'closePopup' to its parent. View is read-only.
 */
export default function LetterEditorPage() {
  const params = useMemo(() => editorParamsOf(window.location.search), []);
  const readOnly = params.mode === 'view';
  const editor = useRef<DocxEditorRef>(null);
  const [name, setName] = useState(params.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const source = useQuery({
    queryKey: ['letter-editor', params.path ?? 'blank'],
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) => {
      if (!params.path) return null;
      const { blob } = await api.file(
        '/api/common/viewfile',
        { path: params.path, filename: params.fileName ?? 'letter.docx' },
        signal,
      );
      const buffer = await blob.arrayBuffer();
      // Issue 39: a document over the limits is not handed to the editor (20,000 tags crashed the tab).
      return { buffer, breach: await docxBreach(buffer) };
    },
  });
  const blank = useMemo(() => (params.path ? null : createEmptyDocument()), [params.path]);
  const root = useRef<HTMLDivElement>(null);
  // Issue 38 finding 8: on a phone the page starts at about the width (refined once the editor is measured).
  const phone = useMemo(() => window.innerWidth < PHONE_MAX_PX, []);
  usePageFit(root, editor, phone);

  const close = (message?: string) => {
    const closing = { type: 'closePopup' as const, saved: message !== undefined, message };
    if (window.parent !== window) postClosePopup(window.parent, closing);
    else window.location.assign(params.header ? '/settings/headerTemplate' : '/settings/lettersTemplate');
  };

  const [tagsOpen, setTagsOpen] = useState(false);
  // Issue 38 finding 8: the tag goes in at the caret (replacing a selection), the caret stays right after it,
  // the menu closes and the keyboard goes back to the document, so typing continues the sentence.
  const insertTag = (key: string) => {
    setTagsOpen(false);
    const view = editor.current?.getEditorRef()?.getView();
    if (!view) return;
    view.dispatch(view.state.tr.insertText(key).scrollIntoView());
    view.focus();
  };

  const save = async () => {
    if (!name.trim()) {
      setNameError(LETTER_MESSAGES.letterNameRequired);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const buffer = await editor.current?.save({ selective: true });
      if (!buffer) throw new Error('The document could not be saved');
      const file = new File([buffer], `${name.trim()}.docx`, { type: DOCX_MIME });
      const [stored] = await uploadFiles('word', 'private', [file]);
      if (!stored) throw new Error('The document could not be saved');
      // R-LETTER-010 (create) and R-LETTER-011 (update with name, type, formAndLetterId and fromTenant).
      const body = {
        name: name.trim(),
        type: LETTER_TYPE,
        templateId: stored.path,
        fromTenant: true,
        ...(params.header ? { docTypeId: 'header_template' as const } : {}),
        ...(params.caseTypeId ? { caseTypeId: params.caseTypeId } : {}),
        ...(params.caseSubTypeId ? { caseSubTypeId: params.caseSubTypeId } : {}),
        ...(params.mode === 'edit' && params.id ? { formAndLetterId: params.id } : {}),
      };
      const answer = await api.call(
        params.mode === 'edit' ? '/api/form-letter/update' : '/api/form-letter/create',
        body,
      );
      close(answer.message);
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box ref={root} className="letter-editor" style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <Group
        gap="sm"
        p="xs"
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', flex: '0 0 auto' }}
      >
        {readOnly ? (
          <Text fw={600}>{name}</Text>
        ) : (
          <TextInput
            aria-label="Letter Name"
            placeholder="Letter Name"
            maxLength={TEMPLATE_NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            w={260}
          />
        )}
        {readOnly ? null : (
          <Menu
            shadow="md"
            width={300}
            position="bottom-start"
            opened={tagsOpen}
            onChange={setTagsOpen}
            // The focus belongs to the document once a tag is in, not to the 'Insert tag' button.
            returnFocus={false}
          >
            <Menu.Target>
              <Button variant="default" leftSection={<IconBraces size={16} aria-hidden="true" />}>
                Insert tag
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
              {LETTER_TAGS.map((t) => (
                <Menu.Item key={t.key} onClick={() => insertTag(t.key)}>
                  <Text size="sm">{t.key}</Text>
                  <Text size="xs" c="dimmed">
                    {t.label}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        <Group gap="sm" ml="auto">
          <Button variant="default" leftSection={<IconX size={16} aria-hidden="true" />} onClick={() => close()}>
            Close
          </Button>
          {readOnly ? null : (
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
              loading={saving}
              onClick={() => void save()}
              disabled={source.isPending || Boolean(source.data?.breach)}
            >
              Save
            </Button>
          )}
        </Group>
      </Group>
      <ErrorAlert error={error} onClear={() => setError(null)} m="xs" />
      <Box style={{ flex: '1 1 auto', minHeight: 0 }}>
        {source.isPending ? (
          <Group justify="center" p="xl">
            <Loader aria-label="Loading the document" />
          </Group>
        ) : source.isError ? (
          <Alert color="red" m="md" title="The document could not be loaded">
            Close the editor and try again.
          </Alert>
        ) : source.data?.breach ? (
          <Alert color="red" m="md" title="This letter is too large to open in the editor">
            {DOCX_LIMIT_MESSAGES[source.data.breach]}. Close the editor and upload a smaller document.
          </Alert>
        ) : (
          <DocxEditor
            ref={editor}
            {...(source.data ? { documentBuffer: source.data.buffer } : { document: blank })}
            mode={readOnly ? 'viewing' : 'editing'}
            readOnly={readOnly}
            showFileOpen={false}
            showHelpMenu={false}
            documentName={name || 'Letter'}
            documentNameEditable={false}
            // A phone (390 px) sees the whole page width.
            initialZoom={phone ? fitZoom(window.innerWidth, LETTER_PAGES_PX) : 1}
            style={{ height: '100%' }}
          />
        )}
      </Box>
    </Box>
  );
}

/**
 * On a phone (issue 38 finding 8): once the editor shows its pages, the page is zoomed to fit the editor's width
 * (the document's own pages, the widest of its sections), and from then on every zoom (the toolbar's
 * control too) sets the layout's minimum width to the scaled page (--letter-layout-min, letter-editor.css).
 */
function usePageFit(root: RefObject<HTMLDivElement | null>, editor: RefObject<DocxEditorRef | null>, on: boolean) {
  useEffect(() => {
    const el = root.current;
    if (!on || !el) return;
    let zoomWatch: MutationObserver | null = null;
    const follow = (scaled: HTMLElement, pagesWidth: number) => {
      el.style.setProperty('--letter-layout-min', `${layoutMinWidth(pagesWidth, zoomOf(scaled.style.transform))}px`);
    };
    const start = () => {
      const sheets = el.querySelector<HTMLElement>('.paged-editor__pages');
      const scroller = el.querySelector<HTMLElement>('.docx-editor__scroll-container');
      // The element the library scales: the pages' wrapper's parent.
      const scaled = sheets?.parentElement;
      if (!sheets?.querySelector('.layout-page') || !scroller || !scaled) return false;
      // The pages with their padding, at 100 % (layout widths ignore the scale): the widest section's page.
      const pagesWidth = sheets.offsetWidth;
      follow(scaled, pagesWidth);
      zoomWatch = new MutationObserver(() => follow(scaled, pagesWidth));
      zoomWatch.observe(scaled, { attributes: true, attributeFilter: ['style'] });
      editor.current?.setZoom(fitZoom(scroller.clientWidth, pagesWidth));
      return true;
    };
    // The pages appear once the document is read: watched until then.
    const appear = new MutationObserver(() => {
      if (start()) appear.disconnect();
    });
    if (!start()) appear.observe(el, { childList: true, subtree: true });
    return () => {
      appear.disconnect();
      zoomWatch?.disconnect();
    };
  }, [root, editor, on]);
}
