export interface RepositoryViolation {
  file: string;
  line: number;
  name: string;
  problem: string;
}
export declare const checkRepositories: (root: string) => RepositoryViolation[];
