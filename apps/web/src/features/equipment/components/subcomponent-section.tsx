import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { ComponentNode } from '@syrx/contracts/components';
import { type SubcomponentStacks, stackLabel } from '../utils/subcomponent-stacks';
import { SubcomponentModal } from './subcomponent-modal';

interface SubcomponentSectionProps {
  /** The equipment's component type; its children are the subcomponent categories. */
  component: ComponentNode;
  stacks: SubcomponentStacks;
  onChange: (stacks: SubcomponentStacks) => void;
}

/** A new equipment's subcomponents: per category what was picked, and a button that opens its modal. */
export function SubcomponentSection({ component, stacks, onChange }: SubcomponentSectionProps) {
  const [open, setOpen] = useState<ComponentNode | null>(null);
  if (component.children.length === 0) return null;
  return (
    <section aria-label="Subcomponents" style={{ marginBottom: 16 }}>
      <Typography.Text strong>Subcomponents</Typography.Text>
      <Flex vertical gap={6} style={{ marginTop: 8 }}>
        {component.children.map((category) => (
          <Flex key={category.id} justify="space-between" align="center" gap={8}>
            <span>
              {category.description}: <Typography.Text type={stacks[category.id]?.length ? undefined : 'secondary'}>{stackLabel(stacks[category.id]) || 'Not selected'}</Typography.Text>
            </span>
            <Button size="small" aria-label={`Select ${category.description}`} onClick={() => setOpen(category)}>Select</Button>
          </Flex>
        ))}
      </Flex>
      {open && (
        <SubcomponentModal
          category={open}
          stack={stacks[open.id] ?? []}
          onChange={(stack) => onChange({ ...stacks, [open.id]: stack })}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
