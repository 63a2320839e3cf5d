import { z } from 'zod';

import { unknownKeyMessage } from '../suggest';
import { UNKNOWN_KEYS } from './issues';

/**
 * Strict objects for scenario documents and control input: an unknown key is refused, by the JSON
 * path of the key itself, with the nearest known key suggested ("role" → "roles", "readOnly" →
 * "ro"). zod reports unknown keys as one issue per object; `problemsOf` (./issues.ts) turns it into
 * one problem per key.
 */

/** A zod object that refuses unknown keys, naming each with a suggestion from its own keys and `hints`. */
export function strictObject<S extends z.ZodRawShape>(
  shape: S,
  hints: Readonly<Record<string, string>> = {},
) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? UNKNOWN_KEYS +
          JSON.stringify(issue.keys.map((key) => [key, unknownKeyMessage('key', key, known, hints)]))
        : undefined,
  });
}

/** Rocket.Chat fields the fake keeps and returns as given without modelling them, as optional keys. */
function carried(names: readonly string[]): Record<string, z.ZodOptional<z.ZodUnknown>> {
  const note = 'a Rocket.Chat field, kept and returned as given';
  return Object.fromEntries(names.map((name) => [name, z.unknown().optional().describe(note)]));
}

/**
 * `extra`: fields of Rocket.Chat's shape the fake neither models nor lists, returned as given. A key
 * the entity models is refused there (it would skip the checks of its own field).
 */
function extraField(modelled: readonly string[]) {
  return z
    .record(z.string(), z.unknown())
    .superRefine((extra, ctx) => {
      for (const key of Object.keys(extra)) {
        if (modelled.includes(key))
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `"${key}" is a field the fake models: set it on the entity itself, not in "extra"`,
          });
      }
    })
    .optional()
    .describe("fields of Rocket.Chat's shape the fake does not know, added to the entity as given");
}

/**
 * A scenario entity: the fields the fake models, the Rocket.Chat fields it carries as given, and
 * `extra` for the rest of Rocket.Chat's shape; any other key is refused with a suggestion.
 */
export function entitySchema<S extends z.ZodRawShape>(
  modelled: S,
  carriedNames: readonly string[],
  hints: Readonly<Record<string, string>> = {},
) {
  return strictObject(
    { ...modelled, ...carried(carriedNames), extra: extraField(Object.keys(modelled)) },
    hints,
  );
}
