import type {
  SocAddBody,
  SocCodeConfig,
  SocDocument,
  SocManageStatusBody,
  SocUpdateBody,
  SocUpdateDocumentsBody,
} from '@caseport/domain/soc-codes/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';
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
  useListQuery<SocCodeConfig>(SOC_KEY, '/api/soc-code-config/list', body);

/** R-SOC-038: the SOC 2018 codes offered by the code picker. */
export const useSocMasterCodes = () => useMasterData('soc_codes');

/** R-SOC-037. */
export const useLetterVariables = () =>
  useQuery({
    queryKey: ['messages', 'LETTER_VARIABLES'],
    queryFn: () =>
      api.post<{ messages: { LETTER_VARIABLES: { key: string; label: string }[] } }>('/api/messages/list', {
        category: 'LETTER_VARIABLES',
      }),
    select: (d) => d.messages.LETTER_VARIABLES,
    staleTime: Infinity,
  });

export const fetchSocDetails = (socCodeConfigId: string) =>
  api
    .post<{ socCodeConfig: SocCodeConfig }>('/api/soc-code-config/details', { socCodeConfigId })
    .then((d) => d.socCodeConfig);

export type UploadedFile = Pick<SocDocument, 'name' | 'extn' | 'path' | 'mimetype'>;

/** R-SOC-039: form data with files, type 'forms-and-letters', secureType private, getDetails true (purpose word). */
export const uploadWordFiles = async (files: File[], onProgress?: (percent: number) => void): Promise<UploadedFile[]> =>
  (await uploadFiles('word', 'private', files, { onProgress, extra: { type: 'forms-and-letters' } })).map(
    ({ name, extn, path, mimetype }) => ({ name, extn, path, mimetype }),
  );

const useSocMutation = <B>(path: string | ((b: B) => string)) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<{ message: string }>(typeof path === 'string' ? path : path(body), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SOC_KEY }),
  });
};

/** R-SOC-032/033. */
export const useSaveSoc = () =>
  useSocMutation<SocAddBody | SocUpdateBody>((b) =>
    'socCodeConfigId' in b ? '/api/soc-code-config/update' : '/api/soc-code-config/add-soc-code',
  );
/** R-SOC-034. */
export const useSocStatus = () => useSocMutation<SocManageStatusBody>('/api/soc-code-config/manage-status');
/** R-SOC-035. */
export const useSocUpdateDocuments = () =>
  useSocMutation<SocUpdateDocumentsBody>('/api/soc-code-config/update-documents');
