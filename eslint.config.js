import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { HOST_ADAPTERS, SRC_LAYERS } from './scripts/folder-deps.mjs';

/** The chat SDKs stay in adapters/, the Kubernetes client out of them. */
const SRC_PACKAGES = ['@slack/*', 'botbuilder*'];
const ADAPTER_PACKAGES = ['@kubernetes/client-node'];

/**
 * `no-restricted-imports` (static imports) and `no-restricted-syntax` (`import()`) refusing the
 * relative imports whose path matches `regex`, with `message`, beside the package patterns.
 */
function refuse(regex, message, packages) {
  return {
    'no-restricted-imports': [
      'error',
      { patterns: [...packages.map((p) => ({ group: [p] })), { regex, message }] },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`, message },
    ],
  };
}

/**
 * The layer order (docs/architecture.md "Layers", scripts/folder-deps.mjs SRC_LAYERS, bottom first): a src/
 * folder imports only the folders below it, never adapters/ or workers/, as VS Code's layering rule
 * keeps its layers. The paths are matched as written (`../queue/job.js`, `../../queue/x.js`).
 */
const layerRules = SRC_LAYERS.map((name, i) => {
  const above = [...SRC_LAYERS.slice(i + 1), 'adapters', 'workers'];
  return {
    files: name === 'errors' ? ['src/errors.ts'] : [`src/${name}/**/*.ts`],
    rules: refuse(
      // src/errors.ts sits in src/ itself: its imports of the folders start with './'.
      `^${name === 'errors' ? '\\./' : '(\\.\\./)+'}(${above.join('|')})(/|\\.js$)`,
      `layer order: src/${name} imports only ${
        SRC_LAYERS.slice(0, i)
          .map((l) => `src/${l}`)
          .join(', ') || 'packages'
      } (docs/architecture.md "Layers"); pass a hook in instead`,
      SRC_PACKAGES,
    ),
  };
});

/**
 * A platform adapter (any folder of adapters/ but the hosts: console, gateway) imports only its own
 * folder and src/: no other adapter, no worker; shared pieces go down to src/ (the chat seam is
 * src/intake). From adapters/NAME/x.ts, `../OTHER/…` is another adapter and `../../workers/…` a
 * worker; `../../src/…` is the only way up.
 */
const platformAdapterRule = {
  files: ['adapters/*/**/*.ts'],
  ignores: HOST_ADAPTERS.map((name) => `adapters/${name}/**`),
  rules: refuse(
    '^(\\.\\./)+(?!src/)(?!\\.)[^/]+/',
    'layer order: a platform adapter (adapters/<platform>) imports no other adapter and no worker; move the shared piece down to src/ (docs/architecture.md "Layers")',
    ADAPTER_PACKAGES,
  ),
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-scripts/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: ['@slack/*', 'botbuilder*'] }],
    },
  },
  {
    files: ['adapters/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ADAPTER_PACKAGES }] },
  },
  ...layerRules,
  platformAdapterRule,
  {
    // The gateway process hosts the platform adapters; the console CLI (cli.ts, config-check.ts)
    // starts the gateway and the workers: they are the composition roots, nothing imports them.
    files: ['adapters/gateway/**/*.ts'],
    rules: refuse(
      '^(\\.\\./)+(adapters/)?(console|workers)/',
      'layer order: the gateway does not import the console CLI or the workers',
      ADAPTER_PACKAGES,
    ),
  },
  {
    // The console never imports the gateway or a chat platform: the composition root
    // (adapters/k8s-ha-bot.ts) hands them in as loaders. Only its CLI entry starts a worker.
    files: ['adapters/console/**/*.ts'],
    rules: refuse(
      '^(\\.\\./)+(?!src/)(?!\\.)(?!workers/)[^/]+/',
      'layer order: the console imports no other adapter (the composition root adapters/k8s-ha-bot.ts hands them in)',
      ADAPTER_PACKAGES,
    ),
  },
  {
    files: ['adapters/console/**/*.ts'],
    ignores: ['adapters/console/cli.ts'],
    rules: refuse(
      '^(\\.\\./)+(?!src/)(?!\\.)[^/]+/',
      'layer order: the console imports no other adapter, and only its CLI entry (cli.ts) starts a worker',
      ADAPTER_PACKAGES,
    ),
  },
  {
    files: ['workers/**/*.ts'],
    rules: refuse('^(\\.\\./)+adapters/', 'layer order: workers import src/ only, no adapter', []),
  },
);
