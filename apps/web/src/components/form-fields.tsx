import { Form, Input, Radio } from 'antd';
import type { FormRule } from 'antd';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A Yes / No choice of buttons (the values 'yes' and 'no'), named by its label. */
export function YesNoField({ label, name }: { label: string; name: string }) {
  return (
    <Form.Item label={label} name={name}>
      <Radio.Group aria-label={label} optionType="button" options={yesNo} />
    </Form.Item>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  rules?: FormRule[];
  /** 'date': a date picked or typed YYYY-MM-DD. */
  type?: 'text' | 'date';
}

/** A labelled text field (the browser offers no earlier entries) or date field of a form. */
export function TextField({ label, name, rules, type = 'text' }: TextFieldProps) {
  return (
    <Form.Item label={label} name={name} rules={rules}>
      {type === 'date' ? <Input type="date" /> : <Input autoComplete="off" />}
    </Form.Item>
  );
}
