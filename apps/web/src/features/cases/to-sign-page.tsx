import type { SigningItemSchema } from '@caseport/domain/cases/envelopes';
import { ENVELOPE_STATUS_NAMES, type Signature, yourPlacesSentence } from '@caseport/domain/cases/envelopes';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { type PointerEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDateTime } from '../../components/format-date';
import { notify } from '../../components/notify';
import { PdfPreview } from '../../components/pdf-preview';
import { RowActions } from '../../components/row-actions';
import { fieldErrors } from '../../lib/api-client';
import { CaseNumberText } from './case-cells';
import { useDecline, useSign, useSigningDocument, useSigningList } from './envelopes-api';

type Item = z.infer<typeof SigningItemSchema>;

const partOf = (i: Item) =>
  i.yourTurn
    ? 'Your turn'
    : i.myStatus === 'signed'
      ? 'You signed'
      : i.myStatus === 'declined'
        ? 'You declined'
        : 'Waiting for an earlier signer';

/**
 * Issue 35 item 3: 'To sign' of the people outside the firm (and the firm's attorneys). The documents their cases
 * sent them, whose turn it is; Review and sign opens the PDF with their own places marked in yellow and signs in
 * place (typed or drawn), or declines with a reason.
 */
export default function ToSignPage() {
  const list = useSigningList();
  const [open, setOpen] = useState<Item | null>(null);
  const columns: DataTableColumn<Item>[] = [
    { key: 'name', header: 'Document', render: (i) => i.name },
    { key: 'case', header: 'Case', render: (i) => <CaseNumberText caseNumber={i.caseNumber} /> },
    { key: 'firm', header: 'Handled by', render: (i) => i.firmName },
    {
      key: 'part',
      header: 'Your part',
      render: (i) => (
        <Text size="sm" fw={i.yourTurn ? 600 : 400} c={i.yourTurn ? 'orange.8' : undefined}>
          {partOf(i)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (i) => (
        <Badge variant="light" style={{ minWidth: 'max-content' }}>
          {ENVELOPE_STATUS_NAMES[i.status]}
        </Badge>
      ),
    },
    { key: 'sent', header: 'Sent', render: (i) => formatDateTime(i.createdOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (i) =>
        i.yourTurn ? (
          <RowActions
            name={i.name}
            actions={[{ label: 'Review and sign', icon: IconSignature, onClick: () => setOpen(i) }]}
          />
        ) : null,
    },
  ];
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Title order={2}>To sign</Title>
      <ErrorAlert error={list.error} />
      <Paper withBorder radius="md" p="md">
        <DataTable
          caption="Documents to sign"
          columns={columns}
          rows={list.data?.list}
          rowKey={(i) => i._id}
          loading={list.isPending}
          emptyText="Nothing to sign. Your law firm sends documents here when it needs your signature."
          minWidth={720}
        />
      </Paper>
      {open ? <SignModal item={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}

function SignModal({ item, onClose }: { item: Item; onClose: () => void }) {
  const document = useSigningDocument(item._id);
  const sign = useSign();
  const decline = useDecline();
  const [kind, setKind] = useState<'typed' | 'drawn'>('typed');
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const signature: Signature | null =
    kind === 'typed' ? (typed.trim() ? { kind, text: typed } : null) : drawn ? { kind, png: drawn } : null;
  const errors = sign.error ? fieldErrors(sign.error) : {};
  return (
    <Modal opened onClose={onClose} title={`Review and sign: ${item.name}`} size="xl" centered>
      <Stack gap="md">
        {yourPlacesSentence(item.fields) ? (
          <Text size="sm" fw={500}>
            {yourPlacesSentence(item.fields)}
          </Text>
        ) : null}
        <PdfPreview data={document.data} title={`${item.name} (PDF)`} highlights={item.fields} />
        <ErrorAlert error={document.error} />
        {declining ? (
          <>
            <Textarea
              label="Why do you decline?"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={3}
              data-autofocus
            />
            <ErrorAlert error={decline.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeclining(false)}>
                Back
              </Button>
              <Button
                color="red"
                loading={decline.isPending}
                disabled={!reason.trim()}
                onClick={() =>
                  decline.mutate(
                    { envelopeId: item._id, reason },
                    {
                      onSuccess: (a) => {
                        notify.success(a.message);
                        onClose();
                      },
                    },
                  )
                }
              >
                Decline
              </Button>
            </Group>
          </>
        ) : (
          <>
            <SegmentedControl
              value={kind}
              onChange={(v) => setKind(v as 'typed' | 'drawn')}
              data={[
                { value: 'typed', label: 'Type' },
                { value: 'drawn', label: 'Draw' },
              ]}
              aria-label="How to sign"
            />
            {kind === 'typed' ? (
              <TextInput
                label="Your signature"
                description="Type your full name"
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                styles={{ input: { fontFamily: 'Georgia, serif', fontStyle: 'italic', fontSize: 20 } }}
                maxLength={100}
                error={errors['signature.text']}
              />
            ) : (
              <SignaturePad onChange={setDrawn} />
            )}
            <ErrorAlert error={sign.error && Object.keys(errors).length === 0 ? sign.error : null} />
            <Group justify="space-between">
              <Button variant="subtle" color="red" onClick={() => setDeclining(true)}>
                Decline…
              </Button>
              <Button
                loading={sign.isPending}
                disabled={!signature || !document.data}
                onClick={() =>
                  signature &&
                  sign.mutate(
                    { envelopeId: item._id, signature },
                    {
                      onSuccess: (a) => {
                        notify.success(a.message);
                        onClose();
                      },
                    },
                  )
                }
              >
                Sign
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** Draw with a finger, pen or mouse; the strokes become a PNG. */
function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current as HTMLCanvasElement;
    const r = c.getBoundingClientRect();
    return [((e.clientX - r.left) * c.width) / r.width, ((e.clientY - r.top) * c.height) / r.height] as const;
  };
  const ctx = () => canvas.current?.getContext('2d') ?? null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Draw your signature
      </Text>
      <canvas
        ref={canvas}
        width={480}
        height={140}
        aria-label="Signature pad"
        style={{
          width: '100%',
          maxWidth: 480,
          height: 140,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 6,
          touchAction: 'none',
        }}
        onPointerDown={(e) => {
          const c = ctx();
          if (!c) return;
          drawing.current = true;
          const [x, y] = point(e);
          c.lineWidth = 2.5;
          c.lineCap = 'round';
          c.strokeStyle = '#0d1a59';
          c.beginPath();
          c.moveTo(x, y);
        }}
        onPointerMove={(e) => {
          const c = ctx();
          if (!drawing.current || !c) return;
          const [x, y] = point(e);
          c.lineTo(x, y);
          c.stroke();
        }}
        onPointerUp={() => {
          drawing.current = false;
          onChange(canvas.current?.toDataURL('image/png') ?? null);
        }}
      />
      <Group>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            const c = canvas.current;
            c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
            onChange(null);
          }}
        >
          Clear
        </Button>
      </Group>
    </Stack>
  );
}
