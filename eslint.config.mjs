import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'no-console': 'off',
    },
  },
  {
    // the command-line program runs bundled into one file (scripts/bundle-cli.js), where every
    // module's __dirname is dist/: the package's files are found through src/paths.ts
    files: ['src/**/*.ts'],
    ignores: ['src/paths.ts', 'src/cli.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: '__dirname', message: 'find package files through src/paths.ts (the CLI runs bundled)' },
        { name: '__filename', message: 'find package files through src/paths.ts (the CLI runs bundled)' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // the example projects' Jest tests use Jest's globals, as a consumer's plain-JS suite does
    files: ['examples/jest-js/**/*.js', 'examples/sdk-legacy-bot/**/*.js', 'examples/ddp-client-bot/**/*.js'],
    languageOptions: {
      globals: {
        test: 'readonly',
        expect: 'readonly',
        beforeAll: 'readonly',
        beforeEach: 'readonly',
        afterEach: 'readonly',
        afterAll: 'readonly',
      },
    },
  },
);
