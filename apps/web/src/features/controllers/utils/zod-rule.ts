import type { FormRule } from 'antd';
import type { z } from 'zod';

/** An antd form rule that checks a value with a contracts schema and shows the schema's first message. */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
