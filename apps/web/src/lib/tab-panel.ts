import type { TabKey } from '@caseport/domain/settings/tabs';

/** What every settings tab panel receives. Feature pages default-export a component taking these props. */
export interface TabPanelProps {
  tabKey: TabKey;
  /** `?tab=` of /settings/:tabName (R-SHELL-005): a sub-tab inside the tab, e.g. a reminder family. */
  subTab: string | null;
  /** `replace` swaps the current history entry instead of adding one (Back skips the old sub-tab). */
  onSubTabChange: (subTab: string | null, options?: { replace?: boolean }) => void;
  /** True inside first-time setup (/basic-settings, /basic-configuration). */
  inSetup: boolean;
}
