import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Checkout writes the published site (server/site/); the other slices read the site, never
    // orders/. Only the two entries, the app that wires it and the operator's commands, reach in.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: [
      'src/server/orders/**',
      'src/server/app.ts',
      'src/server/admin/cli.ts',
      'src/server/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/orders/*'],
              message: 'orders/ is imported only by app.ts and admin/cli.ts: read server/site/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Static scripts served as they are to browsers (no build step).
    files: ['src/client/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    // Command-line scripts and tests talk to the terminal directly.
    files: ['scripts/**', 'bench/**', 'e2e/**', 'test/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
);
