/**
 * Scheduled HA posts when no worker answers for a cluster (attack finding F5): the gateway reads
 * each occurrence's status through the cluster's queue. Without a worker the occurrence used to
 * vanish after its last attempt (a WARN log only), its answer job stayed queued for a returning
 * worker to read late, and each attempt held one of the runner's 4 slots for `jobTimeoutMs` + 30 s,
 * delaying other clusters' posts. Now: no worker → fail at once; the last attempt posts once that
 * the status could not be read; a job not answered in time is withdrawn.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { createLogger } from '../../src/util/logger.js';
import { metricsRegistry } from '../../src/ops/metrics.js';
import type { Reply } from '../../src/explain/reply.js';
import { JobQueue } from '../../src/queue/job-queue.js';
import { jobIdFor, queueNameFor } from '../../src/queue/job.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';
import { startScheduledPosts } from '../../src/schedule/start-scheduled-posts.js';
import type { ScheduleSpec } from '../../src/schedule/schedule-spec.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { createFakeAnswerHandler } from '../helpers/fake-answer-handler.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const EVERY_3S = '*/3 * * * * *';
/** Worker counts are server-wide (CLIENT LIST): a prefix of this file's own. */
const PREFIX = `nowork${process.pid}`;
/** Four clusters without a worker: enough to hold every slot of the runner (concurrency 4). */
const NO_WORKER = ['absent-a', 'absent-b', 'absent-c', 'absent-d'];

describe('scheduled HA posts when no worker answers for a cluster', () => {
  const logger = createLogger({ level: 'silent' });
  let redis: TestRedis;
  let schedules: ScheduleService;
  let worker: RunningWorker;
  let producer: JobQueue;
  let posts: { close(): Promise<void> };
  const delivered: { spec: ScheduleSpec; reply: Reply; deliveryId: string }[] = [];

  beforeAll(async () => {
    redis = await useSharedRedis();
    schedules = new ScheduleService({ redisUrl: redis.url, prefix: PREFIX, defaultTimeZone: 'UTC' });
    // `served` answers; `busy` has a worker whose only slot is taken by a long job, so the
    // occurrence's job waits in the queue past its deadline.
    worker = await startWorker({
      redisUrl: redis.url,
      prefix: PREFIX,
      clusters: ['served', 'busy'],
      concurrency: 1,
      handler: createFakeAnswerHandler(),
      logger,
    });
    producer = new JobQueue({ redisUrl: redis.url, prefix: PREFIX, logger });
    await producer.enqueue({
      requestId: 'hold-the-slot',
      text: 'sleep 20000',
      command: { kind: 'ha-status' },
      cluster: 'busy',
      locale: 'en',
      user: { platform: 'console', id: 'test' },
      replyTo: { platform: 'console', address: {} },
      enqueuedAt: new Date().toISOString(),
    });
    posts = await startScheduledPosts({
      redisUrl: redis.url,
      prefix: PREFIX,
      config: { jobTimeoutMs: 500 } as never,
      queueingMs: 0,
      lateAfterMs: 10_000,
      logger,
      deliveries: {
        slack: {
          deliver(spec, reply, deliveryId) {
            delivered.push({ spec, reply, deliveryId });
            return Promise.resolve(true);
          },
        },
      },
    });
  });

  afterAll(async () => {
    await posts?.close();
    await schedules?.close();
    await producer?.close();
    await worker?.close({ force: true });
    await redis?.stop();
  });

  /** The value of one sample of the process registry, 0 when absent. */
  async function metric(line: string): Promise<number> {
    const found = (await metricsRegistry.metrics()).split('\n').find((l) => l.startsWith(`${line} `));
    return found === undefined ? 0 : Number(found.slice(line.length + 1));
  }

  it('posts "could not be read" once per occurrence, withdraws the job, and other clusters post on time', async () => {
    const missedBefore = await metric('k8s_ha_bot_scheduled_posts_total{outcome="no-worker",late="false"}');
    for (const cluster of NO_WORKER)
      await schedules.create({
        platform: 'slack',
        conversation: `C-${cluster}`,
        cluster,
        time: '08:30',
        locale: 'en',
        cronOverride: EVERY_3S,
      });
    await schedules.create({
      platform: 'slack',
      conversation: 'C-busy',
      cluster: 'busy',
      time: '08:30',
      locale: 'ko',
      cronOverride: EVERY_3S,
    });
    await schedules.create({
      platform: 'slack',
      conversation: 'C-served',
      cluster: 'served',
      time: '08:30',
      locale: 'en',
      cronOverride: EVERY_3S,
    });
    const postsTo = (cluster: string): typeof delivered =>
      delivered.filter((d) => d.spec.cluster === cluster);

    // The served cluster's first occurrence is posted, not late, although every cluster without a
    // worker was due at the same time.
    const served = await eventually('a post for the served cluster', () => postsTo('served')[0]);
    expect(served.reply.title).not.toMatch(/late/);
    expect(served.reply.kind).not.toBe('error');

    for (const cluster of NO_WORKER) {
      const first = await eventually(`a post for ${cluster}`, () => postsTo(cluster)[0]);
      expect(first.reply.kind).toBe('error');
      expect(first.reply.summary).toBe(
        `The HA status of ${cluster} could not be read: no worker answered for cluster ${cluster}. Start \`k8s-ha-bot worker\` for it; the next post reads it again.`,
      );
    }

    // busy: its worker took no new job; the post says so in Korean, and the job was withdrawn.
    const busy = await eventually('a post for the busy cluster', () => postsTo('busy')[0], WAIT_CEILING_MS);
    expect(busy.reply.summary).toContain('busy의 HA 상태를 읽지 못했습니다');
    const queue = new Queue(queueNameFor('busy'), { connection: { url: redis.url }, prefix: PREFIX });
    try {
      expect(await queue.getJob(jobIdFor(busy.deliveryId))).toBeUndefined();
      expect(await (await queue.getJob(jobIdFor('hold-the-slot')))?.getState()).toBe('active');
    } finally {
      await queue.close();
    }

    // Each occurrence posted as "could not be read" is counted as missed (issue 32 item 5), and the
    // served cluster's post as posted.
    expect(
      (await metric('k8s_ha_bot_scheduled_posts_total{outcome="no-worker",late="false"}')) - missedBefore,
    ).toBeGreaterThanOrEqual(NO_WORKER.length + 1);
    expect(await metric('k8s_ha_bot_scheduled_posts_total{outcome="posted",late="false"}')).toBeGreaterThan(
      0,
    );

    // Once per occurrence: no delivery id twice.
    const ids = delivered.map((d) => d.deliveryId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts an occurrence whose every attempt failed as missed (outcome failed), once its last attempt is over', async () => {
    const failed = async (): Promise<number> =>
      (await metric('k8s_ha_bot_scheduled_posts_total{outcome="failed",late="false"}')) +
      (await metric('k8s_ha_bot_scheduled_posts_total{outcome="failed",late="true"}'));
    const before = await failed();
    // a Teams schedule on a gateway without Teams: every attempt throws (no delivery for teams)
    const { spec } = await schedules.create({
      platform: 'teams',
      conversation: 'a:teams-conversation',
      cluster: 'served',
      time: '08:30',
      locale: 'en',
      cronOverride: EVERY_3S,
    });
    try {
      await eventually(
        'an occurrence failed on its last attempt',
        async () => (await failed()) > before,
        60_000,
      );
    } finally {
      await schedules.remove('teams', 'a:teams-conversation', spec.id);
    }
    expect(delivered.filter((d) => d.spec.id === spec.id)).toEqual([]);
  });
});
