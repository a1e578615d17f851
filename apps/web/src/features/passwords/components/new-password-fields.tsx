import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { newPasswordSchema, passwordLinkMessages, passwordMessages, passwordRules } from '@syrx/contracts/passwords';

/** The password rule the server applies too (it also refuses common passwords and says so under the field). */
const ruleOfNewPassword: Rule = {
  validator: async (_, value: string | undefined) => {
    const result = newPasswordSchema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? passwordMessages.required);
  },
};

const matchesNewPassword: Rule = ({ getFieldValue }) => ({
  validator: async (_, value: string | undefined) => {
    if (!value) throw new Error(passwordMessages.required);
    if (value !== getFieldValue('new_password')) throw new Error(passwordLinkMessages.mismatch);
  },
});

/** A new password (with the rule's hint) and its confirmation, as the forms that set one share them. */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item
        label="New password"
        name="new_password"
        rules={[ruleOfNewPassword]}
        extra={`At least ${passwordRules.minLength} characters; common passwords are refused.`}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Confirm password" name="confirmation" dependencies={['new_password']} rules={[matchesNewPassword]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

export interface NewPasswordValues {
  new_password: string;
  confirmation: string;
}
