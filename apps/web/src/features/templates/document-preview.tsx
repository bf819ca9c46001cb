import type { TemplateDocument, TemplateKind } from '@caseport/domain/templates/contracts';
import { Anchor, Button, Group, Modal } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { viewFileUrl } from '../../lib/files';
import { fetchPrepareUrl } from './api';

/**
 * The "Document preview" cell (002 §2.6-2.8): Preview asks the document service for the frame's url and shows
 * the PDF in a frame. R-API-017: a failed url fetch is silently ignored (nothing opens, no message).
 */
export function DocumentPreview({ kind, document }: { kind: TemplateKind; document: TemplateDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
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
        aria-label={`Preview ${document.name}`}
      >
        Preview
      </Button>
      <Modal opened={url !== null} onClose={() => setUrl(null)} title={document.name} size="80%" centered>
        {url ? (
          <>
            <iframe
              src={url}
              title={`Document preview: ${document.name}`}
              style={{ width: '100%', height: '70vh', border: 0 }}
            />
            <Group justify="flex-end" mt="sm">
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
