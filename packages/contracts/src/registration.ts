import { z } from 'zod';
import { newPasswordSchema } from './passwords.ts';

/** Verbatim messages of the registration form (spec 01, section 5). */
export const registrationMessages = {
  required: 'Required',
  email: 'Invalid email address entered',
  passwordMismatch: 'Invalid email and/or password',
  zipMin: 'Zip code should be at least 5 digits',
  zipMax: 'Zip code should be no more than 10 digits',
  zipPattern: 'Zip code should be of pattern ##### or #####-####',
  success: 'Your account has been created. Please check your e-mail to verify your address before signing in.',
} as const;

const m = registrationMessages;
const required = () => z.string().trim().min(1, m.required).max(200);
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const zipSchema = z
  .string()
  .trim()
  .min(1, m.required)
  .min(5, m.zipMin)
  .max(10, m.zipMax)
  .regex(/^\d{5}(-\d{4})?$/, m.zipPattern);

/** POST /api/v2/users/register body: the wire names of the specification. */
export const registrationRequestSchema = z.object({
  email: z.string().trim().min(1, m.required).max(254).regex(emailPattern, m.email),
  password: newPasswordSchema,
  first_name: required(),
  last_name: required(),
  address: required(),
  city: required(),
  state: required(),
  zip: zipSchema,
  job_title: required(),
  group_name: required(),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** The registration form, which adds the password confirmation. */
export const registrationFormSchema = registrationRequestSchema
  .extend({ passwordConfirmation: z.string().min(1, m.required) })
  .refine((f) => f.password === f.passwordConfirmation, { message: m.passwordMismatch, path: ['passwordConfirmation'] });
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/**
 * The answer to a registration: the same whether the address was new (an account is created and a validation link
 * mailed) or already had an account (its owner is mailed instead), so it tells an outsider nothing about the address.
 */
export const registrationResponseSchema = z.object({ email: z.string() });
