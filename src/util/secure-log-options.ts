/**
 * The pino options that keep secrets out of the logs (used by src/util/logger.ts): `redact` paths
 * ({@link SECRET_PATHS}), an `err` serializer (an upstream's error answer bounded,
 * {@link upstreamErrorForLog}) and log/bindings formatters that mask secrets inside
 * strings ({@link maskSecrets}: Slack tokens, Bearer/Basic credentials, URL passwords, private
 * keys), and a hook that masks the message string itself.
 */
import { stdSerializers } from 'pino';
import type { LoggerOptions } from 'pino';
import { REDACTED, SECRET_PATHS, maskDeep, maskSecrets, upstreamErrorForLog } from './redaction.js';

/**
 * pino options with redaction; merge them under your own (`level`, `name`).
 * @returns `redact`, `serializers.err`, `formatters.log`/`bindings`, `hooks.logMethod`
 */
export function secureLogOptions(): Pick<LoggerOptions, 'redact' | 'serializers' | 'formatters' | 'hooks'> {
  return {
    // No wildcard paths (`*.token`): maskDeep redacts secret field names at any depth, at a fraction
    // of fast-redact's cost for wildcards.
    redact: { paths: [...SECRET_PATHS], censor: REDACTED },
    // An upstream's error answer (Bot Connector, Slack, Kubernetes) keeps a bounded summary only.
    serializers: {
      err: (err: Error) => maskDeep(upstreamErrorForLog(err) ?? stdSerializers.err(err)),
      error: (err: unknown) =>
        err instanceof Error ? maskDeep(upstreamErrorForLog(err) ?? stdSerializers.err(err)) : maskDeep(err),
    },
    formatters: {
      // `err` is left to its serializer (which keeps the error's type) and masks after it.
      log: (object) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(object))
          out[k] = k === 'err' && v instanceof Error ? v : maskDeep(v);
        return out;
      },
      bindings: (bindings) => maskDeep(bindings) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((a) => (typeof a === 'string' ? maskSecrets(a) : a)) as Parameters<
          typeof method
        >;
        method.apply(this, masked);
      },
    },
  };
}
