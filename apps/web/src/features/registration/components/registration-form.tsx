import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Result, Row } from 'antd';
import { Link, useLocation } from 'react-router';
import { registrationMessages } from '@syrx/contracts/registration';
import { ApiError } from '../../../lib/api-client';
import { useRegisterAccount } from '../api/register';
import { type RegistrationField, type RegistrationFormValues, checkRegistration, formFieldOf } from '../utils/registration-fields';

const fieldLabels: [RegistrationField, string, 'text' | 'password'][] = [
  ['email', 'Email', 'text'],
  ['password', 'Password', 'password'],
  ['passwordConfirmation', 'Confirm password', 'password'],
  ['firstName', 'First name', 'text'],
  ['lastName', 'Last name', 'text'],
  ['address', 'Address', 'text'],
  ['city', 'City', 'text'],
  ['state', 'State', 'text'],
  ['zip', 'Zip', 'text'],
  ['jobTitle', 'Job title', 'text'],
  ['groupName', 'Organization name', 'text'],
];

const autoComplete: Partial<Record<RegistrationField, string>> = {
  email: 'email', password: 'new-password', passwordConfirmation: 'new-password', firstName: 'given-name',
  lastName: 'family-name', address: 'street-address', city: 'address-level2', state: 'address-level1',
  zip: 'postal-code', jobTitle: 'organization-title', groupName: 'organization',
};

const fallbackMessage = 'The account could not be created. Please try again later.';

/** The registration form: checked with registrationFormSchema, then sent; nothing typed is lost on an error. */
export function RegistrationForm() {
  const [form] = Form.useForm<RegistrationFormValues>();
  const { search } = useLocation();
  const register = useRegisterAccount();
  const [failure, setFailure] = useState<string>();

  const showFieldErrors = (errors: Partial<Record<RegistrationField, string>>) => {
    form.setFields(Object.entries(errors).map(([name, message]) => ({ name: name as RegistrationField, errors: [message] })));
  };

  const showServerError = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
      const errors: Partial<Record<RegistrationField, string>> = {};
      for (const { field, message } of error.body.fields ?? []) {
        const name = formFieldOf(field);
        if (name) errors[name] ??= message;
      }
      if (error.status === 409 && Object.keys(errors).length === 0) errors.email = error.body.message;
      if (Object.keys(errors).length > 0) return showFieldErrors(errors);
    }
    setFailure(error instanceof ApiError ? error.body.message : fallbackMessage);
  };

  const onFinish = (values: RegistrationFormValues) => {
    setFailure(undefined);
    const check = checkRegistration(values);
    if (!check.ok) return showFieldErrors(check.errors);
    register.mutate(check.request, { onError: showServerError });
  };

  const onValuesChange = (changed: Partial<RegistrationFormValues>) => {
    form.setFields(Object.keys(changed).map((name) => ({ name: name as RegistrationField, errors: [] })));
  };

  if (register.isSuccess) {
    return (
      <Result
        status="success"
        title="Account created"
        subTitle={registrationMessages.success}
        extra={<Link to={`/login${search}`}>Go to the login page</Link>}
      />
    );
  }

  return (
    <Card title="Create an account" style={{ maxWidth: 720, margin: '32px auto' }}>
      {failure !== undefined && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={failure} />}
      <Form<RegistrationFormValues>
        form={form}
        name="registration"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        disabled={register.isPending}
      >
        <Row gutter={16}>
          {fieldLabels.map(([name, label, kind]) => (
            <Col key={name} xs={24} sm={12}>
              <Form.Item label={label} name={name} required>
                {kind === 'password' ? (
                  <Input.Password autoComplete={autoComplete[name]} />
                ) : (
                  <Input autoComplete={autoComplete[name]} />
                )}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={register.isPending}>
          Create account
        </Button>
        <span style={{ marginLeft: 16 }}>
          Already have an account? <Link to={`/login${search}`}>Login</Link>
        </span>
      </Form>
    </Card>
  );
}
