import type {
  QuestionnaireCreateBody,
  QuestionnaireDetails,
  QuestionnaireSaveDraftBody,
  QuestionnaireSummary,
  QuestionnaireVersion,
} from '@caseport/domain/questionnaires/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';

export const QUESTIONNAIRES_KEY = ['questionnaire-templates'] as const;

export const useQuestionnaireLibrary = (body: { page: number; perpage: number; searchString?: string }) =>
  useListQuery<QuestionnaireSummary>(QUESTIONNAIRES_KEY, '/api/questionnaire-template/list', body);

export const useQuestionnaireDetails = (questionnaireId: string | null) =>
  useQuery({
    queryKey: [...QUESTIONNAIRES_KEY, 'details', questionnaireId],
    enabled: !!questionnaireId,
    queryFn: ({ signal }) =>
      api.post<QuestionnaireDetails>('/api/questionnaire-template/details', { questionnaireId }, signal),
  });

/** One version as saved; a published one never changes, so it is cached for good. */
export const useQuestionnaireVersion = (questionnaireId: string | null, version: number | null) =>
  useQuery({
    queryKey: [...QUESTIONNAIRES_KEY, 'version', questionnaireId, version],
    enabled: !!questionnaireId && !!version,
    queryFn: ({ signal }) =>
      api.post<{ version: QuestionnaireVersion }>(
        '/api/questionnaire-template/version',
        { questionnaireId, version },
        signal,
      ),
  });

type Saved = { message: string; questionnaire: QuestionnaireDetails };

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
          ? await api.post<Saved>('/api/questionnaire-template/save-draft', body)
          : await api.post<Saved>('/api/questionnaire-template/create', body);
      if (!publish) return saved;
      return api.post<Saved>('/api/questionnaire-template/publish', { questionnaireId: saved.questionnaire._id });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData([...QUESTIONNAIRES_KEY, 'details', saved.questionnaire._id], saved.questionnaire);
      return queryClient.invalidateQueries({ queryKey: QUESTIONNAIRES_KEY });
    },
  });
};
