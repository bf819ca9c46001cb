/**
 * Query keys that more than one area reads or refreshes (a web feature imports no other feature, so a key two
 * areas share lives here). A key only its own area uses stays in that area's api.ts.
 */
export const USERS_KEY = ['users'] as const;
export const OUTBOX_KEY = ['mail-outbox'] as const;
export const TENANTS_KEY = ['tenant-admin'] as const;
export const BRANCHES_KEY = ['branches'] as const;
/** The platform's case configurations (platform-library); a change of the case catalogue refreshes them. */
export const PLATFORM_CASE_CONFIGS_KEY = ['platform-library', 'case-configs'] as const;
export const CATALOGUE_KEY = ['case-catalogue'] as const;
