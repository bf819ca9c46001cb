import { z } from 'zod';
import { listOf } from '../api/responses';
import { id, int4, text } from '../api/scalars';
import { NewPasswordSchema } from '../auth/contracts';
import { listQuerySchema, seekListQuerySchema } from '../list/list-query';

/**
 * Users of a tenant (issue 16; tab `users`, R-SHELL-039). A user is 'invited' until they accept the
 * invitation and set a password, 'active' after, 'inactive' once an admin deactivates them (every session
 * ends at once).
 */
export const USER_STATUSES = ['invited', 'active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  inactive: 'Inactive',
};

export const USERS_LIST_KEY = 'users';
export const USER_SORT_PATHS = ['name', 'email', 'roleName', 'createdOn'] as const;
export const USERS_EMPTY_TEXT = 'No Results Found';

/** An invitation link lasts 7 days, a password reset link 24 hours; each works once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 24 * 60 * 60 * 1000;
export const TOKEN_PURPOSES = ['invite', 'reset'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const USER_EXISTS = 'A user with this email already exists';
export const ROLE_NOT_ALLOWED = 'You cannot assign this role';
export const USER_NOT_MANAGEABLE = 'You cannot manage this user';
export const NOT_YOURSELF = 'You cannot change your own role or status here';
export const LINK_INVALID = 'This link is invalid or has expired. Please ask your administrator for a new one.';
export const ACCOUNT_SUSPENDED = "Your organization's account is suspended. Please contact Caseport support.";

const NameSchema = (label: string) =>
  text().trim().min(1, `${label} is required`).max(50, `${label} must be at most 50 characters`);
export const FirstNameSchema = NameSchema('First name');
export const LastNameSchema = NameSchema('Last name');
export const EmailSchema = text()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .email('Please enter a valid email')
  .max(254);

export const UserListBodySchema = listQuerySchema({
  sortPaths: USER_SORT_PATHS,
  defaultSort: { path: 'name', order: 1 },
  filters: {
    searchString: text().max(100).optional(),
    roleIds: z.array(id()).max(20).optional(),
    statuses: z.array(z.enum(USER_STATUSES)).max(3).optional(),
    branchIds: z.array(z.uuid()).max(50).optional(),
  },
});
export type UserListBody = z.infer<typeof UserListBodySchema>;

export const UserItemSchema = z.object({
  _id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: int4(),
  roleName: z.string(),
  status: z.enum(USER_STATUSES),
  branchId: z.uuid().nullable(),
  branchName: z.string().nullable(),
  /** Two-factor sign-in is set up (issue 16). */
  mfaEnabled: z.boolean(),
  createdOn: z.string(),
});
export type UserItem = z.infer<typeof UserItemSchema>;
export const UserListResponseSchema = listOf(UserItemSchema);

/** The user's branch (issue 16): null for none; a branch manager may only name their own. */
const BranchRefSchema = z.uuid().nullable();
export const UserInviteBodySchema = z
  .object({
    email: EmailSchema,
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    roleId: id(),
    branchId: BranchRefSchema.optional(),
  })
  .strict();
export type UserInviteBody = z.infer<typeof UserInviteBodySchema>;

export const UserIdBodySchema = z.object({ userId: z.uuid() }).strict();
export type UserIdBody = z.infer<typeof UserIdBodySchema>;

/** `branchId` left out keeps the user's branch. */
export const UserUpdateBodySchema = z
  .object({
    userId: z.uuid(),
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    roleId: id(),
    branchId: BranchRefSchema.optional(),
  })
  .strict();
export type UserUpdateBody = z.infer<typeof UserUpdateBodySchema>;

export const UserStatusBodySchema = z.object({ userId: z.uuid(), active: z.boolean() }).strict();
export type UserStatusBody = z.infer<typeof UserStatusBodySchema>;

/**
 * A link sent by e-mail: `sent` when a mail transport took it; otherwise `link` is the URL for the admin to
 * copy (it is in the outbox too).
 */
export const DeliverySchema = z.object({ sent: z.boolean(), link: z.string().nullable(), expiresAt: z.string() });
export type Delivery = z.infer<typeof DeliverySchema>;

export const UserAnswerSchema = z.object({ message: z.string(), user: UserItemSchema });
export const UserLinkAnswerSchema = UserAnswerSchema.extend({ delivery: DeliverySchema });
export type UserLinkAnswer = z.infer<typeof UserLinkAnswerSchema>;

/** The caller's own outbox (messages their actions wrote), newest first. */
export const OutboxListBodySchema = seekListQuerySchema({
  sortPaths: ['createdOn'],
  seekPaths: ['createdOn'],
  defaultSort: { path: 'createdOn', order: -1 },
  filters: { to: text().max(254).optional() },
});
export type OutboxListBody = z.infer<typeof OutboxListBodySchema>;
export const OutboxItemSchema = z.object({
  _id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdOn: z.string(),
  sentOn: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;
export const OutboxListResponseSchema = listOf(OutboxItemSchema);

/** Public: the invitation / reset link's token (43 base64url characters). */
const TokenSchema = text().min(20).max(100);
export const TokenInfoBodySchema = z.object({ token: TokenSchema }).strict();
export const TokenInfoSchema = z.object({
  purpose: z.enum(TOKEN_PURPOSES),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tenantName: z.string().nullable(),
});
export type TokenInfo = z.infer<typeof TokenInfoSchema>;
export const AcceptTokenBodySchema = z.object({ token: TokenSchema, newPassword: NewPasswordSchema }).strict();
export type AcceptTokenBody = z.infer<typeof AcceptTokenBodySchema>;

/** The signed-in user's own name (My Profile). */
export const OwnProfileBodySchema = z.object({ firstName: FirstNameSchema, lastName: LastNameSchema }).strict();
export type OwnProfileBody = z.infer<typeof OwnProfileBodySchema>;
export const MessageSchema = z.object({ message: z.string() });

/**
 * Issue 39 (finding 2): a link that sets a password signs the user in only when no second step is due; for a
 * user enrolled in two-factor sign-in, or one whose role requires it, it ends in the normal sign-in
 * (`signedIn: false`: the code, or enrolment first).
 */
export const AcceptLinkAnswerSchema = z.object({ message: z.string(), signedIn: z.boolean() });
export const LINK_SIGN_IN_NEXT = {
  verify: 'Your password is set. Sign in with it and the code from your authenticator app.',
  enrol: 'Your password is set. Sign in with it to set up two-factor sign-in.',
} as const;

/** The link a token travels in: the token sits in the fragment, so it never reaches a server log or a Referer. */
export const linkFor = (origin: string, purpose: TokenPurpose, token: string) =>
  `${origin}/${purpose === 'invite' ? 'accept-invitation' : 'reset-password'}#token=${token}`;
