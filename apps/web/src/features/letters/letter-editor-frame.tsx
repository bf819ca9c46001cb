import { Modal } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { notify } from '../../components/notify';
import { useRefreshLetters } from './api';
import { closePopupOf, type EditorParams, editorUrl } from './editor-protocol';

const TITLES = { new: 'Add Letter', edit: 'Edit Letter', view: 'View Letter' } as const;

/**
 * R-LETTER-007/008: the document editor in a frame (our own page, same origin). R-LETTER-009: its
 * 'closePopup' shows a toast, closes the frame and refreshes the list; a message from another origin or
 * another window is ignored.
 */
export function LetterEditorFrame({ params, onClose }: { params: EditorParams | null; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const refresh = useRefreshLetters();
  useEffect(() => {
    if (!params) return;
    const onMessage = (event: MessageEvent) => {
      const closing = closePopupOf(event, frame.current?.contentWindow);
      if (!closing) return;
      void notify.success(closing.message ?? (closing.saved ? 'Letter saved' : 'Letter closed'));
      onClose();
      void refresh();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [params, onClose, refresh]);
  const title = params ? `${TITLES[params.mode]}${params.name ? `: ${params.name}` : ''}` : '';
  return (
    <Modal
      opened={params !== null}
      onClose={onClose}
      title={title}
      fullScreen
      closeButtonProps={{ 'aria-label': 'Close the editor' }}
      padding={0}
      styles={{ body: { height: 'calc(100dvh - 60px)' }, header: { paddingInline: 16 } }}
    >
      {params ? (
        <iframe
          ref={frame}
          title={title}
          src={editorUrl(params)}
          style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        />
      ) : null}
    </Modal>
  );
}
