/** Does a PostgreSQL error (thrown as is, or wrapped by Drizzle in `cause`) carry one of these SQLSTATEs? */
export const hasPgCode = (error: unknown, ...codes: string[]): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (codes.includes((e as { code?: unknown }).code as string)) return true;
  }
  return false;
};

/** unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => hasPgCode(error, '23505');

/**
 * Data exceptions a request's own values cause (issue 23): 22P02 invalid text representation, 22P05
 * untranslatable character (a lone surrogate or NUL in jsonb), 22021 invalid byte sequence (NUL in text),
 * 22003 numeric value out of range, 22001 string too long, 22007/22008 invalid or overflowing datetime.
 * The contracts refuse such values first (packages/domain/src/api/scalars.ts); this is the backstop.
 */
export const REQUEST_DATA_SQLSTATES = ['22P02', '22P05', '22021', '22003', '22001', '22007', '22008'] as const;

/** The SQLSTATE of a database error caused by the request's data, or null. */
export const requestDataErrorCode = (error: unknown): string | null => {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if ((REQUEST_DATA_SQLSTATES as readonly unknown[]).includes(code)) return code as string;
  }
  return null;
};

/** Runs `fn`; a unique violation (a concurrent insert that won the race) becomes the caller's own error. */
export const withUniqueAs = async <T>(toError: () => Error, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw toError();
    throw e;
  }
};
