import { Button, Card, Descriptions, Tag } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { Account } from '@syrx/contracts/accounts';
import { accountTypeLabels, currentValues, formatPrice, formatSize, needsManage, stationLabel } from '../utils/account-format';

interface AccountCardProps {
  account: Account;
  mayManage: boolean;
  onEdit: () => void;
  onHistory: () => void;
}

/** One building meter account: its number, type, weather station, time zone, and the size and cost in force today. */
export function AccountCard({ account, mayManage, onEdit, onHistory }: AccountCardProps) {
  const now = currentValues(account);
  return (
    <article aria-label={account.name} style={{ flex: '1 1 340px', maxWidth: 480 }}>
      <Card
        title={account.name}
        extra={<Tag color={account.type === 'electric' ? 'gold' : 'blue'}>{accountTypeLabels[account.type]}</Tag>}
        actions={[
          <Button key="edit" type="link" icon={<EditOutlined />} onClick={onEdit} disabled={!mayManage} title={mayManage ? undefined : needsManage}>
            Edit
          </Button>,
          <Button key="history" type="link" icon={<HistoryOutlined />} onClick={onHistory}>
            History
          </Button>,
        ]}
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Account number">{account.num ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Type">{accountTypeLabels[account.type]}</Descriptions.Item>
          <Descriptions.Item label="Weather station">{stationLabel(account.weatherstation)}</Descriptions.Item>
          <Descriptions.Item label="Time zone">{account.timezone}</Descriptions.Item>
          <Descriptions.Item label="Building size">{formatSize(now.size)}</Descriptions.Item>
          <Descriptions.Item label="Utility cost">{formatPrice(now.price)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </article>
  );
}

