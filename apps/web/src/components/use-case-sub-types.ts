import type { MasterDataCategory } from '@caseport/domain/master-data/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchMasterData } from '../lib/use-master-data';

export interface CaseTypeRow {
  id: number;
  name: string;
  code: string;
}
export interface CaseSubTypeRow extends CaseTypeRow {
  petitionTypeId: number;
}
export interface CaseTypeWithSubTypes extends CaseTypeRow {
  subTypes: CaseSubTypeRow[];
}

const fetchAll = <T>(category: MasterDataCategory) => fetchMasterData<T>(category, { perpage: 100_000 });

/** Case types with their sub-types (master data), for pickers grouped by case type. Loaded once per session. */
export const useCaseSubTypes = () =>
  useQuery({
    queryKey: ['masterdata', 'case-types-with-sub-types'],
    staleTime: Infinity,
    queryFn: async (): Promise<CaseTypeWithSubTypes[]> => {
      const [types, subTypes] = await Promise.all([
        fetchAll<CaseTypeRow>('petition_types'),
        fetchAll<CaseSubTypeRow>('petition_sub_types'),
      ]);
      return types.map((t) => ({ ...t, subTypes: subTypes.filter((s) => s.petitionTypeId === t.id) }));
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
