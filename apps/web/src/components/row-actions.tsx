import type { MouseEvent } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Spins while the action runs. */
  loading?: boolean;
}

interface RowActionsProps {
  actions: readonly RowAction[];
  /** Space is short: one "Actions" button opening a menu instead of a button per action. */
  compact: boolean;
  /** What the row is ("AHU-1"): the menu button is "Actions for AHU-1" to a screen reader. */
  rowLabel: string;
  /** Set when every action is unavailable: the buttons (or the menu button) are disabled with this title. */
  inactiveTitle?: string;
}

/** A menu button's width: "Actions ˅" in a small button, with the cell's padding. */
export const rowActionsMenuWidth = 110;

/**
 * A grid row's actions: a small button each, or in a menu when the grid is short of space (issue 24: a clipped
 * Actions column). Clicks here act on the row and do not reach the row's own click.
 */
export function RowActions({ actions, compact, rowLabel, inactiveTitle }: RowActionsProps) {
  const stop = (e: MouseEvent) => e.stopPropagation();
  if (compact) {
    return (
      <span onClick={stop}>
        <Dropdown
          trigger={['click']}
          disabled={inactiveTitle !== undefined}
          menu={{
            items: actions.map((a) => ({ key: a.key, label: a.label, disabled: a.disabled })),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              actions.find((a) => a.key === key)?.onClick();
            },
          }}
        >
          <Button size="small" aria-label={`Actions for ${rowLabel}`} title={inactiveTitle} loading={actions.some((a) => a.loading)}>
            Actions <DownOutlined />
          </Button>
        </Dropdown>
      </span>
    );
  }
  return (
    <Space size={4} wrap onClick={stop}>
      {actions.map((a) => (
        <Button key={a.key} size="small" loading={a.loading} disabled={inactiveTitle !== undefined || a.disabled} title={inactiveTitle} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
    </Space>
  );
}
