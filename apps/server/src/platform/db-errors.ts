/** Does a PostgreSQL error (thrown as is, or wrapped by Drizzle in `cause`) carry one of these SQLSTATEs? */
export const hasPgCode = (error: unknown, ...codes: string[]): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (codes.includes((e as { code?: unknown }).code as string)) return true;
  }
  return false;
};

/** unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => hasPgCode(error, '23505');

/** 22P05 untranslatable character (NUL in jsonb), 22021 invalid byte sequence (NUL in text). */
export const isInvalidTextError = (error: unknown): boolean => hasPgCode(error, '22P05', '22021');

/** Runs `fn`; a unique violation (a concurrent insert that won the race) becomes the caller's own error. */
export const withUniqueAs = async <T>(toError: () => Error, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw toError();
    throw e;
  }
};
