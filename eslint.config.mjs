// ESLint: a small rule set in the spirit of vscode-eslint and rust-analyzer's editors/code. Type-checked
// rules (floating promises) use each file's nearest tsconfig.json, so runtime/tracer/inside is checked
// against its own ECMAScript-only lib. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-artifacts/',
      '.test-nodes/',
      '.vscode-test/',
      // Tracers are one object expression run by a node's JS engine (often ES5), not modules: the
      // language server lints them, and the fixtures must keep their bytes.
      '**/*.tracer.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      eqeqeq: ['error', 'always'],
      // Regular expressions in tests match printed, indented output: '  HTTP 401' reads better than ' {2}HTTP 401'.
      'no-regex-spaces': 'off',
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `typeof import('./x')` stays allowed: it types a module loaded lazily (await import, a bundle's require).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // node:test runs and awaits top-level tests and suites itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Plain JavaScript (build scripts, test launchers): no types to check; Node and browser globals are
    // theirs (the TypeScript compiler, not no-undef, catches undefined names in .ts).
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    rules: { 'no-undef': 'off' },
  },
);
