import { z } from 'zod';
import { money, text } from '../api/scalars';
import { CalendarDateSchema } from '../reminders/case-dates';
import { ACTIVITY_CODES } from '../workflows/catalogue';
import { RUN_KINDS, RUN_STATUSES, USCIS_OUTCOMES } from './run';

/**
 * The Activities of a case (issue 34 item 5): the wire contracts of /api/cases/activities/*. The run's rules
 * are in run.ts, what each kind records in run-data.ts.
 */

/** A transition lost the race (optimistic concurrency): 409 with this message; the page reads the run again. */
export const ACTIVITY_CONFLICT_MESSAGE = 'This activity was just changed by someone else';
export const NO_WORKFLOW_MESSAGE = 'This case has no workflow';

export const CaseActivitiesBodySchema = z.object({ caseId: z.uuid() }).strict();
export type CaseActivitiesBody = z.infer<typeof CaseActivitiesBodySchema>;

export const ACTIVITY_ACTIONS = ['complete', 'undo', 'skip', 'uscis'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** A value of an activity's data on the wire: scalars the database can store (run-data.ts checks each kind's shape). */
const RunDataValueSchema = z.union([
  text().max(2000),
  money(),
  z.boolean(),
  z.null(),
  z.array(z.object({ label: text().max(200), amount: money() }).strict()).max(50),
]);

export type RunDataValue = z.infer<typeof RunDataValueSchema>;

/** The activity a change names, at the version the caller saw: a changed activity answers 409. */
const ACTIVITY_AT_VERSION = {
  caseId: z.uuid(),
  code: z.enum(ACTIVITY_CODES),
  version: z.number().int().min(0).max(2_147_483_647),
};

export const CaseActivityActBodySchema = z
  .object({
    ...ACTIVITY_AT_VERSION,
    action: z.enum(ACTIVITY_ACTIONS),
    /** With action 'uscis' (on UPDATE_USCIS_RESPONSE). */
    outcome: z.enum(USCIS_OUTCOMES).optional(),
    /** What the activity records (run-data.ts, per kind), checked by the server. */
    data: z.record(text().max(50), RunDataValueSchema).optional(),
  })
  .strict();
export type CaseActivityActBody = z.input<typeof CaseActivityActBodySchema>;

/** Issue 34: an open activity's due date, changed by someone who may act on it, at the version they saw. */
export const CaseActivitySetDueBodySchema = z.object({ ...ACTIVITY_AT_VERSION, dueOn: CalendarDateSchema }).strict();
export type CaseActivitySetDueBody = z.input<typeof CaseActivitySetDueBodySchema>;

const PersonRefSchema = z.object({ id: z.string(), name: z.string() });

export const CaseActivitySchema = z.object({
  _id: z.string(),
  code: z.enum(ACTIVITY_CODES),
  name: z.string(),
  step: z.number(),
  seq: z.number(),
  status: z.enum(RUN_STATUSES),
  optional: z.boolean(),
  kind: z.enum(RUN_KINDS),
  /** The roles that act on it (the workflow's editors), with their names. */
  ownerRoles: z.array(z.object({ roleId: z.number(), roleName: z.string() })),
  /** The user it is assigned to (by an ASSIGN_* activity of its role), if any. */
  owner: PersonRefSchema.nullable(),
  /** ASSIGN_* only: the role whose user it picks. */
  assigns: z.object({ roleId: z.number(), roleName: z.string() }).nullable(),
  dueOn: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  version: z.number(),
  doneBy: PersonRefSchema.nullable(),
  doneOn: z.string().nullable(),
  /** Outside people it waits for, and who that is on this case (name null: not linked yet). */
  waitsFor: z
    .object({ who: z.enum(['beneficiary', 'petitioner', 'signatory']), label: z.string(), name: z.string().nullable() })
    .nullable(),
  dependsOn: z.array(z.string()),
  uscisResponses: z.array(z.enum(USCIS_OUTCOMES)),
});
export type CaseActivity = z.infer<typeof CaseActivitySchema>;

export const CaseActivitiesSchema = z.object({
  caseId: z.string(),
  caseStatus: z.enum(['open', 'closed']),
  /** The case has a workflow to run (false: nothing to start). */
  hasWorkflow: z.boolean(),
  /** The day the case was opened, in the firm's own day: no due date is set before it (run-rules.ts). */
  openedOn: z.string(),
  list: z.array(CaseActivitySchema),
  totalCount: z.number(),
  /** The USCIS responses the run accepts now (run.ts allowedUscisOutcomes). */
  allowedUscisOutcomes: z.array(z.enum(USCIS_OUTCOMES)),
});
export type CaseActivities = z.infer<typeof CaseActivitiesSchema>;

export const CaseActivitiesSavedSchema = CaseActivitiesSchema.extend({ message: z.string() });
