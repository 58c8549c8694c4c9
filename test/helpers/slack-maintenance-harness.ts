/**
 * The set-up the Slack maintenance tests share (single-node requests and fleet plans): a config
 * file and a policy file for one cluster `prod` served by a simulator, the worker process's
 * composition (`runWorkerProcess`: answer worker plus maintenance worker), the gateway's real Bolt
 * HTTP app, and a local fake Slack Web API that answers `chat.update` as Slack does; plus the
 * signed slash command and button click the tests drive it with. `DEBUG_MAINT=1` logs both
 * processes at debug level.
 */
import { expect } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { createWorkerAnswerStep } from '../../src/answer/worker-answer-step.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { createLogger, silentLogger } from '../../src/util/logger.js';
import { runWorkerProcess } from '../../workers/main.js';
import { startFakeSlackApi } from './fake-slack-api.js';
import type { FakeSlackApi, FakeSlackCall } from './fake-slack-api.js';
import { sendSigned, slashCommandBody, TEST_SIGNING_SECRET, triggerId } from './fake-slack-requests.js';

const FORM = 'application/x-www-form-urlencoded' as const;

/** What {@link SlackMaintenance.start} needs. */
export interface SlackMaintenanceOptions {
  /** The Redis of the queues and stores (`redis://…`). */
  redisUrl: string;
  /** The simulator that is cluster `prod`. */
  sim: RunningSimulator;
  /** A temporary directory: kubeconfig.yaml, policy.yaml and config.yaml are written there. */
  dir: string;
  /** The maintenance policy (YAML). */
  policy: string;
  /** The Slack team id of the users who click. */
  team: string;
}

/**
 * A Slack maintenance set-up, and the readers and requests its tests use. The functions may be
 * taken apart (`const { slash, click } = slack`) before {@link SlackMaintenance.start}; they work
 * once it has run. `fake`, `gateway` and `url` throw before it.
 */
export interface SlackMaintenance {
  readonly fake: FakeSlackApi;
  readonly gateway: RunningGateway;
  /** The gateway's `/slack/events` URL. */
  readonly url: string;
  /**
   * Write the files, start the worker process (waits until it is ready; a worker that failed to
   * start makes every test fail with its reason), the fake Slack API and the gateway (rate limit
   * 1000, maintenance sweep every 250 ms).
   * @param o - see {@link SlackMaintenanceOptions}
   */
  start(o: SlackMaintenanceOptions): Promise<void>;
  /** The gateway's maintenance service (requests in `store`, plans in `plans.plans`). */
  service(): RunningGateway['maintenance']['service'];
  /** The messages posted in a channel (threads included), in order. */
  posts(channel: string): FakeSlackCall[];
  /** The ephemeral messages shown to a user. */
  ephemeralsTo(user: string): FakeSlackCall[];
  /** The updates of the message with this ts. */
  updatesOf(ts: string): FakeSlackCall[];
  /**
   * A signed `/k8s` slash command; expects HTTP 200.
   * @returns the acknowledgement's text
   */
  slash(text: string, user: string, channel: string): Promise<string>;
  /**
   * A signed click of a card's maintenance button (`k8s-ha-bot:maintenance-<action>`, value `id`)
   * on the message `ts`; expects HTTP 200.
   */
  click(action: string, id: string, user: string, channel: string, ts: string): Promise<void>;
  /** Stop the gateway, stop the worker process (SIGTERM twice) and wait for it, close the fake. Safe when not started. */
  close(): Promise<void>;
}

