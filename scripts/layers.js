// The layers of src/, bottom up: used by .dependency-cruiser.cjs and test/layers.test.ts.
// A file belongs to the first layer whose pattern matches its path; every file in src/ must match one.

/** Each layer: its name, the files in it, and what it may import besides itself and the layers below. */
const LAYERS = [
  // errors/: the error table's rows by route group (gathered in src/errors.ts)
  // net/: bounded calls to a server that may be hostile (the pass-through's and record's)
  [
    'base',
    '^src/(errors|eras|types|wire|glob|lazy|paths|private-files|code-cache|heap-growth|json-copy|profiles|suggest|limits)[.]ts$|^src/(net|errors)/',
  ],
  ['store', '^src/store/'],
  ['scenario', '^src/scenario/'],
  // one module per action, shared by a REST route and its realtime method: the domain and the eras
  ['commands', '^src/commands/'],
  // the chat operations, one module each, and their table: the store and the error table, no HTTP
  ['operations', '^src/operations/'],
  [
    'world',
    '^src/(world|baselines|options|control)[.]ts$|^src/(journal|faults|ratelimit|pact|surface|webhooks|stubs|proxy|world)/',
  ],
  ['http', '^src/http/'],
  // api and admin are one layer, side by side: neither may import the other (rule below)
  ['chat-and-control', '^src/(api|admin|realtime)/'],
  ['wiring', '^src/(app|server|handle)[.]ts$|^src/fastpath/'],
  // the conformance suite: a client of any server; it may import only base (rule below)
  ['verify', '^src/verify/'],
  ['faces', '^src/(cli|cli-main|cli-env|index|process-tree)[.]ts$|^src/(jest|runners)/'],
];

module.exports = { LAYERS };
