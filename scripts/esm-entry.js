// Writes dist/index.mjs: an ES module entry that re-exports the CommonJS build, so `import` and
// `require` share one module instance and one set of types.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const names = Object.keys(require(join(dist, 'index.js'))).filter((n) => n !== '__esModule');
const body = `import cjs from './index.js';\n${names.map((n) => `export const ${n} = cjs.${n};`).join('\n')}\n`;
writeFileSync(join(dist, 'index.mjs'), body);
writeFileSync(join(dist, 'index.d.mts'), "export * from './index.js';\n");