/** A Slack maintenance set-up, not started yet (see {@link SlackMaintenance}). */
export function slackMaintenance(): SlackMaintenance {
  let started: { fake: FakeSlackApi; gateway: RunningGateway; url: string; team: string } | undefined;
  let fake: FakeSlackApi | undefined;
  let gateway: RunningGateway | undefined;
  const signals = new EventEmitter();
  let workerDone: Promise<void> | undefined;
  const the = (): { fake: FakeSlackApi; gateway: RunningGateway; url: string; team: string } => {
    if (!started) throw new Error('Slack maintenance set-up: not started');
    return started;
  };
  const posts = (channel: string): FakeSlackCall[] =>
    the()
      .fake.callsOf('chat.postMessage')
      .filter((c) => c.params.channel === channel);

  return {
    get fake() {
      return the().fake;
    },
    get gateway() {
      return the().gateway;
    },
    get url() {
      return the().url;
    },
    async start(o) {
      fake = await startFakeSlackApi();
      fake.override('chat.update', (call) => ({
        body: { ok: true, channel: call.params.channel, ts: call.params.ts },
      }));
      await writeFile(join(o.dir, 'kubeconfig.yaml'), o.sim.kubeconfig);
      await writeFile(join(o.dir, 'policy.yaml'), o.policy);
      await writeFile(
        join(o.dir, 'config.yaml'),
        `clusters:\n  prod: { kubeconfig: kubeconfig.yaml, context: simulator }\ndefaultCluster: prod\nlocale: en\nmaintenancePolicy: policy.yaml\nredis: { url: ${o.redisUrl} }\n`,
      );
      const config = await loadConfig({ path: join(o.dir, 'config.yaml'), env: {} });
      const ready = new Promise<void>((resolve) => {
        const done = runWorkerProcess({
          env: { REDIS_URL: o.redisUrl, K8S_HA_BOT_OPS_PORT: '0' },
          argv: ['node', 'main', '--cluster', 'prod', '--config', join(o.dir, 'config.yaml')],
          logger: process.env.DEBUG_MAINT ? createLogger({ name: 'worker', level: 'debug' }) : silentLogger,
          signals,
          onReady: () => resolve(),
          maintenanceWorker: { lockDurationMs: 5000, stalledIntervalMs: 5000 },
          loadWorkerStep: (context, settings) =>
            createWorkerAnswerStep({ ...context, redisUrl: settings.redisUrl, prefix: settings.prefix }),
        });
        workerDone = done;
        done.catch(() => resolve());
      });
      await ready;
      // A worker that failed to start fails every test with its reason.
      await Promise.race([workerDone, delay(50)]);
      gateway = await startGateway({
        env: {
          SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
          SLACK_BOT_TOKEN: 'xoxb-test',
          SLACK_API_URL: fake.apiUrl,
          K8S_HA_BOT_RATE_LIMIT: '1000',
        },
        config,
        logger: process.env.DEBUG_MAINT ? createLogger({ name: 'gateway', level: 'debug' }) : silentLogger,
        port: 0,
        maintenanceSweepMs: 250,
        // Nothing here times Slack's 3 s ack: a busy machine's Redis may take longer than 2 s.
        redisWaitMs: 30_000,
      });
      started = { fake, gateway, url: `http://127.0.0.1:${gateway.port}/slack/events`, team: o.team };
    },
    service: () => the().gateway.maintenance.service,
    posts,
    ephemeralsTo: (user) =>
      the()
        .fake.callsOf('chat.postEphemeral')
        .filter((c) => c.params.user === user),
    updatesOf: (ts) =>
      the()
        .fake.callsOf('chat.update')
        .filter((c) => c.params.ts === ts),
    async slash(text, user, channel) {
      const res = await sendSigned(
        the().url,
        slashCommandBody({ text, user_id: user, channel_id: channel }),
        {
          contentType: FORM,
        },
      );
      expect(res.status).toBe(200);
      return (JSON.parse(res.text) as { text: string }).text;
    },
    async click(action, id, user, channel, ts) {
      const { url, team } = the();
      const payload = {
        type: 'block_actions',
        trigger_id: triggerId(),
        user: { id: user, team_id: team, name: user.toLowerCase() },
        team: { id: team },
        channel: { id: channel },
        container: { type: 'message', message_ts: ts, channel_id: channel },
        message: { ts, text: 'card' },
        actions: [
          {
            type: 'button',
            action_id: `k8s-ha-bot:maintenance-${action}`,
            block_id: 'b',
            value: id,
            action_ts: '1712000001.0',
          },
        ],
      };
      const res = await sendSigned(url, `payload=${encodeURIComponent(JSON.stringify(payload))}`, {
        contentType: FORM,
      });
      expect(res.status).toBe(200);
    },
    async close() {
      await gateway?.close();
      signals.emit('SIGTERM', 'SIGTERM');
      signals.emit('SIGTERM', 'SIGTERM');
      await workerDone?.catch(() => undefined);
      await fake?.close();
    },
  };
}
