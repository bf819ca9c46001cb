/** PostgreSQL unique_violation (23505), whether the driver error is thrown as is or wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};
