import type { ReactNode } from 'react';
import { Button, Flex, Modal, Tag } from 'antd';
import { type DialogState, canSubmit, closeLabel } from '../utils/dialog-state';
import { LogArea } from '../../../components/log-area';

interface DialogFrameProps {
  title: string;
  state: DialogState;
  /** False while nothing is chosen to submit. */
  submittable?: boolean;
  onSubmit: () => void;
  /** Cancel (stop what runs) or Close; the dialog goes away either way. */
  onClose: () => void;
  /** Extra buttons before Submit (e.g. "Discover again"). */
  extraActions?: ReactNode;
  /** The dialog's primary action beside Submit in ready_for_submit (e.g. "Add all new devices"); Submit is then secondary. */
  primaryAction?: ReactNode;
  children: ReactNode;
}

const phaseLabels: Record<DialogState['phase'], { text: string; color: string }> = {
  running: { text: 'Running', color: 'processing' },
  ready_for_submit: { text: 'Ready for submit', color: 'blue' },
  submitting: { text: 'Submitting', color: 'processing' },
  done: { text: 'Done', color: 'success' },
  error: { text: 'Error', color: 'error' },
};

/** The frame of the discovery and reload dialogs: their state, content and log; Submit only in ready_for_submit. */
export function DialogFrame({ title, state, submittable = true, onSubmit, onClose, extraActions, primaryAction, children }: DialogFrameProps) {
  const ready = canSubmit(state.phase);
  const phase = phaseLabels[state.phase];
  return (
    <Modal
      open
      width={760}
      title={
        <Flex gap={8} align="center">
          {title}
          <Tag color={phase.color} data-testid="dialog-phase">
            {phase.text}
          </Tag>
        </Flex>
      }
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Flex gap={8} justify="end">
          {extraActions}
          {ready && (
            <Button type={primaryAction ? 'default' : 'primary'} onClick={onSubmit} disabled={!submittable}>
              Submit
            </Button>
          )}
          {ready && primaryAction}
          <Button onClick={onClose}>{closeLabel(state.phase)}</Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {children}
        <LogArea lines={state.log} />
      </Flex>
    </Modal>
  );
}
