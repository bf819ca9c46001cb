import { ESIGN_FIELD_MESSAGES } from '@caseport/domain/esign-fields/contracts';
import { CLOSE_POPUP_MESSAGE } from '@caseport/domain/esign-fields/paths';
import type { TemplateDocument, TemplateKind } from '@caseport/domain/templates/contracts';
import { Anchor, Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../components/notify';
import { viewFileUrl } from '../../lib/files';
import { fetchPrepareUrl } from './api';

/** On a phone the preview fills the screen: the frame takes the height the header and the download link leave. */
const PHONE_STYLES = {
  content: { display: 'flex', flexDirection: 'column' },
  header: { paddingInline: 16 },
  body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
} as const;

/**
 * The "Document preview" cell (002 §2.6-2.8): Preview asks the document service for the frame's url and shows
 * the PDF in a frame. R-API-017: a failed url fetch is silently ignored (nothing opens, no message).
 */
export function DocumentPreview({
  kind,
  document,
  label = 'Preview',
}: {
  kind: TemplateKind;
  document: TemplateDocument;
  /** The button's text: the list's 'Preview', or the e-sign form's 'Place signature fields' (issue 20). */
  label?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const queryClient = useQueryClient();
  // Issue 38 finding 8: at 390 px the e-sign placer was a 190 px strip in a modal over the form's modal; below
  // Mantine's `sm` breakpoint the preview is full-screen and its frame as wide as the screen.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // The frame protocol (002 §4.5): 'closePopup' from our own frame (origin and source checked) shows a toast,
  // closes the preview and refreshes the list. The e-sign preparation page posts it after saving its fields.
  useEffect(() => {
    if (url === null) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data !== CLOSE_POPUP_MESSAGE) return;
      setUrl(null);
      void notify.success(ESIGN_FIELD_MESSAGES.saved);
      void queryClient.invalidateQueries({ queryKey: ['templates', kind] });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url, kind, queryClient]);
  const open = async () => {
    setLoading(true);
    try {
      setUrl((await fetchPrepareUrl(kind, true, document.path)).url);
    } catch {
      // R-API-017: ignored.
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconEye size={16} aria-hidden="true" />}
        loading={loading}
        onClick={open}
        aria-label={`${label} ${document.name}`}
      >
        {label}
      </Button>
      <Modal
        opened={url !== null}
        onClose={() => setUrl(null)}
        title={document.name}
        size="80%"
        centered
        fullScreen={phone}
        {...(phone ? { padding: 0, styles: PHONE_STYLES } : {})}
      >
        {url ? (
          <>
            <iframe
              ref={frame}
              src={url}
              title={`Document preview: ${document.name}`}
              style={
                phone
                  ? { width: '100%', flex: 1, minHeight: 0, border: 0, display: 'block' }
                  : { width: '100%', height: '70vh', border: 0 }
              }
            />
            <Group justify="flex-end" mt="sm" {...(phone ? { px: 'md', pb: 'sm' } : {})}>
              <Anchor href={viewFileUrl(document)} download={document.name} size="sm">
                <Group gap={4}>
                  <IconDownload size={14} aria-hidden="true" />
                  Download
                </Group>
              </Anchor>
            </Group>
          </>
        ) : null}
      </Modal>
    </>
  );
}
