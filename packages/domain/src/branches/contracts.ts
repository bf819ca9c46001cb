import { z } from 'zod';
import { listOf, responseOf, timestamp } from '../api/responses';
import { text } from '../api/scalars';
import { listQuerySchema } from '../list/list-query';
import { AddressSchema } from '../profile/contracts';
import { USER_STATUSES } from '../users/contracts';

/**
 * Branches (issue 16; tabs branchList / branchCreate / branchDetails, 000 §2): a tenant's offices. Each has a
 * name, the shared address (R-PROFILE-029, country → state → city), a phone, an optional manager (a Branch
 * Manager, role 4, of the tenant) and its users. A branch manager sees and manages only the users of their own
 * branch (server-enforced in the users service).
 */
export const BRANCHES_LIST_KEY = 'branches';
export const BRANCH_SORT_PATHS = ['name', 'userCount', 'createdOn'] as const;
export const BRANCHES_EMPTY_TEXT = 'No Results Found';
export const BRANCH_MANAGER_ROLE = 4;

export const BRANCH_MESSAGES = {
  nameRequired: 'Branch name is required',
  nameTaken: 'A branch with this name already exists',
  managerRole: 'The manager must be an active Branch Manager of your organization',
  onlyAdmin: 'Only the administrator can create branches or change another branch',
  notYourBranch: 'You can manage only the users of your own branch',
  noBranch: 'You are not assigned to a branch. Ask your administrator to assign you one.',
} as const;

export const BranchNameSchema = text({ error: BRANCH_MESSAGES.nameRequired })
  .trim()
  .min(1, BRANCH_MESSAGES.nameRequired)
  .max(100, 'Branch name must be at most 100 characters');

export const BranchListBodySchema = listQuerySchema({
  sortPaths: BRANCH_SORT_PATHS,
  defaultSort: { path: 'name', order: 1 },
  filters: { searchString: text().max(100).optional() },
});
export type BranchListBody = z.infer<typeof BranchListBodySchema>;

export const BranchItemSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** "City, State" from the address, for the list. */
  location: z.string(),
  phone: z.string(),
  managerId: z.uuid().nullable(),
  managerName: z.string().nullable(),
  userCount: z.number(),
  createdOn: timestamp(),
});
export type BranchItem = z.input<typeof BranchItemSchema>;
export const BranchListResponseSchema = listOf(BranchItemSchema);

const branchFields = {
  name: BranchNameSchema,
  address: AddressSchema,
  phone: text().trim().max(20, 'Phone must be at most 20 characters').default(''),
  managerId: z.uuid().nullable().default(null),
};
export const BranchCreateBodySchema = z.object(branchFields).strict();
export type BranchCreateBody = z.infer<typeof BranchCreateBodySchema>;
export const BranchUpdateBodySchema = z.object({ branchId: z.uuid(), ...branchFields }).strict();
export type BranchUpdateBody = z.infer<typeof BranchUpdateBodySchema>;
export const BranchIdBodySchema = z.object({ branchId: z.uuid() }).strict();

export const BranchUserSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roleName: z.string(),
  status: z.enum(USER_STATUSES),
});
export const BranchDetailsSchema = BranchItemSchema.extend({
  address: responseOf(AddressSchema).nullable(),
  users: z.array(BranchUserSchema),
});
export type BranchDetails = z.input<typeof BranchDetailsSchema>;
export const BranchAnswerSchema = z.object({ message: z.string(), branch: BranchDetailsSchema });
export type BranchAnswer = z.input<typeof BranchAnswerSchema>;
