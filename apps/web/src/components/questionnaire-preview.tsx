import type { QuestionnaireVersion } from '@caseport/domain/questionnaires/contracts';
import type { Definition } from '@caseport/domain/questionnaires/definition';
import { Loader, Modal } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { ErrorAlert } from './error-alert';

const QuestionnaireForm = lazy(() => import('./questionnaire-form').then((m) => ({ default: m.QuestionnaireForm })));

/**
 * Issue 21: the Questionnaire Preview popup of the questionnaire pickers (a tenant's case-type configuration,
 * the platform's Case Configuration). Its body is the caller's {@link QuestionnairePreviewBody}.
 */
export function QuestionnairePreviewModal({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Questionnaire Preview"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close preview' }}
    >
      {children}
    </Modal>
  );
}

/** The published questionnaire exactly as the respondent sees it (its renderer is a lazy chunk). */
export function QuestionnairePreviewBody({ query }: { query: UseQueryResult<{ version: QuestionnaireVersion }> }) {
  if (query.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
      <QuestionnaireForm definition={query.data.version.definition as Definition} title={query.data.version.name} />
    </Suspense>
  );
}
