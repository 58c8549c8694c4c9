/**
 * Lets a child `node` process run this repository's TypeScript sources directly, the way Jest does
 * (SWC, ES modules), so integration tests can start real worker processes without a prior build:
 *
 *   node --import ./test/helpers/redis-child-ts-loader.mjs test/helpers/fake-worker-entry.ts
 *
 * Resolve: a relative `./x.js` that does not exist falls back to `./x.ts` (our imports end in .js).
 * Load: `.ts` files are transpiled with @swc/core (a devDependency); types are only stripped.
 * This file registers itself as a module-customization hook (Node >= 20.6, `module.register`).
 */
import { readFile } from 'node:fs/promises';
import { isMainThread } from 'node:worker_threads';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

// Imported with --import (main thread): register this same file as the hooks module.
if (isMainThread && !globalThis.__k8sHaBotTsLoader) {
  globalThis.__k8sHaBotTsLoader = true;
  register(import.meta.url);
}

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (err) {
    const relative = specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');
    if (err && err.code === 'ERR_MODULE_NOT_FOUND' && relative && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw err;
  }
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts')) {
    const { transform } = await import('@swc/core');
    const filename = fileURLToPath(url);
    const source = await readFile(filename, 'utf8');
    const { code } = await transform(source, {
      filename,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  }
  return nextLoad(url, context);
}
