/**
 * TEST ONLY (fault suite): the Redis primary SIGKILLed mid-flow under Redis Sentinel. Its own processes on 127.0.0.1: a primary, two replicas and three sentinels (quorum 2,
 * down-after 1 s; test/helpers/redis-sentinel.ts), the `k8s-ha-bot simulate` API on scenario 01,
 * the `k8s-ha-bot gateway` and two `k8s-ha-bot worker` processes whose config file names the
 * sentinels (`redis: { sentinels, name }`, no REDIS_URL), and a fake Slack Web API here.
 *
 * Signed Slack requests stream in; the primary is SIGKILLed after the 8th; Sentinel promotes a
 * replica; the bot's connections follow it. Row: sent / answered / lost / duplicated as in the
 * other rows (slack-traffic.ts), worst answer time from the promotion. Targets: 0 lost, 0
 * duplicated. As in the one-Redis row, a request that arrives while the gateway has no Redis
 * connection is acked at once with the honest "the queue is unavailable" (Slack wants its ack
 * within 3 s): those count as answered, and the notes say how many there were.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubeconfigFor } from '../../src/simulator/kubeconfig-for.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { TEST_SIGNING_SECRET } from '../helpers/fake-slack-requests.js';
import { startRedisSentinelSet } from '../helpers/redis-sentinel.js';
import type { SentinelSet } from '../helpers/redis-sentinel.js';
import { freePort } from '../helpers/redis-server.js';
import { openLog, startCli } from './fault-processes.js';
import type { FaultProcess } from './fault-processes.js';
import { REQUEST_TEXTS, SlackTraffic, settle } from './slack-traffic.js';
import type { FaultRow, SentRequest } from './slack-traffic.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCENARIO = join(REPO_ROOT, 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Run the fault.
 * @param say - progress lines (stderr)
 * @returns the row; a row that could not be carried out is a failed row, never a pass
 */
export async function runSentinelFault(say: (text: string) => void): Promise<FaultRow> {
  const fault =
    'Redis primary SIGKILLed mid-flow under Sentinel (2 replicas, 3 sentinels, quorum 2); a replica promoted';
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-sentinel-fault-'));
  const log = openLog(join(dir, 'processes.log'));
  const processes: FaultProcess[] = [];
  let set: SentinelSet | undefined;
  let fake: FakeSlackApi | undefined;
  let keep = false;
  try {
    set = await startRedisSentinelSet({ replicas: 2, downAfterMs: 1000, failoverTimeoutMs: 3000 });
    const simPort = await freePort();
    processes.push(
      await startCli('sentinel-simulator', ['simulate', SCENARIO, '--port', String(simPort)], {
        env: {},
        log,
        ready: (out) => out.includes('Simulator serving'),
      }),
    );
    const kubeconfig = join(dir, 'kubeconfig.yaml');
    await writeFile(kubeconfig, kubeconfigFor(`http://127.0.0.1:${simPort}`));
    const config = join(dir, 'k8s-ha-bot.yaml');
    const sentinels = set.target.sentinels.map((s) => `{ host: ${s.host}, port: ${s.port} }`).join(', ');
    await writeFile(
      config,
      [
        'clusters:',
        `  prod: { context: simulator, kubeconfig: ${JSON.stringify(kubeconfig)} }`,
        'defaultCluster: prod',
        'locale: en',
        `redis: { sentinels: [${sentinels}], name: ${set.target.name} }`,
        '',
      ].join('\n'),
    );
    fake = await startFakeSlackApi();
    const gatewayPort = await freePort();
    const env: Record<string, string> = {
      K8S_HA_BOT_CONFIG: config,
      KUBECONFIG: kubeconfig,
      // The config file's sentinels, not an inherited one-server URL (empty counts as unset).
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_BOT_TOKEN: 'xoxb-fault-suite',
      SLACK_API_URL: fake.apiUrl,
      PORT: String(gatewayPort),
      K8S_HA_BOT_OPS_PORT: '0',
    };
    const started = await Promise.all([
      startCli('sentinel-gateway', ['gateway'], {
        env,
        log,
        ready: (out) => out.includes('k8s-ha-bot gateway:'),
      }),
      startCli('sentinel-worker-a', ['worker'], { env, log, ready: (out) => out.includes('"worker ready"') }),
      startCli('sentinel-worker-b', ['worker'], { env, log, ready: (out) => out.includes('"worker ready"') }),
    ]);
    processes.push(...started);
    const traffic = new SlackTraffic(fake, `http://127.0.0.1:${gatewayPort}/slack/events`);
    const kinds = ['command', 'command', 'mention', 'dm'] as const;
    const requests: SentRequest[] = [];
    const sends: Promise<void>[] = [];
    let killedAt = 0;
    const oldPort = set.primary.port;
    for (let i = 0; i < 30; i += 1) {
      if (i === 8) {
        await set.primary.kill();
        killedAt = Date.now();
        say('sentinel row: primary SIGKILLed');
      }
      const { request, send } = traffic.make(
        'sentinel',
        kinds[i % kinds.length] ?? 'command',
        REQUEST_TEXTS[i % REQUEST_TEXTS.length] ?? 'status',
      );
      requests.push(request);
      sends.push(send());
      await sleep(200);
    }
    const newPort = await set.waitForNewPrimary(oldPort, WAIT_CEILING_MS);
    const recoveredAt = Date.now();
    say(
      `sentinel row: replica on port ${newPort} promoted, seen ${recoveredAt - killedAt} ms after the kill`,
    );
    await Promise.all(sends);
    const row = await settle({ outcome: (r) => traffic.outcome(r) }, requests, fault, { recoveredAt });
    row.notes = [`promotion seen ${((recoveredAt - killedAt) / 1000).toFixed(1)} s after the kill`, row.notes]
      .filter(Boolean)
      .join('; ');
    keep = row.pass !== true;
    return row;
  } catch (err) {
    keep = true;
    const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    return {
      fault,
      sent: '—',
      answered: '—',
      lost: '—',
      duplicated: '—',
      worst: '—',
      pass: false,
      notes: `could not run: ${message} (logs in ${dir})`,
    };
  } finally {
    await Promise.allSettled(processes.map((p) => p.stop(3000)));
    await set?.stop();
    await fake?.close();
    log.end();
    if (!keep && process.env.FAULTS_KEEP !== '1') await rm(dir, { recursive: true, force: true });
    else say(`sentinel row: process logs kept in ${dir}`);
  }
}
