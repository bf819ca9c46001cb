import {
  ESIGN_FIELD_DEFAULT_SIZE,
  ESIGN_FIELD_TYPE_LABELS,
  ESIGN_FIELD_TYPES,
  ESIGN_SIGNER_ROLE_LABELS,
  ESIGN_SIGNER_ROLES,
  type EsignField,
  type EsignFieldType,
  type EsignSignerRole,
} from '@caseport/domain/esign-fields/contracts';
import { firstFreePlace } from '@caseport/domain/esign-fields/geometry';
import { CLOSE_POPUP_MESSAGE, esignPreviewUrl } from '@caseport/domain/esign-fields/paths';
import { Alert, Anchor, Box, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconEye, IconGripVertical } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { openPdf } from '../../components/pdf';
import { fetchDocument, fetchFields, saveFields } from './api';
import { FIELD_DRAG_TYPE, PdfPage, type PlacedField, viewOf } from './pdf-page';

const ROLE_DATA = ESIGN_SIGNER_ROLES.map((r) => ({ value: r, label: ESIGN_SIGNER_ROLE_LABELS[r] }));
const isFramed = () => window.parent !== window;

/**
 * The e-sign template preparation page (issue 20, R-ESIGN-011's frame url, its own route): the template
 * document rendered page by page, fields placed per signer role, saved with the document, a flattened preview.
 * Framed by the e-sign list (same origin): after a save it posts 'closePopup' to its parent.
 */
export default function EsignPreparePage() {
  const [params] = useSearchParams();
  const templateId = params.get('templateId') ?? '';
  const info = useQuery({
    queryKey: ['esign-fields', templateId],
    queryFn: () => fetchFields(templateId),
    enabled: !!templateId,
    retry: false,
    gcTime: 0,
  });
  const pdf = useQuery({
    queryKey: ['esign-document', templateId],
    queryFn: async () => {
      const doc = await openPdf(await fetchDocument(templateId));
      const pages: PDFPageProxy[] = [];
      for (let n = 1; n <= doc.numPages; n++) pages.push(await doc.getPage(n));
      return { doc, pages } as { doc: PDFDocumentProxy; pages: PDFPageProxy[] };
    },
    enabled: info.isSuccess,
    retry: false,
    gcTime: 0,
  });

  if (!templateId || info.isError) {
    return (
      <Box p="md" maw={640} mx="auto">
        <ErrorAlert
          error={info.error ?? new Error('No template document was given')}
          title="Cannot open the template"
        />
      </Box>
    );
  }
  if (info.isPending) return <Centred label="Loading the template" />;
  return (
    <Preparation
      templateId={templateId}
      name={info.data.document.name}
      canEdit={info.data.canEdit}
      initial={info.data.fields}
      pages={pdf.data?.pages ?? null}
      pdfError={pdf.error}
    />
  );
}

