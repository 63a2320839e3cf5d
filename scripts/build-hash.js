// The build's fingerprint: the SHA-256 of every file the build reads. `npm run build` writes it to
// dist/.build-hash when it is done; the test run (test/support/global-setup.js) builds again only
// when the sources' fingerprint differs, so no test ever runs against an old dist/.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const HASH_FILE = join(ROOT, 'dist', '.build-hash');
const INPUTS = [
  'src',
  'scripts',
  'fixtures/default.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
];

function files(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** The fingerprint of the build's inputs now. */
function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(ROOT, input))) {
      hash
        .update(`${relative(ROOT, file)}\0`)
        .update(readFileSync(file))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when dist/ was built from the sources as they are now. */
function isFresh() {
  return existsSync(HASH_FILE) && readFileSync(HASH_FILE, 'utf8') === sourceHash();
}

module.exports = { HASH_FILE, isFresh, sourceHash };

if (require.main === module) writeFileSync(HASH_FILE, sourceHash());
