import type { SocDocument } from '@caseport/domain/soc-codes/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { type ApiBody, api, type PostPath } from '../../lib/api-client';
import { uploadFiles } from '../../lib/files';
import { useMasterData } from '../../lib/use-master-data';

export const SOC_KEY = ['soc-code-config'] as const;

export interface SocListRequest {
  page: number;
  perpage: number;
  filters: { title?: string; statusList?: boolean[] };
  sorting: { path: string; order: 1 | -1 };
}

/** R-SOC-031. */
export const useSocList = (body: SocListRequest) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(SOC_KEY, '/api/soc-code-config/list', body as ApiBody<'/api/soc-code-config/list'>);

/** R-SOC-038: the SOC 2018 codes offered by the code picker. */
export const useSocMasterCodes = () => useMasterData('soc_codes');

/** R-SOC-037. */
export const useLetterVariables = () =>
  useQuery({
    queryKey: ['messages', 'LETTER_VARIABLES'],
    queryFn: () =>
      api.call('/api/messages/list', {
        category: 'LETTER_VARIABLES',
      }),
    select: (d) => d.messages.LETTER_VARIABLES,
    staleTime: Infinity,
  });

export const fetchSocDetails = (socCodeConfigId: string) =>
  api.call('/api/soc-code-config/details', { socCodeConfigId }).then((d) => d.socCodeConfig);

export type UploadedFile = Pick<SocDocument, 'name' | 'extn' | 'path' | 'mimetype'>;

/** R-SOC-039: form data with files, type 'forms-and-letters', secureType private, getDetails true (purpose word). */
export const uploadWordFiles = async (files: File[], onProgress?: (percent: number) => void): Promise<UploadedFile[]> =>
  (await uploadFiles('word', 'private', files, { onProgress, extra: { type: 'forms-and-letters' } })).map(
    ({ name, extn, path, mimetype }) => ({ name, extn, path, mimetype }),
  );

const useSocMutation = <P extends PostPath>(path: P | ((b: ApiBody<P>) => P)) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<P>) => api.call(typeof path === 'string' ? path : path(body), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SOC_KEY }),
  });
};

/** R-SOC-032/033. */
export const useSaveSoc = () =>
  useSocMutation<'/api/soc-code-config/update' | '/api/soc-code-config/add-soc-code'>((b) =>
    'socCodeConfigId' in b ? '/api/soc-code-config/update' : '/api/soc-code-config/add-soc-code',
  );
/** R-SOC-034. */
export const useSocStatus = () => useSocMutation('/api/soc-code-config/manage-status');
/** R-SOC-035. */
export const useSocUpdateDocuments = () => useSocMutation('/api/soc-code-config/update-documents');
