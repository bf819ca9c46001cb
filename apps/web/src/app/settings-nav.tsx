import type { Me } from '@caseport/domain/auth/contracts';
import type { TabKey } from '@caseport/domain/settings/tabs';
import { AppShell, NavLink, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The sidebar lists `me.menu` in the server's order (it already applies role, tenant type and mobile rules). */
export function SettingsNav({ me, activeTab }: { me: Me; activeTab: TabKey }) {
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
