import { z } from 'zod';
import { listOf } from '../api/responses';
import { int4, text } from '../api/scalars';
import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, SortOrderSchema } from '../list/list-query';

/**
 * `/company/list` (001 §7, R-CASECODE-022): the petitioner list that roles other than 1 load on the
 * case-code screens (role 1 loads the customer list instead). The petitioners of a tenant are its role-50
 * accounts, one per petitioner company (D-04), named by the person who signs in for the company.
 */
export const CompanyListBodySchema = z
  .object({
    page: int4().min(1).max(1_000_000).default(1),
    perpage: int4()
      .int()
      .refine((n) => (PER_PAGE_OPTIONS as readonly number[]).includes(n), 'perpage must be 10, 25, 50, 75 or 100')
      .default(DEFAULT_PER_PAGE),
    matcher: z
      .object({ searchString: text().max(100).optional() })
      .strict()
      .default({}),
    sorting: z
      .object({ path: z.enum(['name', 'createdOn']), order: SortOrderSchema })
      .strict()
      .default({ path: 'name', order: 1 }),
  })
  .strict();
export type CompanyListBody = z.infer<typeof CompanyListBodySchema>;

export const CompanyListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  createdOn: z.string(),
});
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;
export const CompanyListSchema = listOf(CompanyListItemSchema);

/** R-CASECODE-022: the call the case-code form makes, `{page 1, perpage 25, matcher, sorting}`. */
export const companyListRequest = (searchString: string): CompanyListBody => ({
  page: 1,
  perpage: 25,
  matcher: searchString.trim() ? { searchString: searchString.trim() } : {},
  sorting: { path: 'name', order: 1 },
});
