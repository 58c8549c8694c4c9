/**
 * The `yaml` package, loaded on first use: most commands never read YAML (a JSON
 * snapshot file, the built-in configuration), and loading the parser costs a start-up about as
 * much as `node -e 0` itself. `yaml` is a CommonJS package, so it loads synchronously here and
 * its callers stay synchronous.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

const load = createRequire(import.meta.url);
let yamlModule: typeof Yaml | undefined;

/**
 * The `yaml` module (the same instance an `import from 'yaml'` gives).
 * @returns the module, loaded on the first call
 */
export function yamlLib(): typeof Yaml {
  return (yamlModule ??= load('yaml') as typeof Yaml);
}
