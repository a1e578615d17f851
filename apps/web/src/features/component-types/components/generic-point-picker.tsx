import { useState } from 'react';
import { AutoComplete, Form } from 'antd';
import type { GenericPoint } from '@syrx/contracts/catalogues';
import { findGenericPoints } from '../api/component-types';

const labelOf = (p: GenericPoint) => `${p.point_code} — ${p.description} (${p.point_type})`;

/** "From generic points": picking one fills the point's code, description and type (each can still be changed). */
export function GenericPointPicker() {
  const form = Form.useFormInstance();
  const [found, setFound] = useState<GenericPoint[]>([]);
  const [text, setText] = useState('');

  const search = (value: string) => {
    setText(value);
    findGenericPoints(value).then(setFound, () => setFound([]));
  };

  return (
    <Form.Item label="From generic points" help="Type a point code to pick a generic point; its fields fill in below.">
      <AutoComplete
        aria-label="From generic points"
        value={text}
        options={found.map((p) => ({ value: String(p.id), label: labelOf(p) }))}
        onSearch={search}
        onFocus={() => search(text)}
        onSelect={(id: string) => {
          const picked = found.find((p) => String(p.id) === id);
          if (!picked) return;
          form.setFieldsValue({ point_code: picked.point_code, description: picked.description, point_type: picked.point_type });
          setText(labelOf(picked));
        }}
        placeholder="SAT"
      />
    </Form.Item>
  );
}
