import type { EnvelopeSendBody, EnvelopeSendDocumentBody, Signature } from '@caseport/domain/cases/envelopes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { saveDownloaded } from '../../lib/files';

/** Issue 35 item 3: a case's envelopes (the firm) and the signer's 'To sign'. */
export const envelopesKey = (caseId: string) => ['cases', 'envelopes', caseId] as const;
const SIGNING_KEY = ['signing'] as const;

export const useCaseEnvelopes = (caseId: string) =>
  useQuery({
    queryKey: envelopesKey(caseId),
    queryFn: ({ signal }) => api.call('/api/cases/envelopes/list', { caseId }, signal),
  });

export const useSendEnvelope = (caseId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<EnvelopeSendBody, 'caseId'>) => api.call('/api/cases/envelopes/send', { caseId, ...body }),
    onSuccess: () => client.invalidateQueries({ queryKey: envelopesKey(caseId) }),
  });
};

/** A PDF document of the case, with a page of signatures added (a letter filled as PDF, an upload). */
export const useSendCaseDocument = (caseId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<EnvelopeSendDocumentBody, 'caseId'>) =>
      api.call('/api/cases/envelopes/send-document', { caseId, ...body }),
    onSuccess: () => client.invalidateQueries({ queryKey: envelopesKey(caseId) }),
  });
};

export const useCancelEnvelope = (caseId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (envelopeId: string) => api.call('/api/cases/envelopes/cancel', { caseId, envelopeId }),
    onSuccess: () => client.invalidateQueries({ queryKey: envelopesKey(caseId) }),
  });
};

export const useDownloadEnvelope = (caseId: string) =>
  useMutation({
    mutationFn: async (envelope: { _id: string; name: string }) =>
      saveDownloaded(
        await api.download('/api/cases/envelopes/download', { caseId, envelopeId: envelope._id }),
        `${envelope.name}.pdf`,
      ),
  });

export const useEsignTemplateOptions = () =>
  useQuery({
    queryKey: ['templates', 'esign', 'options'],
    queryFn: ({ signal }) =>
      api.call(
        '/api/pdf-sign/esign-template-list',
        { page: 1, perpage: 100, sorting: { path: 'name', order: 1 }, filters: {} } as never,
        signal,
      ),
  });

export const useSigningList = () =>
  useQuery({ queryKey: SIGNING_KEY, queryFn: ({ signal }) => api.call('/api/signing/list', {}, signal) });

/** The document to review, as a blob URL for the viewer (opening it marks it viewed). */
export const useSigningDocument = (envelopeId: string | null) =>
  useQuery({
    queryKey: [...SIGNING_KEY, 'document', envelopeId],
    enabled: !!envelopeId,
    queryFn: async ({ signal }) => {
      const file = await api.download('/api/signing/document', { envelopeId: envelopeId as string }, signal);
      return file.blob.arrayBuffer();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSign = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { envelopeId: string; signature: Signature }) => api.call('/api/signing/sign', body),
    onSuccess: () => client.invalidateQueries({ queryKey: SIGNING_KEY }),
  });
};

export const useDecline = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { envelopeId: string; reason: string }) => api.call('/api/signing/decline', body),
    onSuccess: () => client.invalidateQueries({ queryKey: SIGNING_KEY }),
  });
};
