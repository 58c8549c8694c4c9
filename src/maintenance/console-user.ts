/**
 * The console's user names, on their own so the CLI can check `--as` without loading the policy
 * module (zod, yaml) for commands that never read a policy.
 */

/**
 * Names the console acts as (the OS user, or `--as NAME`): 1 to 64 letters, digits, `.`, `_`, `-`,
 * case kept. The console's `--as` and the policy's `console:local:<name>` share this one pattern,
 * so every name the console can act as can be written in a policy.
 */
export const CONSOLE_USER_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
