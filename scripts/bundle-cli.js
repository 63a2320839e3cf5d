// Links the command-line program (dist/cli-main.js, as tsc built it) and every module of ours it
// requires into that one file, so that a cold start reads and compiles one file instead of about
// sixty; dist/cli.js (the `rocketchat-fake` command) runs it with V8's code cache
// (src/code-cache.ts). esbuild only links and minifies what tsc compiled (whitespace and syntax:
// names stay, for stack traces); it does not compile again. Packages (express, zod, faker, ...)
// stay outside and load from node_modules as before, and the modules the start defers
// (src/lazy.ts) stay deferred: each runs on its first `require`, as it did. The rest of dist/ is
// unchanged: `require('rocketchat-fake')` and the runners load it module by module. Modules in the
// bundle find the package's files through src/paths.ts, never their own __dirname.
const { buildSync } = require('esbuild');
const { chmodSync, renameSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const entry = join(dist, 'cli-main.js');
const out = join(dist, 'cli-main.bundle.tmp.js');

const result = buildSync({
  entryPoints: [entry],
  outfile: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
if (result.errors.length > 0 || result.warnings.length > 0) {
  console.error('bundle-cli: esbuild reported problems (above)');
  process.exit(1);
}
// dist/cli.js runs the bundle from a vm.Script, which has no loader for import(): none may be in it
if (/\bimport\(/.test(require('node:fs').readFileSync(out, 'utf8'))) {
  console.error('bundle-cli: the bundle has a dynamic import(), which dist/cli.js cannot run');
  process.exit(1);
}
renameSync(out, entry);
// the command itself, executable when run from a checkout too (npm sets the bit on install)
chmodSync(join(dist, 'cli.js'), 0o755);
