-- Issue 38, D-23: allowCustonCaseNo is one setting, the tenant's global configuration (global_configs.config, saved
-- by the Reminders screen). This column (default true, written by no route) was read in its place by the Custom
-- Code popup and save-custom-code; a tenant's saved global value now decides, so the column goes.
ALTER TABLE "case_type_settings" DROP COLUMN "allow_custon_case_no";
