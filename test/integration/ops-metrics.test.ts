/**
 * /metrics: the process registry in Prometheus text format, with the default process metrics, the
 * bot's counters and histogram as recorded, and the queue depth read from a real Redis (BullMQ
 * getJobCounts) at scrape time.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import {
  chatFailureStatus,
  recordChatPostFailure,
  recordJob,
  recordKubeApiError,
  recordMaintenanceState,
  recordRequest,
  recordVerdict,
} from '../../src/ops/metrics.js';
import { startProcessOps } from '../../src/ops/ops-server.js';
import { queueNameFor } from '../../src/queue/job.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { ReplyConsumer, ReplyPublisher } from '../../src/queue/reply-queue.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { metricsRegistry } from '../../src/ops/metrics.js';
import type { Reply } from '../../src/explain/reply.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';

// A server of this file's own: the queue-depth test kills it to show a scrape without Redis.
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await redis?.stop();
});

/** The value of one sample line, or undefined. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/** The current value of one sample in the process registry. */
async function current(line: string): Promise<number> {
  return sample(await metricsRegistry.metrics(), line) ?? 0;
}

describe('metrics recorded where the work happens', () => {
  it('counts Kubernetes API errors from the snapshot reader and failed chat deliveries from the replies consumer', async () => {
    const sim = await startScenarioSimulator('01-healthy-3cp-stacked-etcd.json');
    try {
      const before = await current('k8s_ha_bot_kube_api_errors_total{code="503"}');
      sim.setFaults({ unavailable: true });
      await expect(
        readSnapshot({
          kubeConfig: kubeConfigOf(sim),
          cluster: 'c',
          focusNode: null,
          requestTimeoutMs: 1000,
          deadlineMs: 3000,
        }),
      ).rejects.toMatchObject({ code: 'cluster-unreachable' });
      // The nodes list answered 503 (the other reads are then cut short).
      expect((await current('k8s_ha_bot_kube_api_errors_total{code="503"}')) - before).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      await sim.close();
    }

    const own = await useSharedRedis();
    const conn = createProducerConnection(own.url);
    await ensureReady(conn, own.url, 60_000);
    const prefix = `cf${Date.now()}`;
    const publisher = new ReplyPublisher(conn, prefix);
    const failures = (): Promise<number> =>
      current('k8s_ha_bot_chat_post_failures_total{platform="teams",status="429"}');
    const before = await failures();
    const consumer = await ReplyConsumer.start({
      redisUrl: own.url,
      platform: 'teams',
      prefix,
      handler: async () => {
        throw Object.assign(new Error('Teams said 429'), { cause: { statusCode: 429 } });
      },
    });
    try {
      const job: AnswerJob = {
        requestId: 'r1',
        text: 'status',
        cluster: 'c',
        locale: 'en',
        user: { platform: 'teams', id: 'u' },
        replyTo: { platform: 'teams', address: { conversation: 'x' } },
        enqueuedAt: new Date().toISOString(),
      };
      const reply = {
        kind: 'help',
        locale: 'en',
        title: 't',
        verdict: null,
        summary: 's',
        planes: [],
        sections: [],
        advice: [],
        actions: [],
        context: { cluster: 'c', snapshotAt: null, requestId: 'r1' },
        findings: [],
      } satisfies Reply;
      await publisher.publish('teams', { reply, job }, 'r-r1');
      await eventually(
        'a failed delivery counted',
        async () => (await failures()) !== before,
        WAIT_CEILING_MS,
      ).catch(() => undefined); // the next line says it
      expect((await failures()) - before).toBeGreaterThanOrEqual(1);
    } finally {
      await consumer.close();
      await publisher.close();
      conn.disconnect();
      await own.stop();
    }
  });
});

