import { App, Form, Input, Modal, Select } from 'antd';
import { type Contact, contactMessages } from '@syrx/contracts/contacts';
import { showFormFailure } from '../../../lib/form-errors';
import { useContactCategoryChoices, useSaveContact } from '../api/contacts';
import { type ContactFormValues, contactFormFields, contactRules, emptyContact, toContactFormValues, toContactUpdate } from '../utils/contact-form';

interface ContactModalProps {
  /** The contact to edit, or null to add one to the group. */
  contact: Contact | null;
  groupId: number;
  onClose: () => void;
}

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
        <Form.Item label="First Name" name="first_name" rules={contactRules.first_name}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Last Name" name="last_name" rules={contactRules.last_name}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Company" name="company" rules={contactRules.company}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Title" name="title" rules={contactRules.title}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="E-mail" name="email" rules={contactRules.email}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Phone" name="phone" rules={contactRules.phone}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Category" name="category_id">
          <Select<number> allowClear placeholder="No category" loading={categories.isPending} options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
