import { PETITION_TYPES_PER_PAGE } from '@caseport/domain/case-types/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export interface CaseTypeRow {
  id: number;
  name: string;
  code: string;
  /** The code case numbers carry: the tenant's custom code (D-23) when it set one, else the master code. */
  numberCode: string;
}
export interface CaseSubTypeRow extends CaseTypeRow {
  petitionTypeId: number;
}
export interface CaseTypeWithSubTypes extends CaseTypeRow {
  /** petition_types.category: which facts its cases hold (cases/facts.ts factsFor). */
  category: string;
  subTypes: CaseSubTypeRow[];
}

/**
 * Case types and sub-types from /petition-config/list (R-CASECODE-024: page 1, a very large perpage, getAll,
 * getByPetitionType); `activeList: [true]` keeps only what the tenant switched on in Case Configuration.
 */
export const useConfiguredCaseTypes = (filters: { activeList?: boolean[] } = {}) =>
  useQuery({
    queryKey: ['petition-config', 'list', 'case-types', filters],
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<CaseTypeWithSubTypes[]> => {
      const res = await api.call(
        '/api/petition-config/list',
        { filters, page: 1, perpage: PETITION_TYPES_PER_PAGE, getAll: true, getByPetitionType: true },
        signal,
      );
      return res.list.map((t) => ({
        id: t.id,
        name: t.name,
        code: t.code,
        category: t.category,
        numberCode: t.casenoConfigDetails?.code ?? t.code,
        subTypes: t.subTypes.map((s) => ({
          id: s.id,
          name: s.name,
          code: s.code,
          numberCode: s.casenoConfigDetails?.code ?? s.code,
          petitionTypeId: t.id,
        })),
      }));
    },
  });

/** Mantine Select / MultiSelect data grouped by case type. `keep` filters the sub-types offered. */
export const subTypeSelectData = (
  types: readonly CaseTypeWithSubTypes[] | undefined,
  keep: (id: number) => boolean = () => true,
) =>
  (types ?? [])
    .map((t) => ({
      group: t.name,
      items: t.subTypes.filter((s) => keep(s.id)).map((s) => ({ value: String(s.id), label: s.name })),
    }))
    .filter((g) => g.items.length > 0);
