import { useState } from 'react';
import { AutoComplete } from 'antd';
import { matchLabel, typeaheadListHeight } from '@syrx/contracts/components';
import { useComponentTypeahead } from '../api/components';

interface ComponentTypeaheadProps {
  /** Set by Form.Item: the chosen component's id, null while none is chosen. */
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
}

/** Picks a component by typing part of its description: at most five matches, in a list 300 px high (spec 02 section 5). */
export function ComponentTypeahead({ id, onChange }: ComponentTypeaheadProps) {
  const [text, setText] = useState('');
  const matches = useComponentTypeahead(text);
  const options = (matches.data ?? []).map((m) => ({ value: String(m.id), label: matchLabel(m) }));
  return (
    <AutoComplete
      id={id}
      value={text}
      options={text.trim() === '' ? [] : options}
      listHeight={typeaheadListHeight}
      placeholder="Type part of a component type, e.g. air handling"
      onSearch={(typed) => {
        setText(typed);
        onChange?.(null);
      }}
      onSelect={(value: string, option: { label: string }) => {
        setText(option.label);
        onChange?.(Number(value));
      }}
      notFoundContent={text.trim() !== '' && matches.isSuccess ? 'No component matches' : undefined}
    />
  );
}
