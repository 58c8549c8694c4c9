/**
 * The optional per-cluster reboot hook (`policy.reboot.hook`), run once the node is drained: a
 * command given the node name as its last argument, or a webhook receiving
 * `{"cluster","node","requestId"}` as JSON. 60 s at most; the outcome is reported, never thrown
 * (the operator can still reboot by hand while the executor waits).
 */
import { execFile } from 'node:child_process';
import type { RebootHook } from '../types.js';

/** Time limit of the hook, in ms. */
export const REBOOT_HOOK_TIMEOUT_MS = 60_000;

/**
 * Run the hook.
 * @param hook - command (argv, no shell) or URL
 * @param input - cluster, node and request id
 * @param timeoutMs - limit in ms (default {@link REBOOT_HOOK_TIMEOUT_MS})
 * @returns `ok` and a short detail (exit code or HTTP status; never the command's output)
 */
export async function runRebootHook(
  hook: RebootHook,
  input: { cluster: string; node: string; requestId: string },
  timeoutMs = REBOOT_HOOK_TIMEOUT_MS,
): Promise<{ ok: boolean; detail: string }> {
  if ('command' in hook) {
    const [file, ...args] = hook.command;
    if (!file) return { ok: false, detail: 'the hook command is empty' };
    return new Promise((resolve) => {
      execFile(file, [...args, input.node], { timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (err) => {
        if (!err) resolve({ ok: true, detail: `${file} exited 0` });
        else if ((err as { killed?: boolean }).killed)
          resolve({ ok: false, detail: `${file} did not finish within ${Math.round(timeoutMs / 1000)} s` });
        else
          resolve({
            ok: false,
            detail: `${file} failed (${typeof err.code === 'number' ? `exit ${err.code}` : String(err.code ?? err.message)})`,
          });
      });
    });
  }
  try {
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return { ok: res.ok, detail: `webhook answered HTTP ${res.status}` };
  } catch (err) {
    return {
      ok: false,
      detail: `webhook not reached (${(err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message})`,
    };
  }
}
