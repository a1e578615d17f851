import type { FormRule } from 'antd';
import type { z } from 'zod';
import { type PressureConfiguration, pressureConfigurationPatchSchema } from '@syrx/contracts/pressure-control';
import type { ConfigurationPatch } from '../api/configuration';

/** The configuration form's fields: the number fields hold the text typed, parsed when sent. */
export interface ConfigurationFormValues {
  neutral_plane_height: string;
  is_output_enabled: boolean;
  indoor_temperature: string;
  interval_seconds: string;
  write_priority: string;
}

/** Text as a number: empty text is no number (NaN), so a required field reports it rather than sending 0. */
export function parseNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * Spec 01 section 5: the neutral plane height is parsed as a number, and a non-finite or empty value is sent as
 * null ("Not set"). `Number` parses the whole text, so "12 ft" is no number either.
 */
export function parseNeutralPlaneHeight(text: string): number | null {
  const value = parseNumber(text);
  return Number.isFinite(value) ? value : null;
}

/** Shown (as a warning, not a refusal) under a height that will be saved as "Not set". */
export const heightNotSetWarning = 'Not a number: the neutral plane height will be saved as not set';

const show = (n: number | null): string => (n === null ? '' : String(n));

export const toConfigurationFormValues = (c: PressureConfiguration): ConfigurationFormValues => ({
  neutral_plane_height: show(c.neutral_plane_height),
  is_output_enabled: c.is_output_enabled,
  indoor_temperature: show(c.indoor_temperature),
  interval_seconds: show(c.interval_seconds),
  write_priority: show(c.write_priority),
});

/** The PATCH body of the configuration form: every field it shows (the point choices have forms of their own). */
export const toConfigurationPatch = (v: ConfigurationFormValues): ConfigurationPatch => ({
  neutral_plane_height: parseNeutralPlaneHeight(v.neutral_plane_height),
  is_output_enabled: v.is_output_enabled,
  indoor_temperature: parseNumber(v.indoor_temperature),
  interval_seconds: parseNumber(v.interval_seconds),
  write_priority: parseNumber(v.write_priority),
});

const fields = pressureConfigurationPatchSchema.shape;

/** Checks a number field's text with the contract's rule for it, showing the contract's message. */
function numberRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, text: unknown) => {
      const result = schema.safeParse(parseNumber(typeof text === 'string' ? text : ''));
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

export const configurationRules = {
  indoor_temperature: [numberRule(fields.indoor_temperature)],
  interval_seconds: [numberRule(fields.interval_seconds)],
  write_priority: [numberRule(fields.write_priority)],
  neutral_plane_height: [
    {
      warningOnly: true,
      validator: async (_rule, text: unknown) => {
        if (typeof text === 'string' && text.trim() !== '' && parseNeutralPlaneHeight(text) === null) throw new Error(heightNotSetWarning);
      },
    },
  ],
} satisfies Partial<Record<keyof ConfigurationFormValues, FormRule[]>>;
