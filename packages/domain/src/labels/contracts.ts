import { z } from 'zod';
import { listOf, timestamp } from '../api/responses';
import { text } from '../api/scalars';
import { listQuerySchema } from '../list/list-query';

/** D-20: a label is a name (1-50, unique per tenant ignoring case), a #RRGGBB colour and a status. */
export const LABEL_NAME_MAX = 50;
export const LABEL_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** D-20: the list remembers per-page and sort under labels_* (the spec's petitions_* keys would collide). */
export const LABELS_LIST_KEY = 'labels';
export const LABEL_SORT_PATHS = ['name', 'createdByName', 'createdOn', 'updatedOn'] as const;
export const LABELS_EMPTY_TEXT = 'No Results Found';
export const LABEL_DUPLICATE_MESSAGE = 'Label name already exists';

export const LabelNameSchema = text()
  .trim()
  .min(1, 'Name is required')
  .max(LABEL_NAME_MAX, `Name must be at most ${LABEL_NAME_MAX} characters`);
export const LabelColorSchema = text().regex(LABEL_COLOR_PATTERN, 'Color must be a hex colour like #1E88E5');

export const LabelCreateBodySchema = z.object({ name: LabelNameSchema, color: LabelColorSchema }).strict();
export type LabelCreateBody = z.infer<typeof LabelCreateBodySchema>;

export const LabelUpdateBodySchema = LabelCreateBodySchema.extend({
  labelId: z.uuid(),
  /** true = active (D-20 status). */
  status: z.boolean().optional(),
}).strict();
export type LabelUpdateBody = z.infer<typeof LabelUpdateBodySchema>;

/** 001 §7 (R-LABEL-012): `{matcher {statusList, searchString}, page, perpage, sorting}`. */
export const LabelListBodySchema = listQuerySchema({
  sortPaths: LABEL_SORT_PATHS,
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {},
})
  .omit({ filters: true })
  .extend({
    matcher: z
      .object({
        statusList: z.array(z.boolean()).max(2).optional(),
        searchString: text().max(100).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();
export type LabelListBody = z.infer<typeof LabelListBodySchema>;

/** R-LABEL-011: a label as the list returns it; the id is `_id`. */
export const LabelItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  status: z.boolean(),
  createdByName: z.string(),
  createdByRoleName: z.string(),
  createdOn: timestamp(),
  updatedOn: timestamp(),
});
/** As the web reads it (dates as text). */
export type LabelItem = z.input<typeof LabelItemSchema>;
export const LabelListSchema = listOf(LabelItemSchema);
/** Create and update answer the label as saved (its dates straight from the database). */
export const LabelSavedSchema = z.object({
  message: z.string(),
  label: LabelItemSchema,
});
