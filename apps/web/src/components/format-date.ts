import dayjs from 'dayjs';

const format = (value: string | Date | null | undefined, pattern: string): string => {
  if (!value) return '—';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : '—';
};

/** List dates ('Nov 22, 2026'); an empty or unreadable value shows a dash rather than "Invalid Date". */
export const formatDate = (value: string | Date | null | undefined): string => format(value, 'MMM D, YYYY');
/** Dates with time, in details. */
export const formatDateTime = (value: string | Date | null | undefined): string => format(value, 'MMM D, YYYY h:mm A');
/** Today as YYYY-MM-DD in the user's zone: the maximum of created-date filters (R-LIST-017). */
export const todayIso = (): string => dayjs().format('YYYY-MM-DD');
