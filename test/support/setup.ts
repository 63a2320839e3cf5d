import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';

import { SHAPES } from './shapes';
import type { ShapeName } from './shapes';

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>();

function validatorFor(name: ShapeName): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    const shape = SHAPES[name];
    if (!shape) throw new Error(`no route declares a response named "${name}"`);
    v = ajv.compile(shape);
    validators.set(name, v);
  }
  return v;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      /** The value matches a route's declared response (src/operations/<route>.ts), or `error`. */
      toMatchShape(name: ShapeName): R;
    }
  }
}

expect.extend({
  toMatchShape(received: unknown, name: ShapeName) {
    const validate = validatorFor(name);
    const pass = validate(received);
    const problems = (validate.errors ?? [])
      .map((e) => `  ${e.instancePath || '/'} ${e.message ?? ''}`)
      .join('\n');
    return {
      pass,
      message: () =>
        pass
          ? `expected the body not to match the "${name}" shape`
          : `expected the body to match the "${name}" shape:\n${problems}\nbody: ${JSON.stringify(received).slice(0, 2000)}`,
    };
  },
});
