import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Zones are paths from this folder, so the rule holds whichever folder eslint is started from.
const webRoot = import.meta.dirname

/** Every folder under src/features, read afresh on each run so that a new feature is fenced in from the start. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const SHARED_FOLDERS = ['./src/lib', './src/components', './src/config', './src/generated']

/**
 * Imports flow one way: app → features → shared folders, and among those, components → lib. Paths are resolved before
 * they are compared, so `../../trips/api/trips` and `@/features/trips/api/trips` are caught alike.
 */
const featureBoundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need down to src/lib or src/components.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature never imports the app shell; the app composes the features.',
  },
  {
    target: SHARED_FOLDERS,
    from: ['./src/features', './src/app'],
    message: 'Shared code never imports a feature or the app shell, so every feature can use it.',
  },
  {
    target: './src/lib',
    from: './src/components',
    message: 'src/lib is plain logic and imports no component: move what it needs from src/components down to src/lib.',
  },
]

export default defineConfig([
  globalIgnores(['dist', 'dev-dist', 'coverage', 'node_modules', 'src/generated']),
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // tsc already reports unused names (noUnusedLocals / noUnusedParameters); one report is enough.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sw.ts'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    // The plugin's other rules check code for React Compiler, which this app does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/sw.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['*.{js,ts}', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${webRoot}/tsconfig.app.json`, alwaysTryTypes: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: webRoot, zones: featureBoundaries }],
    },
  },
  {
    // One way to call the API: the client typed from the OpenAPI document, over api.ts's transport.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/api-client.ts', 'src/lib/api.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@/lib/api', './api', '../lib/api'].map((name) => ({
            name,
            importNames: ['request'],
            message: 'Call the API through @/lib/api-client, typed from the OpenAPI document.',
          })),
        },
      ],
    },
  },
])
