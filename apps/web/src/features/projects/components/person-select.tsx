import { useState } from 'react';
import { Select } from 'antd';
import type { Contact } from '@syrx/contracts/contacts';
import { emptyPersonLabel, type PersonValue } from '../utils/project-form';

interface PersonSelectProps {
  /** The field's label (Owner, Comm Authority, Engineer). */
  label: string;
  people: readonly Contact[];
  /** Set by Form.Item. */
  id?: string;
  value?: PersonValue;
  onChange?: (value: PersonValue) => void;
}

/**
 * A select of the group's contacts by full name (spec 02 section 2). Its empty option reads 'Select {label}' while the
 * field has never held a person and 'No {label}' once one was chosen (or loaded) and cleared.
 */
export function PersonSelect({ label, people, id, value = '', onChange }: PersonSelectProps) {
  const [everSet, setEverSet] = useState(() => value !== '');
  const options = [{ value: '' as PersonValue, label: emptyPersonLabel(label, everSet) }, ...people.map((p) => ({ value: p.id, label: p.full_name }))];
  return (
    <Select<PersonValue>
      id={id}
      value={value}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(v) => {
        if (v !== '') setEverSet(true);
        onChange?.(v);
      }}
    />
  );
}
