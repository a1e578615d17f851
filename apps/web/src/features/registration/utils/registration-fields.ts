import { type RegistrationForm, type RegistrationRequest, registrationFormSchema } from '@syrx/contracts/registration';

/** The registration form's own field names (spec 01, section 3). */
export interface RegistrationFormValues {
  email: string;
  password: string;
  passwordConfirmation: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  jobTitle: string;
  groupName: string;
}

export type RegistrationField = keyof RegistrationFormValues;

/** Form field → wire field; the confirmation stays in the form. */
const wireNames = {
  email: 'email',
  password: 'password',
  passwordConfirmation: 'passwordConfirmation',
  firstName: 'first_name',
  lastName: 'last_name',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  jobTitle: 'job_title',
  groupName: 'group_name',
} as const satisfies Record<RegistrationField, keyof RegistrationForm>;

export const registrationFields = Object.keys(wireNames) as RegistrationField[];

const formNames = new Map<string, RegistrationField>(registrationFields.map((field) => [wireNames[field], field]));

/** The form field a wire field name (as in a server error) belongs to. */
export function formFieldOf(wireName: string): RegistrationField | undefined {
  return formNames.get(wireName);
}

/** The form's values in the shape of registrationFormSchema: wire names plus the confirmation. */
export function toWireForm(values: Partial<RegistrationFormValues>): Record<keyof RegistrationForm, string> {
  const entries = registrationFields.map((field) => [wireNames[field], values[field] ?? '']);
  return Object.fromEntries(entries) as Record<keyof RegistrationForm, string>;
}

/** The body of POST /api/v2/users/register from a validated form. */
export function toRegistrationRequest(form: RegistrationForm): RegistrationRequest {
  const { passwordConfirmation: _confirmation, ...request } = form;
  return request;
}

export type RegistrationCheck =
  | { ok: true; request: RegistrationRequest }
  | { ok: false; errors: Partial<Record<RegistrationField, string>> };

/** Validates the form with registrationFormSchema; on failure, the first message per form field. */
export function checkRegistration(values: Partial<RegistrationFormValues>): RegistrationCheck {
  const result = registrationFormSchema.safeParse(toWireForm(values));
  if (result.success) return { ok: true, request: toRegistrationRequest(result.data) };
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(String(issue.path[0]));
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
