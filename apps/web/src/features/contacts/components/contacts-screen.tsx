import { useState } from 'react';
import { Alert, Button, Flex, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type Contact, contactMessages } from '@syrx/contracts/contacts';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteContact, useGroupContacts } from '../api/contacts';
import { ContactModal } from './contact-modal';
import { GroupScreenHeader } from '../../../components/group-screen-header';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { useConfirmDelete } from '../../../components/use-confirm-delete';

/** /commissioning/contacts: the current group's contacts (the people projects name), added and edited in a modal. */
export function ContactsScreen() {
  const confirmDelete = useConfirmDelete();
  const group = useCurrentUser().commissioning_group;
  const contacts = useGroupContacts(group?.id);
  const remove = useDeleteContact();
  // The modal: closed, adding (null) or editing a contact.
  const [editing, setEditing] = useState<Contact | null | undefined>(undefined);

  const onDelete = (c: Contact) =>
    confirmDelete({ what: 'contact', name: c.full_name, content: 'Projects that name this person keep their other people.', remove: () => remove.mutateAsync(c.id), failed: contactMessages.deleteFailed });

  const columns: TableColumnsType<Contact> = [
    { title: 'Name', dataIndex: 'full_name' },
    { title: 'Company', dataIndex: 'company' },
    { title: 'Title', dataIndex: 'title' },
    { title: 'E-mail', dataIndex: 'email' },
    { title: 'Phone', dataIndex: 'phone' },
    { title: 'Category', dataIndex: 'category_name' },
    {
      title: 'Actions', key: 'actions', width: 160,
      render: (_: unknown, c) => <EditDeleteButtons name={c.full_name} onEdit={() => setEditing(c)} onDelete={() => onDelete(c)} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <GroupScreenHeader title="Contacts" what="Contacts" group={group} action={<Button type="primary" icon={<PlusOutlined />} disabled={!group} onClick={() => setEditing(null)}>New contact</Button>} />
      {!group && <Alert type="info" showIcon title="Choose a current group to see its contacts." />}
      {contacts.isError && <Alert type="error" showIcon role="alert" title="The contacts could not be loaded" description={contacts.error.message} />}
      {group && (
        <Table<Contact> aria-label="Contacts" rowKey="id" size="small" columns={columns} dataSource={contacts.data} loading={contacts.isPending} pagination={false} locale={{ emptyText: 'No contacts' }} />
      )}
      {group && editing !== undefined && <ContactModal contact={editing} groupId={group.id} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
