import { Button, Empty, Flex, Modal, Typography } from 'antd';
import type { ComponentNode } from '@syrx/contracts/components';
import { goBack, levelOf, pick, stackLabel } from '../utils/subcomponent-stacks';

interface SubcomponentModalProps {
  /** The subcomponent category (a child of the equipment's component) whose stack this is. */
  category: ComponentNode;
  stack: readonly ComponentNode[];
  onChange: (stack: ComponentNode[]) => void;
  onClose: () => void;
}

/**
 * 'Select Type of {description}' (spec 02 sections 2 and 4): the child types of the current level as buttons. A pick is
 * pushed onto the category's stack and drilled into; Go Back pops one level; the modal closes by itself when the pick
 * has no children, and with Close.
 */
export function SubcomponentModal({ category, stack, onChange, onClose }: SubcomponentModalProps) {
  const level = levelOf(category, stack);
  const chosen = new Set(stack.map((n) => n.id));
  const onPick = (item: ComponentNode) => {
    onChange(pick(category, stack, item));
    if (item.children.length === 0) onClose();
  };
  return (
    <Modal
      open
      title={`Select Type of ${level.description}`}
      onCancel={onClose}
      closable={false}
      footer={[
        <Button key="back" disabled={stack.length === 0} onClick={() => onChange(goBack(stack))}>Go Back</Button>,
        <Button key="close" onClick={onClose}>Close</Button>,
      ]}
    >
      {stack.length > 0 && <Typography.Paragraph type="secondary">Selected: {stackLabel(stack)}</Typography.Paragraph>}
      {level.children.length === 0 ? (
        <Empty description="No types to choose from" />
      ) : (
        <Flex vertical gap={8} role="group" aria-label={`Types of ${level.description}`}>
          {level.children.map((item) => (
            <Button key={item.id} block type={chosen.has(item.id) ? 'primary' : 'default'} onClick={() => onPick(item)}>
              {item.description}
            </Button>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
