import type { UploadPurposeKey } from '@caseport/domain/files/purposes';
import type { FileRef } from '@caseport/domain/profile/contracts';
import { api, type UploadOptions } from './api-client';

/**
 * POST /api/common/upload (R-PROFILE-043..045, R-SOC-039): multipart `files`, `secureType`, `getDetails` and
 * our `purpose` (which picks the allowed types and size); answers data.result[] of file records. `extra`
 * carries a screen's own fields (the SOC screen's type 'forms-and-letters').
 */
export const uploadFiles = async (
  purpose: UploadPurposeKey,
  secureType: 'public' | 'private',
  files: File[],
  options?: UploadOptions & { extra?: Record<string, string> },
): Promise<FileRef[]> => {
  const data = new FormData();
  data.append('purpose', purpose);
  for (const [key, value] of Object.entries(options?.extra ?? {})) data.append(key, value);
  data.append('secureType', secureType);
  data.append('getDetails', 'true');
  for (const f of files) data.append('files', f, f.name);
  const res = await api.upload('/api/common/upload', data, options);
  return res.data.result;
};

/** R-API-019: GET /common/viewfile?path=&filename= (inline=1 shows images and PDFs in the page). */
export const viewFileUrl = (file: { path: string; name: string }, inline = false) =>
  `/api/common/viewfile?path=${encodeURIComponent(file.path)}&filename=${encodeURIComponent(file.name)}${inline ? '&inline=1' : ''}`;

/** Hands a file a call answered (api.download) to the browser as a download under its Content-Disposition name. */
export const saveDownloaded = (file: { blob: Blob; filename: string | null }, fallbackName: string) => {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
