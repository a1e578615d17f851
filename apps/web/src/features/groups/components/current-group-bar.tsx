import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useCurrentUser } from '../../../lib/session';
import { ChangeGroupDialog } from './change-group-dialog';
import { groupBarFrame } from './group-bar-frame';

/** 'Current group:' with the session's commissioning group (or '(None)') and a Change button. */
export function CurrentGroupBar() {
  const user = useCurrentUser();
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <Flex align="center" gap={8} style={groupBarFrame}>
      <Typography.Text type="secondary">Current group:</Typography.Text>
      <Typography.Text strong data-testid="current-group-name">
        {user.commissioning_group?.name ?? '(None)'}
      </Typography.Text>
      <Button size="small" onClick={() => setDialogOpen(true)}>
        Change
      </Button>
      {dialogOpen && <ChangeGroupDialog userId={user.id} onClose={() => setDialogOpen(false)} />}
    </Flex>
  );
}
