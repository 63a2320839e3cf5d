// Validates an OpenAPI document (JSON on stdin) with @seriousme/openapi-schema-validator, which is
// an ES module Jest's CommonJS runtime cannot load: the tests run this in a child process.
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const result = await new Validator().validate(JSON.parse(input));
  process.stdout.write(
    JSON.stringify(result.valid ? { valid: true } : { valid: false, errors: result.errors }),
  );
});
