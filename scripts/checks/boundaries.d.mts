/** The types of boundaries.mjs's one export (the script stays plain Node ESM). */
export interface BoundaryViolation {
  /** Repo-relative importer. */
  from: string;
  /** Repo-relative imported file. */
  to: string;
  rule: string;
}

export function checkBoundaries(root: string): { violations: BoundaryViolation[]; circles: string[][] };
