import { useState } from 'react';
import type { FormInstance } from 'antd';
import { saveFailure } from '../utils/save-failure';

/** What a refused save shows on a form: the server's messages under `formFields`, anything else as an alert. */
export function useSaveFailure(form: FormInstance, formFields: readonly string[]) {
  const [alert, setAlert] = useState<string | null>(null);
  return {
    alert,
    clear: () => setAlert(null),
    show: (error: Error) => {
      const failure = saveFailure(error, formFields);
      form.setFields(failure.fields.map((f) => ({ name: f.field, errors: [f.message] })));
      setAlert(failure.alert);
    },
  };
}
