import { App, Form, Modal, Select } from 'antd';
import { type Contact, contactMessages } from '@syrx/contracts/contacts';
import { TextField } from '../../../components/form-fields';
import { showFormFailure } from '../../../lib/form-errors';
import { useContactCategoryChoices, useSaveContact } from '../api/contacts';
import { type ContactFormValues, contactFormFields, contactRules, emptyContact, toContactFormValues, toContactUpdate } from '../utils/contact-form';

interface ContactModalProps {
  /** The contact to edit, or null to add one to the group. */
  contact: Contact | null;
  groupId: number;
  onClose: () => void;
}

const textFields: [label: string, name: Exclude<keyof ContactFormValues, 'category_id'>][] = [
  ['First Name', 'first_name'],
  ['Last Name', 'last_name'],
  ['Company', 'company'],
  ['Title', 'title'],
  ['E-mail', 'email'],
  ['Phone', 'phone'],
];

/** Add Contact / Edit Contact: names required, company, title, e-mail, phone and category optional. */
export function ContactModal({ contact, groupId, onClose }: ContactModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ContactFormValues>();
  const save = useSaveContact();
  const categories = useContactCategoryChoices();

  const onFinish = (values: ContactFormValues) => {
    const body = toContactUpdate(values);
    save.mutate({ id: contact?.id ?? null, body: contact ? body : { ...body, group_id: groupId } }, {
      onSuccess: (saved) => {
        void message.success(`${saved.full_name} was ${contact ? 'saved' : 'added'}`);
        onClose();
      },
      onError: (error) => {
        showFormFailure(form, error, contactFormFields);
        void message.error(error.message || contactMessages.saveFailed);
      },
    });
  };

  return (
    <Modal
      open
      title={contact ? 'Edit Contact' : 'Add Contact'}
      okText="Save"
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ContactFormValues> form={form} name="contact" layout="vertical" initialValues={contact ? toContactFormValues(contact) : emptyContact} onFinish={onFinish}>
        {textFields.map(([label, name]) => (
          <TextField key={name} label={label} name={name} rules={contactRules[name]} />
        ))}
        <Form.Item label="Category" name="category_id">
          <Select<number> allowClear placeholder="No category" loading={categories.isPending} options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
