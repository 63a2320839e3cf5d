// The layers of src/, bottom up, and the rules that keep their imports running one way.
// `npm run lint` runs this (scripts/check-layers.js); the README's Development section explains it.
// Type-only imports count: a type is a dependency too.

const { LAYERS } = require('./scripts/layers.js');

const upward = LAYERS.slice(0, -1).map(([name, files], i) => ({
  name: `layer-${name}`,
  comment: `${name} imports only its own layer and the ones below: ${LAYERS.slice(0, i + 1)
    .map(([n]) => n)
    .join(', ')}`,
  severity: 'error',
  from: { path: files },
  to: { path: '^src/', pathNot: LAYERS.slice(0, i + 1).map(([, f]) => `(${f})`) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'src/ has no import cycle',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...upward,
    {
      name: 'api-not-admin',
      comment: 'the chat API never reaches into the control API: what both need lives in src/http',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/admin/' },
    },
    {
      name: 'admin-not-api',
      comment: 'the control API never reaches into the chat API: what both need lives in src/http',
      severity: 'error',
      from: { path: '^src/admin/' },
      to: { path: '^src/api/' },
    },
    {
      name: 'verify-is-a-client',
      comment:
        "the conformance suite talks HTTP to a server: of the fake it knows only the published types, the eras' table, the typo suggester (plain string functions and its command-line parser), where the package's files are, the bounds' table and bounded calls (src/net)",
      severity: 'error',
      from: { path: '^src/verify/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/verify/',
          '^src/types[.]ts$',
          '^src/profiles[.]ts$',
          '^src/suggest[.]ts$',
          '^src/paths[.]ts$',
          // the bounds' table, and bounded calls to the server recorded
          '^src/limits[.]ts$',
          '^src/net/',
        ],
      },
    },
    {
      name: 'store-is-plain',
      comment:
        "the store (the domain) knows no HTTP, no schema library, no data generator, no lazy loader, no wire shape, no era table and no profile: it takes decided rules (src/store/rules.ts) and throws the error table's errors",
      severity: 'error',
      from: { path: '^src/store/' },
      to: {
        path: [
          '^src/(eras|wire|profiles)[.]ts$',
          'node_modules/(express|body-parser|zod|@faker-js)/',
          '^src/lazy[.]ts$',
        ],
      },
    },
    {
      name: 'no-http-below-http',
      comment: 'Express and body-parser are for src/http and above',
      severity: 'error',
      from: {
        // every layer below the world's (base, store, scenario, commands, operations)
        path: `(${LAYERS.slice(
          0,
          LAYERS.findIndex(([name]) => name === 'world'),
        )
          .map(([, f]) => `(${f})`)
          .join('|')})`,
      },
      to: { path: 'node_modules/(express|body-parser)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: ['^src/', 'node_modules/'],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.build.json' },
    exclude: { path: '[.]d[.]ts$' },
  },
};
