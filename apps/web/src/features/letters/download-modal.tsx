import type { FormLetter } from '@caseport/domain/letters/contracts';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { LetterFillResult, useLetterFill } from '../../components/letter-fill-dialog';
import { viewFileUrl } from '../../lib/files';
import { useCaseOptions, usePdfCapability } from './api';

/**
 * Download (R-LETTER-003): the template as it is, or filled for one of the tenant's cases (issue 20): a .docx
 * always, a PDF where the server has LibreOffice. Issue 34: the tags the case has no value for are listed first,
 * each a link to the case field, and the letter downloads only on 'Download anyway'.
 */
export function DownloadLetterModal({ letter, onClose }: { letter: FormLetter | null; onClose: () => void }) {
  const [caseId, setCaseId] = useState<string | null>(null);
  const [format, setFormat] = useState<'docx' | 'pdf'>('docx');
  const cases = useCaseOptions(letter !== null);
  const pdf = usePdfCapability(letter !== null);
  const fill = useLetterFill();
  const close = () => {
    setCaseId(null);
    setFormat('docx');
    fill.reset();
    onClose();
  };
  const submit = () => {
    if (!letter || !caseId) return;
    fill.start({ formAndLetterId: letter._id, caseId, format });
  };
  const pdfAvailable = pdf.data?.pdf === true;
  return (
    <Modal opened={letter !== null} onClose={close} title={`Download ${letter?.name ?? ''}`} centered size={520}>
      {letter ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">The template as it is, with its tags</Text>
            <Button
              component="a"
              variant="default"
              href={viewFileUrl(letter.document)}
              download={letter.document.name}
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              Download template
            </Button>
          </Group>
          <Stack gap="xs">
            <Text fw={500}>Filled for a case</Text>
            <Select
              label="Case"
              placeholder="Search by case number or name"
              searchable
              data={(cases.data ?? []).map((c) => ({
                value: c._id,
                label: c.beneficiaryName ? `${c.caseNumber} · ${c.beneficiaryName}` : c.caseNumber,
              }))}
              value={caseId}
              onChange={(v) => {
                setCaseId(v);
                fill.reset();
              }}
              nothingFoundMessage={cases.isPending ? 'Loading…' : 'No cases'}
              comboboxProps={{ withinPortal: true }}
            />
            <SegmentedControl
              aria-label="Format"
              value={format}
              onChange={(v) => setFormat(v as 'docx' | 'pdf')}
              data={[
                { value: 'docx', label: 'Word (.docx)' },
                { value: 'pdf', label: 'PDF', disabled: !pdfAvailable },
              ]}
            />
            {pdf.data && !pdfAvailable ? (
              <Text size="xs" c="dimmed">
                PDF needs LibreOffice on the server, which is not installed here: the letter is given as .docx.
              </Text>
            ) : null}
            {caseId ? <LetterFillResult fill={fill} caseId={caseId} /> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button onClick={submit} disabled={!caseId} loading={fill.isPending}>
                Download filled
              </Button>
            </Group>
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
