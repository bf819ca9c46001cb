/** A refusal of backup/restore is a message and exit code 1, not a stack trace. */
export const fail = (e: unknown): never => {
  console.error(`✖ ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
};