describe('/metrics', () => {
  it('serves process metrics, recorded counters and histograms, and the queue depth from Redis', async () => {
    const prefix = `m${Date.now()}`;
    const queue = new Queue(queueNameFor('prod'), { connection: { url: redis.url }, prefix });
    queue.on('error', () => undefined); // expected once Redis is killed below
    await queue.add('a', { n: 1 }, { jobId: 'j1' });
    await queue.add('b', { n: 2 }, { jobId: 'j2' });
    await queue.add('c', { n: 3 }, { jobId: 'j3', delay: 60_000 });
    const ops = await startProcessOps({
      role: 'worker',
      env: {},
      redisUrl: redis.url,
      prefix,
      clusters: {
        prod: {
          kind: 'snapshot',
          snapshot: 'examples/ha-3cp.json',
          requestTimeoutMs: 1000,
          deadlineMs: 1000,
        },
      },
      logger: silentLogger,
      port: 0,
      host: '127.0.0.1',
      // Every scrape reads Redis here (the default serves a reading for 5 s: test/integration/ops-exposure.test.ts).
      queueDepthMaxAgeMs: 0,
    });
    try {
      recordRequest('slack', 'reboot-impact', 'enqueued');
      recordRequest('slack', 'reboot-impact', 'enqueued');
      recordRequest('teams', 'ha-status', 'rate-limited');
      recordJob('reboot-impact', 'answered', 120);
      recordJob('reboot-impact', 'answered', 3000);
      recordJob('ha-status', 'failed', 61_000);
      recordVerdict('unsafe');
      recordVerdict(null);
      recordKubeApiError('403');
      recordKubeApiError('timeout');
      recordChatPostFailure(
        'slack',
        chatFailureStatus(
          Object.assign(new Error('x'), {
            cause: { code: 'slack_webapi_platform_error', data: { error: 'channel_not_found' } },
          }),
        ),
      );
      recordChatPostFailure(
        'teams',
        chatFailureStatus(Object.assign(new Error('y'), { cause: { statusCode: 502 } })),
      );
      recordMaintenanceState('approved');

      const res = await fetch(`http://127.0.0.1:${ops.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      // Default process metrics.
      expect(sample(text, 'k8s_ha_bot_process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
      expect(text).toContain('k8s_ha_bot_nodejs_eventloop_lag_seconds');
      // Recorded values (other tests in this process may add more: at least).
      expect(
        sample(
          text,
          'k8s_ha_bot_requests_total{platform="slack",command="reboot-impact",outcome="enqueued"}',
        ),
      ).toBeGreaterThanOrEqual(2);
      expect(
        sample(
          text,
          'k8s_ha_bot_requests_total{platform="teams",command="ha-status",outcome="rate-limited"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(
          text,
          'k8s_ha_bot_job_duration_seconds_bucket{le="0.25",kind="reboot-impact",outcome="answered"}',
        ),
      ).toBe(1);
      expect(
        sample(
          text,
          'k8s_ha_bot_job_duration_seconds_bucket{le="5",kind="reboot-impact",outcome="answered"}',
        ),
      ).toBe(2);
      expect(
        sample(text, 'k8s_ha_bot_job_duration_seconds_bucket{le="60",kind="ha-status",outcome="failed"}'),
      ).toBe(0);
      expect(sample(text, 'k8s_ha_bot_job_duration_seconds_count{kind="ha-status",outcome="failed"}')).toBe(
        1,
      );
      expect(sample(text, 'k8s_ha_bot_verdicts_total{verdict="unsafe"}')).toBe(1);
      expect(sample(text, 'k8s_ha_bot_verdicts_total{verdict="none"}')).toBe(1);
      expect(sample(text, 'k8s_ha_bot_kube_api_errors_total{code="403"}')).toBe(1);
      expect(
        sample(text, 'k8s_ha_bot_chat_post_failures_total{platform="slack",status="channel_not_found"}'),
      ).toBe(1);
      expect(sample(text, 'k8s_ha_bot_chat_post_failures_total{platform="teams",status="502"}')).toBe(1);
      expect(sample(text, 'k8s_ha_bot_maintenance_states_total{state="approved"}')).toBe(1);
      // Queue depth read from Redis at scrape time.
      expect(sample(text, 'k8s_ha_bot_queue_depth{queue="k8s-ha-bot-cluster-prod",state="waiting"}')).toBe(2);
      expect(sample(text, 'k8s_ha_bot_queue_depth{queue="k8s-ha-bot-cluster-prod",state="delayed"}')).toBe(1);
      expect(sample(text, 'k8s_ha_bot_queue_depth{queue="k8s-ha-bot-replies-slack",state="waiting"}')).toBe(
        0,
      );

      // No worker consumes the cluster's queue yet (the alert "no worker consuming a cluster's queue").
      expect(sample(text, 'k8s_ha_bot_queue_workers{queue="k8s-ha-bot-cluster-prod"}')).toBe(0);

      // A new job and a worker (not running jobs, so the depth stays) are seen at the next scrape.
      await queue.add('d', { n: 4 }, { jobId: 'j4' });
      const worker = new Worker(queueNameFor('prod'), null, {
        connection: { url: redis.url },
        prefix,
        autorun: false,
      });
      await worker.waitUntilReady();
      const again = await (await fetch(`http://127.0.0.1:${ops.port}/metrics`)).text();
      await worker.close();
      expect(sample(again, 'k8s_ha_bot_queue_depth{queue="k8s-ha-bot-cluster-prod",state="waiting"}')).toBe(
        3,
      );
      expect(sample(again, 'k8s_ha_bot_queue_workers{queue="k8s-ha-bot-cluster-prod"}')).toBe(1);
      expect(sample(again, 'k8s_ha_bot_queue_workers{queue="k8s-ha-bot-replies-slack"}')).toBe(0);
      expect(again).not.toContain('k8s_ha_bot_queue_depth{queue="k8s-ha-bot-cluster-prod",state="workers"}');

      // With Redis gone the scrape still answers (the depth gauge is empty, the rest is there).
      // (The test's queue is closed first: closed on a dead Redis, ioredis leaves a 2 s timer behind.)
      await queue.close();
      await redis.kill();
      const down = await fetch(`http://127.0.0.1:${ops.port}/metrics`);
      expect(down.status).toBe(200);
      const downText = await down.text();
      expect(downText).toContain('k8s_ha_bot_verdicts_total{verdict="unsafe"} 1');
      expect(downText).not.toContain('k8s_ha_bot_queue_depth{');
      expect(downText).not.toContain('k8s_ha_bot_queue_workers{');
    } finally {
      await ops.close();
      await queue.close().catch(() => undefined);
    }
  });
});
