/**
 * The logger that drops everything, without loading pino: library defaults, tests, and every CLI
 * command run without LOG_LEVEL (the CLI prints answers; its logs are off unless asked for). Loading
 * pino and building a logger costs a CLI command about 30 ms of CPU for lines nobody writes.
 */
import type { Logger } from 'pino';

const drop = (): void => undefined;

/**
 * A logger that drops everything: pino's `Logger` shape with level `silent`; `child()` returns the
 * same logger, `isLevelEnabled()` is always false, `flush(cb)` calls `cb` at once.
 */
export const silentLogger: Logger = (() => {
  const logger = {
    level: 'silent',
    levelVal: Number.POSITIVE_INFINITY,
    fatal: drop,
    error: drop,
    warn: drop,
    info: drop,
    debug: drop,
    trace: drop,
    silent: drop,
    child: () => logger,
    bindings: () => ({}),
    setBindings: drop,
    isLevelEnabled: () => false,
    flush: (cb?: (err?: Error) => void) => cb?.(),
  };
  return logger as unknown as Logger;
})();
