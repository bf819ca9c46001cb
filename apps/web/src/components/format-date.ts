import dayjs from 'dayjs';

/** Dates in lists and details: 'Nov 22, 2026'; with time in details. */
export const formatDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format('MMM D, YYYY') : '—');
export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('MMM D, YYYY h:mm A') : '—');
/** Today as YYYY-MM-DD in the browser (the maximum of created-date filters, R-LIST-017). */
export const todayIso = () => dayjs().format('YYYY-MM-DD');
