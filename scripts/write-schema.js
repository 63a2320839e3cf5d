// Writes fixtures/scenario.schema.json from the scenario definition in src/scenario/schema.ts
// (via the build in dist/). A test fails when the committed file differs from what this writes.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const { scenarioJsonSchema } = require(join(__dirname, '..', 'dist', 'index.js'));
writeFileSync(
  join(__dirname, '..', 'fixtures', 'scenario.schema.json'),
  `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`,
);
