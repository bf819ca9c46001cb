import type { CaseDocument } from '@caseport/domain/cases/documents-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { saveDownloaded } from '../../lib/files';

/** Issue 34 item 4: a case's documents (uploads and filled letters), its Documents tab. */
export const documentsKey = (caseId: string) => ['cases', 'documents', caseId] as const;

export const useCaseDocuments = (caseId: string) =>
  useQuery({
    queryKey: documentsKey(caseId),
    queryFn: ({ signal }) => api.call('/api/cases/documents/list', { caseId }, signal),
  });

/** Uploads one file on the case (multipart, with progress); the list is read again after. */
export const useUploadCaseDocument = (caseId: string, onProgress: (percent: number) => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('caseId', caseId);
      data.append('files', file, file.name);
      return api.upload('/api/cases/documents/upload', data, { onProgress });
    },
    onSettled: () => client.invalidateQueries({ queryKey: documentsKey(caseId) }),
  });
};

export const useDeleteCaseDocument = (caseId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (doc: CaseDocument) => api.call('/api/cases/documents/delete', { caseDocumentId: doc._id }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(caseId) }),
  });
};

export const useDownloadCaseDocument = () =>
  useMutation({
    mutationFn: async (doc: CaseDocument) =>
      saveDownloaded(await api.download('/api/cases/documents/download', { caseDocumentId: doc._id }), doc.name),
  });
