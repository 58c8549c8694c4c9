/**
 * Files of the package itself (the bundled examples), found from the package's own folder rather
 * than the working directory: `k8s-ha-bot try` and `simulate examples/ha-3cp.json` work from any
 * folder and from a global install (`npm install -g`, whose `files` include examples/).
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../errors.js';

/**
 * The package root: the nearest folder above this module holding a package.json (works from src/
 * and dist/).
 * @throws ConfigError when no folder above holds one
 */
export function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new ConfigError('', `cannot find the package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/**
 * A file named on the command line: as typed when it exists relative to `cwd` (or is absolute);
 * else the package's own copy when it has one (`examples/ha-3cp.json` typed in another folder);
 * else as typed, for the caller's "not found" ({@link bundledFileMissing}).
 * @param file - the path as typed
 * @param cwd - the folder it is relative to @defaultValue process.cwd()
 * @returns an existing path, or `file` unchanged
 */
export function fileOrBundled(file: string, cwd = process.cwd()): string {
  if (isAbsolute(file) || existsSync(resolve(cwd, file))) return file;
  const bundled = join(findPackageRoot(), file);
  return existsSync(bundled) ? bundled : file;
}

/**
 * What to say when a file is neither where it was typed nor among the package's files, with how to
 * fix it.
 * @param file - the path as typed
 * @param cwd - the folder it was looked for in @defaultValue process.cwd()
 */
export function bundledFileMissing(file: string, cwd = process.cwd()): string {
  const root = findPackageRoot();
  return `${file}: snapshot file not found in ${cwd}, nor in the package (${root}); give the path of a snapshot file (k8s-ha-bot snapshot > my.json captures one), or reinstall k8s-ha-bot if its examples/ folder is missing`;
}
