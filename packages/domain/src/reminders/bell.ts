/**
 * Issue 37: the bell counts at most this many unread reminders and one more: past it, it says '99+' (the count
 * reads the unread rows' index, so a user who never reads does not pay for every row on each poll). A module of its
 * own, with no imports: the bell is in the shell's first download (e2e/bundle-budget.spec.ts).
 */
export const BELL_UNREAD_SHOWN = 99;

/** The bell's number: the server sends at most BELL_UNREAD_SHOWN + 1 (meaning 'more than BELL_UNREAD_SHOWN'). */
export const bellCountLabel = (unread: number) =>
  unread > BELL_UNREAD_SHOWN ? `${BELL_UNREAD_SHOWN}+` : String(unread);
