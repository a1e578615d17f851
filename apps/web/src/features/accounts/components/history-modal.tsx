import { Button, Modal, Typography } from 'antd';
import type { Account } from '@syrx/contracts/accounts';
import { HistoryEntryForm } from './history-entry-form';
import { HistoryTable } from './history-table';

interface HistoryModalProps {
  account: Account;
  mayManage: boolean;
  onClose: () => void;
}

/**
 * An account's building size and utility cost history, with forms to add an entry of each (spec 02 sections 2 and 4).
 * Hidden means not rendered, so it opens with empty forms.
 */
export function HistoryModal({ account, mayManage, onClose }: HistoryModalProps) {
  return (
    <Modal
      open
      title={`History of ${account.name}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={760}
    >
      <section aria-label="Building size history">
        <Typography.Title level={5}>Building size</Typography.Title>
        <HistoryTable kind="size" initial={account.initial_size_normalization} entries={account.account_size_normalizations} />
        {mayManage && <HistoryEntryForm kind="size" accountId={account.id} />}
      </section>
      <section aria-label="Utility cost history" style={{ marginTop: 24 }}>
        <Typography.Title level={5}>Utility cost</Typography.Title>
        <HistoryTable kind="price" initial={account.initial_price_normalization} entries={account.account_price_normalizations} />
        {mayManage && <HistoryEntryForm kind="price" accountId={account.id} />}
      </section>
    </Modal>
  );
}
