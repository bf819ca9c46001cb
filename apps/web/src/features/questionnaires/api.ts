import type { QuestionnaireCreateBody, QuestionnaireSaveDraftBody } from '@caseport/domain/questionnaires/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';

export const QUESTIONNAIRES_KEY = ['questionnaire-templates'] as const;

export const useQuestionnaireLibrary = (body: { page: number; perpage: number; searchString?: string }) =>
  useListQuery(QUESTIONNAIRES_KEY, '/api/questionnaire-template/list', body);

export const useQuestionnaireDetails = (questionnaireId: string | null) =>
  useQuery({
    queryKey: [...QUESTIONNAIRES_KEY, 'details', questionnaireId],
    enabled: !!questionnaireId,
    // Enabled only with an id, so never null here.
    queryFn: ({ signal }) =>
      api.call('/api/questionnaire-template/details', { questionnaireId: questionnaireId as string }, signal),
  });

/** One version as saved; a published one never changes, so it is cached for good. */
export const useQuestionnaireVersion = (questionnaireId: string | null, version: number | null) =>
  useQuery({
    queryKey: [...QUESTIONNAIRES_KEY, 'version', questionnaireId, version],
    enabled: !!questionnaireId && !!version,
    // Enabled only with an id and a version.
    queryFn: ({ signal }) =>
      api.call(
        '/api/questionnaire-template/version',
        { questionnaireId: questionnaireId as string, version: version as number },
        signal,
      ),
  });

export const useSaveQuestionnaire = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      publish,
    }: {
      body: QuestionnaireCreateBody | QuestionnaireSaveDraftBody;
      publish: boolean;
    }) => {
      const saved =
        'questionnaireId' in body
          ? await api.call('/api/questionnaire-template/save-draft', body)
          : await api.call('/api/questionnaire-template/create', body);
      if (!publish) return saved;
      return api.call('/api/questionnaire-template/publish', { questionnaireId: saved.questionnaire._id });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData([...QUESTIONNAIRES_KEY, 'details', saved.questionnaire._id], saved.questionnaire);
      return queryClient.invalidateQueries({ queryKey: QUESTIONNAIRES_KEY });
    },
  });
};
