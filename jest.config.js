/** Jest runs the TypeScript sources directly through SWC, as ES modules
 * (@kubernetes/client-node 1.x is ESM-only; see docs/dependencies.md). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  // Some client libraries (BullMQ/ioredis reconnect timers, botbuilder) can keep a handle open after
  // their suites close everything they started; without this a finished run may never exit in CI.
  forceExit: true,
};
