/**
 * zod's v3 API (`zod/v3`, inside the zod 4 package), loaded on first use, and schemas built on
 * first use: a live `ask` with no chat, ops or queue variables set validates nothing, and loading
 * zod and building the settings schemas at import cost it ~20 ms of CPU (issue 32 item 3). zod's
 * CommonJS build loads synchronously here, so callers stay synchronous.
 */
import { createRequire } from 'node:module';
import type { z } from 'zod/v3';

const load = createRequire(import.meta.url);
let zodModule: typeof z | undefined;

/**
 * zod's v3 API (the `z` of `import { z } from 'zod/v3'`, from its CommonJS build).
 * @returns the API, loaded on the first call
 */
export function zod3(): typeof z {
  return (zodModule ??= (load('zod/v3') as { z: typeof z }).z);
}

/**
 * A value built by `build` on the first call and kept (a schema that would cost start-up if built at import).
 * @param build - builds the value
 * @returns a function returning the value
 */
export function lazily<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => (value ??= { built: build() }).built;
}