function Centred({ label }: { label: string }) {
  return (
    <Group justify="center" p="xl" gap="sm">
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

interface PreparationProps {
  templateId: string;
  name: string;
  canEdit: boolean;
  initial: EsignField[];
  pages: PDFPageProxy[] | null;
  pdfError: unknown;
}

function Preparation({ templateId, name, canEdit, initial, pages, pdfError }: PreparationProps) {
  const nextKey = useRef(0);
  const keyed = (f: EsignField): PlacedField => ({ ...f, key: nextKey.current++ });
  const [fields, setFields] = useState<PlacedField[]>(() => initial.map(keyed));
  const [selected, setSelected] = useState<number | null>(null);
  const [role, setRole] = useState<EsignSignerRole>('signatory');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { ref: sizeRef, width } = useElementSize();
  const sheets = useRef<HTMLDivElement>(null);
  const pageWidth = Math.max(200, Math.floor(width));
  // Issue 38 finding 8: on a phone the pages fill the width (the frame is full-screen) and the palette stays at
  // the top while the pages scroll under it: a press adds the field to the page in view (touch does not drag).
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const palette = useElementSize();
  // What the sticky palette covers at the top of the screen (its border box and a gap): not counted as in view;
  // a field scrolled to or focused stops below it (--esign-covered, pdf-page.tsx).
  const covered = phone ? palette.height + 8 : 0;

  useEffect(() => {
    document.title = `Prepare ${name} | Caseport`;
  }, [name]);

  const add = (page: number, type: EsignFieldType, rect: Pick<EsignField, 'x' | 'y' | 'width' | 'height'>) => {
    const field = keyed({ page, type, role, ...rect });
    setFields((all) => [...all, field]);
    setSelected(field.key);
    return field.key;
  };
  /** The page most of which is in view (page 1 before any scrolling). */
  const pageInView = () => {
    let best = 1;
    let most = 0;
    for (const el of sheets.current?.querySelectorAll<HTMLElement>('[data-page]') ?? []) {
      const r = el.getBoundingClientRect();
      const seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, covered);
      if (seen > most) {
        most = seen;
        best = Number(el.dataset.page);
      }
    }
    return best;
  };
  /**
   * Without dragging (a palette button pressed, keyboard, touch): the field goes to the page in view, at the
   * first spot where it covers no field already there (issue 38 finding 8: Signature then Date landed on top
   * of each other in the page's middle).
   */
  const addFromPalette = (type: EsignFieldType) => {
    const number = pageInView();
    const page = pages?.[number - 1];
    if (!page) return;
    const onPage = fields.filter((f) => f.page === number);
    const key = add(number, type, firstFreePlace(onPage, ESIGN_FIELD_DEFAULT_SIZE[type], viewOf(page, pageWidth)));
    // The new field may be above the screen's top (the first free spot is at the page's top): shown.
    requestAnimationFrame(() =>
      sheets.current?.querySelector(`[data-key="${key}"]`)?.scrollIntoView({ block: 'nearest' }),
    );
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const answer = await saveFields(
        templateId,
        fields.map(({ key: _key, ...f }) => f),
      );
      void notify.success(answer.message);
      // The frame protocol (002 §4.5): the list shows its toast, closes the frame and refreshes.
      if (isFramed()) window.parent.postMessage(CLOSE_POPUP_MESSAGE, window.location.origin);
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box p={{ base: 'xs', sm: 'md' }} maw={1100} mx="auto">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {canEdit ? 'Prepare template' : 'Template'}: {name}
          </Title>
          <Group gap="xs">
            <Button
              component="a"
              href={esignPreviewUrl(templateId)}
              target="_blank"
              rel="noopener"
              variant="default"
              size="xs"
              leftSection={<IconEye size={14} aria-hidden="true" />}
            >
              Flattened preview
            </Button>
            <Anchor href={esignPreviewUrl(templateId, true)} size="xs" aria-label="Download the flattened preview">
              <IconDownload size={16} aria-hidden="true" />
            </Anchor>
            {isFramed() ? null : (
              <Button component={Link} to="/settings/SignDocumentTemplates" variant="subtle" size="xs">
                Back to E-Sign Templates
              </Button>
            )}
            {canEdit ? (
              <Button size="xs" onClick={save} loading={saving} disabled={!pages}>
                Save
              </Button>
            ) : null}
          </Group>
        </Group>
        {canEdit ? (
          <Group
            ref={palette.ref}
            gap="xs"
            align="flex-end"
            {...(phone
              ? { pos: 'sticky', top: 0, py: 'xs', bg: 'var(--mantine-color-body)', style: { zIndex: 3 } }
              : {})}
          >
            <Select
              label="Signer"
              size="xs"
              w={190}
              data={ROLE_DATA}
              value={role}
              allowDeselect={false}
              onChange={(v) => v && setRole(v as EsignSignerRole)}
            />
            {ESIGN_FIELD_TYPES.map((type) => (
              <Button
                key={type}
                size="xs"
                variant="light"
                draggable
                leftSection={<IconGripVertical size={14} aria-hidden="true" />}
                onDragStart={(e) => {
                  e.dataTransfer.setData(FIELD_DRAG_TYPE, type);
                  e.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={() => addFromPalette(type)}
                disabled={!pages}
              >
                {ESIGN_FIELD_TYPE_LABELS[type]}
              </Button>
            ))}
          </Group>
        ) : null}
        {canEdit ? (
          <Text size="xs" c="dimmed">
            {phone
              ? // A phone's touch does not drag from the palette: a press adds, a placed field is moved by touch.
                'Press a field to add it for the chosen signer to the page in view, where it covers no other field. Move a placed field with your finger, resize it by its corner.'
              : 'Drag a field onto a page for the chosen signer (or press it to add it to the page in view, where it covers no other field). Drag a field to move it, its corner to resize it; a selected field moves with the arrow keys (Shift: 10 points), resizes with Alt and the arrow keys, and Delete removes it.'}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" aria-live="polite">
          {fields.length === 0 ? 'No fields placed yet' : `${fields.length} field${fields.length === 1 ? '' : 's'}`}
        </Text>
        <ErrorAlert error={error} onClear={() => setError(null)} />
        {pdfError ? (
          <Alert color="red" title="The document could not be shown">
            It may be damaged or protected.
          </Alert>
        ) : null}
        <Box ref={sizeRef}>
          {pages ? (
            <Stack gap="md" ref={sheets} style={{ '--esign-covered': `${covered}px` }}>
              {width > 0
                ? pages.map((page) => (
                    <PdfPage
                      key={page.pageNumber}
                      page={page}
                      width={pageWidth}
                      fields={fields.filter((f) => f.page === page.pageNumber)}
                      selected={selected}
                      canEdit={canEdit}
                      onSelect={setSelected}
                      onChange={(key, rect) =>
                        setFields((all) => all.map((f) => (f.key === key ? { ...f, ...rect } : f)))
                      }
                      onDelete={(key) => setFields((all) => all.filter((f) => f.key !== key))}
                      onDrop={(type, rect) => add(page.pageNumber, type, rect)}
                    />
                  ))
                : null}
            </Stack>
          ) : pdfError ? null : (
            <Centred label="Rendering the document" />
          )}
        </Box>
      </Stack>
    </Box>
  );
}
