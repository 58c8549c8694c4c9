/**
 * The real Teams adapter as the Teams tests start it: on a free loopback port, without Bot
 * Framework authentication (the fake Bot Connector signs nothing), logging nothing.
 */
import { startTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import type { RunningTeamsAdapter, TeamsAdapterOptions } from '../../adapters/teams/teams-adapter.js';
import { silentLogger } from '../../src/util/logger.js';

/** A Teams adapter started by {@link startTestTeamsAdapter}, and the URL activities are POSTed to. */
export interface TestTeamsAdapter {
  teams: RunningTeamsAdapter;
  /** `http://127.0.0.1:<port>/api/messages`. */
  url: string;
}

/**
 * Start the Teams adapter on 127.0.0.1, a free port, with `allowNoAuth` and the silent logger.
 * @param options - the adapter's options (`config`, `env`, `poster`, `maintenance`, …); they win
 *   over the defaults above
 * @returns the running adapter (close it) and its `/api/messages` URL
 */
export async function startTestTeamsAdapter(
  options: Omit<TeamsAdapterOptions, 'logger'> & Partial<Pick<TeamsAdapterOptions, 'logger'>>,
): Promise<TestTeamsAdapter> {
  const teams = await startTeamsAdapter({
    logger: silentLogger,
    port: 0,
    host: '127.0.0.1',
    allowNoAuth: true,
    ...options,
  });
  return { teams, url: `http://127.0.0.1:${teams.port}/api/messages` };
}
