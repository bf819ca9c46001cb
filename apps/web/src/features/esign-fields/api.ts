import type { EsignField, EsignFields } from '@caseport/domain/esign-fields/contracts';
import { api } from '../../lib/api-client';

export const fetchFields = (templateId: string) =>
  api.post<EsignFields>('/api/pdf-sign/template-fields', { templateId });

export const saveFields = (templateId: string, fields: EsignField[]) =>
  api.post<{ message: string; fields: EsignField[] }>('/api/pdf-sign/save-template-fields', { templateId, fields });

/** The document's bytes (the tenant's own private file, read through viewfile). */
export const fetchDocument = async (path: string) => {
  const res = await fetch(`/api/common/viewfile?path=${encodeURIComponent(path)}&inline=1`, {
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error('The document could not be loaded');
  return res.arrayBuffer();
};
