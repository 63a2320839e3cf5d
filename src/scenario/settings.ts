import { z } from 'zod';

import { SETTINGS, SETTING_IDS } from '../store/setting-registry';
import type { SettingRow } from '../store/setting-registry';
import type { ServerSettings } from '../types';
import type { SameType } from './checks';
import { strictObject } from './strict';

/** The schema of one setting's value, by its type in the registry. */
type ValueSchema<V> = [V] extends [boolean]
  ? z.ZodOptional<z.ZodBoolean>
  : [V] extends [number]
    ? z.ZodOptional<z.ZodNumber>
    : z.ZodOptional<z.ZodString>;

type SettingsShape = { [K in keyof ServerSettings]: ValueSchema<ServerSettings[K]> };

const quoted = (value: unknown): string => JSON.stringify(value);

/** One row's value schema: its type, a number's bounds, a select's values; described by its note and default. */
function valueSchema(row: SettingRow<unknown>): z.ZodOptional<z.ZodType> {
  const described = `${row.note} (default ${quoted(row.packageValue)})`;
  switch (row.type) {
    case 'boolean':
      return z.boolean().optional().describe(described);
    case 'int': {
      let number = z.number();
      if (row.fractions !== true) number = number.int();
      if (row.min !== undefined) number = number.min(row.min);
      if (row.max !== undefined) number = number.max(row.max);
      return number.optional().describe(described);
    }
    case 'select': {
      const values = row.values ?? [];
      return z
        .string()
        .refine((value) => values.includes(value), { message: `one of ${values.map(quoted).join(', ')}` })
        .optional()
        .describe(`${described}; one of ${values.map(quoted).join(', ')}`);
    }
    case 'string':
      return z.string().max(10_000).optional().describe(described);
  }
}

function shapeOf(): SettingsShape {
  const shape: Record<string, z.ZodOptional<z.ZodType>> = {};
  for (const id of SETTING_IDS) shape[id] = valueSchema(SETTINGS[id]);
  return shape as unknown as SettingsShape;
}

/**
 * The settings a scenario's `settings` block, an option or `PUT /__admin/settings` gives, by
 * Rocket.Chat's own setting ids (note `..._Until_Block_by_User`, with a small "by", as the real id
 * is spelt): every setting of the registry (src/store/setting-registry.ts), each checked by its
 * type. Every key is optional: the rest keep their current values.
 */
export const settingsSchema = strictObject(shapeOf(), {
  Block_Multiple_Failed_Logins_Attempts_Until_Block_By_User:
    'Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User',
});

/** Compiles only while the published type (src/types.ts) and this schema describe the same value. */
export type SettingsSchemaIsItsType = SameType<Partial<ServerSettings>, z.output<typeof settingsSchema>>;
