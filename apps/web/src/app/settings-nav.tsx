import type { Me } from '@caseport/domain/auth/contracts';
import { AppShell, NavLink, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useShell } from './shell-context';

/**
 * The sidebar lists `me.menu` in the server's order (it already applies role, tenant type and mobile rules).
 * It highlights the shell's shared active tab (R-SHELL-006) and sets it on a click, so the highlight moves
 * at once; the settings page then settles it on the tab the activation rules open.
 */
export function SettingsNav({ me }: { me: Me }) {
  const { activeTab, setActiveTab } = useShell();
  return (
    <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb="xs">
        Settings
      </Text>
      {/* AppShell.Navbar is already the <nav> landmark (aria-label "Settings"). */}
      <div>
        {me.menu.map((item) => {
          const active = item.key === activeTab;
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={`/settings/${item.key}`}
              label={item.label}
              active={active}
              onClick={() => setActiveTab(item.key)}
              aria-current={active ? 'page' : undefined}
              data-tour={item.key}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          );
        })}
      </div>
    </AppShell.Section>
  );
}
