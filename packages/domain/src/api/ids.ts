import { z } from 'zod';

/** Master-data ids (countries, states, case types, sub-types ...) are PostgreSQL `integer`s: a number the
 *  column cannot hold is a validation error, never a database error. */
export const INT_ID_MAX = 2_147_483_647;
export const IntIdSchema = z.number().int().min(1).max(INT_ID_MAX);
