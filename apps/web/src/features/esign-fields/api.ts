import type { EsignField } from '@caseport/domain/esign-fields/contracts';
import { api } from '../../lib/api-client';

export const fetchFields = (templateId: string) => api.call('/api/pdf-sign/template-fields', { templateId });

export const saveFields = (templateId: string, fields: EsignField[]) =>
  api.call('/api/pdf-sign/save-template-fields', { templateId, fields });

/** The document's bytes (the tenant's own private file, read through viewfile). */
export const fetchDocument = async (path: string) => {
  const { blob } = await api.file('/api/common/viewfile', { path, inline: '1' });
  return blob.arrayBuffer();
};
