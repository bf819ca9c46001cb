import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** One action of a list row (LISTS.md): its words, its icon, and what it does (a click or a link). */
export interface RowAction {
  /** 'Edit', 'Delete', 'Download' ...: the tooltip, the menu item, and the start of the accessible name. */
  label: string;
  icon: ComponentType<{ size?: number | string; 'aria-hidden'?: boolean }>;
  onClick?: () => void;
  /** A link instead of a click (downloads); `download` names the saved file, `newTab` opens it beside. */
  href?: string;
  download?: string;
  newTab?: boolean;
  /** 'red' for destructive actions. */
  color?: string;
  disabled?: boolean;
  /** Left out for this row (the role may not do it, or the row does not offer it). */
  hidden?: boolean;
}

export interface RowActionsProps {
  /** The row's name, in every action's accessible name: 'Edit H-1B Cap', 'Actions for Texas Service Center'. */
  name: string;
  actions: RowAction[];
  /** One 'Actions' menu instead of icon buttons: only where the spec asks for a menu (R-SVC-007). */
  asMenu?: boolean;
}

const linkProps = (a: RowAction) =>
  a.href
    ? {
        component: 'a' as const,
        href: a.href,
        download: a.download,
        ...(a.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      }
    : {};

/**
 * The row actions of every list (components/LISTS.md): icon buttons with a tooltip, each named
 * '<label> <row name>', in one row that does not wrap. Tables scroll inside their own frame on a phone, so
 * the actions stay reachable at 390 px.
 */
export function RowActions({ name, actions, asMenu = false }: RowActionsProps) {
  const shown = actions.filter((a) => !a.hidden);
  if (asMenu)
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${name}`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {shown.map((a) => (
            <Menu.Item
              key={a.label}
              leftSection={<a.icon size={16} aria-hidden />}
              color={a.color}
              disabled={a.disabled}
              onClick={a.onClick}
              {...(linkProps(a) as object)}
            >
              {a.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  return (
    <Group gap={4} wrap="nowrap" justify="flex-start" data-row-actions>
      {shown.map((a) => (
        <Tooltip key={a.label} label={a.label}>
          <ActionIcon
            variant="subtle"
            color={a.color}
            disabled={a.disabled}
            aria-label={`${a.label} ${name}`}
            onClick={a.onClick}
            {...(linkProps(a) as object)}
          >
            <a.icon size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
