import { useState } from 'react';
import { Alert, App, Button, Flex, Space, Table, type TableColumnsType, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type Contact, contactMessages } from '@syrx/contracts/contacts';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteContact, useGroupContacts } from '../api/contacts';
import { ContactModal } from './contact-modal';

/** /commissioning/contacts: the current group's contacts (the people projects name), added and edited in a modal. */
export function ContactsScreen() {
  const { message, modal } = App.useApp();
  const group = useCurrentUser().commissioning_group;
  const contacts = useGroupContacts(group?.id);
  const remove = useDeleteContact();
  // The modal: closed, adding (null) or editing a contact.
  const [editing, setEditing] = useState<Contact | null | undefined>(undefined);

  const onDelete = (c: Contact) => {
    modal.confirm({
      title: `Delete the contact ${c.full_name}?`,
      content: 'Projects that name this person keep their other people.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(c.id).then(() => void message.success(`${c.full_name} was deleted`), () => void message.error(contactMessages.deleteFailed)),
    });
  };

  const columns: TableColumnsType<Contact> = [
    { title: 'Name', dataIndex: 'full_name' },
    { title: 'Company', dataIndex: 'company' },
    { title: 'Title', dataIndex: 'title' },
    { title: 'E-mail', dataIndex: 'email' },
    { title: 'Phone', dataIndex: 'phone' },
    { title: 'Category', dataIndex: 'category_name' },
    {
      title: 'Actions', key: 'actions', width: 160,
      render: (_: unknown, c) => (
        <Space>
          <Button size="small" aria-label={`Edit ${c.full_name}`} onClick={() => setEditing(c)}>Edit</Button>
          <Button size="small" danger aria-label={`Delete ${c.full_name}`} onClick={() => onDelete(c)}>Delete</Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>Contacts</Typography.Title>
          {group && <Typography.Text type="secondary">Contacts of {group.name}</Typography.Text>}
        </div>
        <Button type="primary" icon={<PlusOutlined />} disabled={!group} onClick={() => setEditing(null)}>New contact</Button>
      </Flex>
      {!group && <Alert type="info" showIcon title="Choose a current group to see its contacts." />}
      {contacts.isError && <Alert type="error" showIcon role="alert" title="The contacts could not be loaded" description={contacts.error.message} />}
      {group && (
        <Table<Contact> aria-label="Contacts" rowKey="id" size="small" columns={columns} dataSource={contacts.data ?? []} loading={contacts.isPending} pagination={false} locale={{ emptyText: 'No contacts' }} />
      )}
      {group && editing !== undefined && <ContactModal contact={editing} groupId={group.id} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
