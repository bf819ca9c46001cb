import type {
  CaseTypeConfig,
  PetitionConfigListResponse,
  PetitionConfigSaveBody,
} from '@caseport/domain/case-types/contracts';
import { FORM_LETTER_PER_PAGE, PETITION_TYPES_PER_PAGE, PICKER_PER_PAGE } from '@caseport/domain/case-types/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const KEY = ['petition-config'] as const;

/** R-CASETYPE-020: the case types with sub-types and this tenant's configuration. */
export const usePetitionConfigs = () =>
  useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) =>
      api.call(
        '/api/petition-config/list',
        { filters: {}, page: 1, perpage: PETITION_TYPES_PER_PAGE, getAll: true, getByPetitionType: true },
        signal,
      ),
  });

const useInvalidating = <B>(fn: (body: B) => Promise<{ message: string }>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
};

export interface Selection {
  id: number;
  selected: boolean;
  isCaseTypeSelected: boolean;
}
const SWITCH_KEY = [...KEY, 'switch'];
/**
 * R-CASETYPE-004/005: a switch moves at once (optimistic); the list is reloaded when the last switch call
 * settles, so a refused switch springs back. Reloading after every call would let the answer of an
 * earlier click overwrite a later click's optimistic state while that one is still on its way.
 */
const useSwitch = (
  path: '/api/petition-config/manage-case-types' | '/api/petition-config/manage-case-sub-types',
  apply: (list: CaseTypeConfig[], sel: Map<number, boolean>) => CaseTypeConfig[],
) => {
  const qc = useQueryClient();
  const listKey = [...KEY, 'list'];
  return useMutation({
    mutationKey: SWITCH_KEY,
    mutationFn: (selList: Selection[]) => api.call(path, { selList }),
    onMutate: async (selList) => {
      await qc.cancelQueries({ queryKey: listKey });
      const sel = new Map(selList.map((s) => [s.id, s.selected]));
      qc.setQueryData<PetitionConfigListResponse>(listKey, (old) =>
        old ? { ...old, list: apply(old.list, sel) } : old,
      );
    },
    onSettled: () =>
      qc.isMutating({ mutationKey: SWITCH_KEY }) === 1 ? qc.invalidateQueries({ queryKey: KEY }) : undefined,
  });
};
export const useManageCaseTypes = () =>
  useSwitch('/api/petition-config/manage-case-types', (list, sel) =>
    list.map((t) => (sel.has(t.id) ? { ...t, isCaseTypeSelected: sel.get(t.id) ?? false } : t)),
  );
export const useManageCaseSubTypes = () =>
  useSwitch('/api/petition-config/manage-case-sub-types', (list, sel) =>
    list.map((t) => ({
      ...t,
      subTypes: t.subTypes.map((s) => (sel.has(s.id) ? { ...s, isCaseTypeSelected: sel.get(s.id) ?? false } : s)),
    })),
  );

/** R-CASETYPE-021/022: create when the sub-type has no configuration yet, else update. */
export const useSavePetitionConfig = () =>
  useInvalidating((body: PetitionConfigSaveBody) =>
    api.call(body.petitionConfigId ? '/api/petition-config/update' : '/api/petition-config/create', body),
  );

/** R-WF-075..077: the sub-type's workflow link. */
export const useSaveWorkflowLink = () =>
  useInvalidating(
    (b: { workflowId: string; petitionTypeId: number; petitionSubTypeId: number; workflowConfigId?: string }) =>
      api.call(b.workflowConfigId ? '/api/workflow/config-update' : '/api/workflow/config-save', {
        ...b,
        active: true,
      }),
  );

/** D-23: POST /case-type-config/save-custom-code {casenoConfigId, typeId, subTypeId, code} (R-CASETYPE-030). */
export const useSaveCustomCode = () =>
  useInvalidating((b: { casenoConfigId: string | null; typeId: number; subTypeId: number | null; code: string }) =>
    api.call('/api/case-type-config/save-custom-code', b),
  );

/** R-CASETYPE-008/009: 25 questionnaires per page. */
export const useQuestionnaires = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['questionnaire', 'list', page],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.call('/api/questionnaire/list', { page, perpage: PICKER_PER_PAGE }, signal),
  });

/** Issue 21: the Preview link of Change Questionnaire renders the latest published version. */
export const useQuestionnairePreview = (questionnaireId: string | null) =>
  useQuery({
    queryKey: ['questionnaire', 'preview', questionnaireId],
    enabled: !!questionnaireId,
    // Enabled only with an id, so never null here.
    queryFn: ({ signal }) =>
      api.call('/api/questionnaire/preview', { questionnaireId: questionnaireId as string }, signal),
  });

/** R-CASETYPE-008: 25 workflows per page; only workflows a case can run on (active and set up). */
export const useWorkflowChoices = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['workflow', 'picker', page],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.call(
        '/api/workflow/list',
        {
          page,
          perpage: PICKER_PER_PAGE,
          sorting: { path: 'name', order: 1 },
          filters: { activeList: ['Active'], configList: ['Complete'] },
        },
        signal,
      ),
  });

export const useWorkflowPreview = (workflowId: string | null) =>
  useQuery({
    queryKey: ['workflow', 'details', workflowId],
    enabled: !!workflowId,
    // Enabled only with an id, so never null here.
    queryFn: ({ signal }) =>
      api.call('/api/workflow/details', { workflowId: workflowId as string }, signal).then((r) => r.workflow),
  });

/** R-CASETYPE-014: all forms and letters in one page of 1000000. */
export const useFormsAndLetters = () =>
  useQuery({
    queryKey: ['form-letter', 'list'],
    queryFn: ({ signal }) =>
      api.call('/api/form-letter/list', { page: 1, perpage: FORM_LETTER_PER_PAGE, getMasterData: true }, signal),
  });

/** R-CASETYPE-012: the Download link of a form or letter. */
export const downloadUrl = (doc: { path: string; name: string }) =>
  `/api/common/viewfile?path=${encodeURIComponent(doc.path)}&filename=${encodeURIComponent(doc.name)}`;
