/**
 * Whole-number settings read from the environment (ports, deadlines, limits), with the exact
 * variable named in the error.
 */
import { ConfigError } from '../errors.js';

/** Bounds and wording of {@link wholeNumberFromEnv}. */
export interface WholeNumberSetting {
  /** Smallest accepted value. */
  min: number;
  /** Largest accepted value. */
  max: number;
  /** Used when the variable is unset or blank. */
  fallback: number;
  /**
   * The error text for a bad value, given the value JSON-quoted.
   * @defaultValue `"<value>": expected a whole number <min>..<max>`
   */
  problem?: (quoted: string) => string;
}

/**
 * Read one whole-number variable: blank or unset gives the fallback; otherwise only digits within
 * `min..max` are accepted (no sign, no decimals, no exponent).
 * @param env - the environment
 * @param name - the variable, e.g. `K8S_HA_BOT_OPS_PORT`
 * @param setting - bounds, fallback and error wording
 * @returns the number
 * @throws ConfigError at `name` when the value is not such a number
 */
export function wholeNumberFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  setting: WholeNumberSetting,
): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return setting.fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < setting.min || n > setting.max) {
    const quoted = JSON.stringify(raw);
    throw new ConfigError(
      name,
      setting.problem
        ? setting.problem(quoted)
        : `${quoted}: expected a whole number ${setting.min}..${setting.max}`,
    );
  }
  return n;
}
