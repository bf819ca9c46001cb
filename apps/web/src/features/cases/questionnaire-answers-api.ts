import type { QuestionnaireReviewBody } from '@caseport/domain/cases/questionnaire-answers';
import type { Answers } from '@caseport/domain/questionnaires/definition';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Issue 35 item 2: a case's questionnaire (the firm) and the questionnaires a person has to answer. */
export const caseQuestionnaireKey = (caseId: string) => ['cases', 'questionnaire', caseId] as const;
const ANSWERING_KEY = ['answering'] as const;

export const useCaseQuestionnaire = (caseId: string) =>
  useQuery({
    queryKey: caseQuestionnaireKey(caseId),
    queryFn: ({ signal }) => api.call('/api/cases/questionnaire/status', { caseId }, signal),
  });

export const useSendQuestionnaire = (caseId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.call('/api/cases/questionnaire/send', { caseId, userId }),
    onSuccess: () => client.invalidateQueries({ queryKey: caseQuestionnaireKey(caseId) }),
  });
};

export const useReviewAnswers = (caseId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<QuestionnaireReviewBody, 'caseId'>) =>
      api.call('/api/cases/questionnaire/review', { caseId, ...body }),
    // The review may reopen SUBMIT_BY_BENEFICIARY: the case's activities and details follow.
    onSuccess: () => client.invalidateQueries({ queryKey: ['cases'] }),
  });
};

export const useAnsweringList = () =>
  useQuery({ queryKey: ANSWERING_KEY, queryFn: ({ signal }) => api.call('/api/answering/list', {}, signal) });

export const useAnswering = (responseId: string) =>
  useQuery({
    queryKey: [...ANSWERING_KEY, responseId],
    queryFn: ({ signal }) => api.call('/api/answering/open', { responseId }, signal),
    // The form starts from what was saved; a refetch under the person's typing would not replace it anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSaveAnswers = (responseId: string, submit: boolean) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) =>
      api.call(submit ? '/api/answering/submit' : '/api/answering/save', { responseId, answers: answers as never }),
    onSuccess: () => client.invalidateQueries({ queryKey: ANSWERING_KEY }),
  });
};

export const uploadAnswerFile = (responseId: string, file: File) => {
  const data = new FormData();
  data.append('responseId', responseId);
  data.append('files', file);
  return api.upload('/api/answering/upload', data);
};
