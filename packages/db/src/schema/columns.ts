import { timestamp } from 'drizzle-orm/pg-core';

/** `created_on`: when the row was written, set by the database. */
export const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();

/** `updated_on`: when the row last changed (the writer sets it on update; the database on insert). */
export const updatedOn = () => timestamp('updated_on', { withTimezone: true }).notNull().defaultNow();
