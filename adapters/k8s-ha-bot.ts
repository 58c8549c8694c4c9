/**
 * The `k8s-ha-bot` command's composition root (bin/k8s-ha-bot.js runs it): the console CLI
 * (adapters/console/cli.ts) with the chat side handed in as loaders, so the dependency direction
 * stays visible: this file sees every adapter, the console sees none of the chat adapters, and each
 * command loads only the modules it uses (`--version` loads neither the Kubernetes client
 * nor a chat SDK; `gateway` loads Bolt and botbuilder; `config check` only the Slack/Teams settings).
 */
import { type CliIo, runCli } from './console/cli.js';

/**
 * A reader that closes the pipe early (`k8s-ha-bot --help | head -1`) makes the next write fail with
 * EPIPE: the output is no longer wanted, so the process ends quietly with 0, as `git` and `kubectl`
 * do, instead of an unhandled 'error' event's stack trace. Any other write error is rethrown.
 */
function quietOnClosedPipe(err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
}

/**
 * Run the CLI.
 * @param argv - `process.argv` shape (node, script, then arguments)
 * @param io - output and environment (default: the process's; then a closed stdout or stderr ends
 *   the process with 0, see {@link quietOnClosedPipe})
 * @returns the exit code: 0 answered (safe, caution or no verdict), 3 answered unsafe, 1 could not
 *   answer, 2 bad input or configuration
 */
export function main(argv: readonly string[], io?: CliIo): Promise<number> {
  // The process's own streams: every command writes there (commander's help, answers, banners).
  if (io === undefined)
    for (const stream of [process.stdout, process.stderr]) stream.on('error', quietOnClosedPipe);
  return runCli(
    argv,
    {
      loadGateway: async () => (await import('./gateway/gateway.js')).startGateway,
      loadChatSettingsCheck: async () => (await import('./gateway/check-chat-settings.js')).checkChatSettings,
      loadWebChat: async () => (await import('./web/web-chat.js')).startWebChat,
    },
    io,
  );
}
