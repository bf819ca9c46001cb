-- One two-factor rule per tenant (stop 29). Until now the rule was stored twice with two meanings:
-- tenants.mfa_required + mfa_roles (User Roles: the picked roles) and global_configs.config.mfaRequired
-- (Reminders screen: every user). Now tenants.mfa_required is 002 §3.1's mfaRequired, and an empty
-- mfa_roles means every user.
-- 1. A tenant that required two-factor for no role asked nobody for a code: keep it that way.
UPDATE tenants SET mfa_required = false WHERE mfa_required AND mfa_roles = '[]'::jsonb;
--> statement-breakpoint
-- 2. The global configuration's "every user" becomes the one rule with no role picked.
UPDATE tenants t SET mfa_required = true, mfa_roles = '[]'::jsonb
  FROM global_configs g
 WHERE g.tenant_id = t.id AND coalesce((g.config ->> 'mfaRequired')::boolean, false);
--> statement-breakpoint
-- 3. The configuration no longer keeps its own copy.
UPDATE global_configs SET config = config - 'mfaRequired' WHERE config ? 'mfaRequired';
