import { useState } from 'react';
import { Alert, Button, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupNode, GroupRef } from '@syrx/contracts/groups';
import { groupChildrenQueryOptions } from '../../../lib/group-tree';
import { useSetCurrentGroup } from '../api/set-current-group';
import { toTreeNodes } from '../utils/tree-nodes';

interface ChangeGroupDialogProps {
  userId: number;
  onClose: () => void;
}

/** 'Change commissioning group': a lazily loaded group tree; Save Changes makes the selected group current. */
export function ChangeGroupDialog({ userId, onClose }: ChangeGroupDialogProps) {
  const queryClient = useQueryClient();
  const roots = useQuery(groupChildrenQueryOptions());
  const [loaded, setLoaded] = useState<ReadonlyMap<number, readonly GroupNode[]>>(new Map());
  const [selected, setSelected] = useState<GroupRef>();
  const [loadError, setLoadError] = useState<string>();
  const save = useSetCurrentGroup();

  const loadData = async ({ key }: TreeDataNode): Promise<void> => {
    const id = Number(key);
    try {
      const children = await queryClient.fetchQuery(groupChildrenQueryOptions(id));
      setLoaded((previous) => new Map(previous).set(id, children));
    } catch (error) {
      setLoadError(`The groups could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const groupById = (id: number): GroupNode | undefined =>
    [roots.data ?? [], ...loaded.values()].flat().find((group) => group.id === id);

  const onSave = () => {
    if (!selected) return;
    save.mutate({ userId, groupId: selected.id }, { onSuccess: onClose });
  };

  const error = save.error?.message ?? roots.error?.message ?? loadError;
  return (
    <Modal
      open
      title="Change commissioning group"
      closable={false}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="save" type="primary" disabled={!selected} loading={save.isPending} onClick={onSave}>
          Save Changes
        </Button>,
      ]}
    >
      {error !== undefined && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
      {roots.isPending ? (
        <Spin aria-label="Loading groups" />
      ) : (
        <Tree
          treeData={toTreeNodes(roots.data ?? [], loaded)}
          loadData={loadData}
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(_keys, { node, selected: isSelected }) => setSelected(isSelected ? groupById(Number(node.key)) : undefined)}
          style={{ maxHeight: 400, overflow: 'auto' }}
        />
      )}
      {selected && <p style={{ marginTop: 12, marginBottom: 0 }}>Selected: {selected.name}</p>}
    </Modal>
  );
}
