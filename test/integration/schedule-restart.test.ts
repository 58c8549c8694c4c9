/**
 * Scheduled HA posts across a Redis restart (acceptance): Redis with AOF
 * (`appendfsync always`) is stopped between occurrences and started again on the same port and
 * directory; the runners reconnect by themselves, the schedule goes on, and no occurrence is
 * posted twice.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { ScheduleRunner, statusFromAnswer } from '../../src/schedule/schedule-runner.js';
import type { PostDelivery } from '../../src/schedule/schedule-runner.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';
import { silentLogger } from '../../src/util/logger.js';
import { freePort, REDIS_SERVER_BIN, redisPing } from '../helpers/redis-server.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
/** redis-server with AOF on a fixed port and directory, so it can be restarted in place. */
async function startAofRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER_BIN,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--maxmemory-policy',
      'noeviction',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--logfile',
      '',
    ],
    { stdio: 'ignore' },
  );
  await eventually('redis-server started', async () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
    return redisPing(port);
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

describe('scheduled HA posts across a Redis restart with AOF', () => {
  let dir: string;
  let port: number;
  let redis: ChildProcess;
  const runners: ScheduleRunner[] = [];
  const answers = createAnswerService({
    // The cluster's clock held just after the fixture's captured_at: Lease ages stay as recorded.
    now: () => new Date('2025-06-12T09:41:10Z'),
    config: {
      source: 'test',
      clusters: { prod: { kind: 'snapshot', snapshot: SCENARIO, requestTimeoutMs: 5000, deadlineMs: 20000 } },
      defaultCluster: 'prod',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    } satisfies BotConfig,
  });
  const delivered: { id: string; reply: Reply }[] = [];
  const delivery: PostDelivery = {
    deliver(_spec, reply, deliveryId) {
      delivered.push({ id: deliveryId, reply });
      return Promise.resolve(true);
    },
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-aof-'));
    port = await freePort();
    redis = await startAofRedis(port, dir);
  });

  afterAll(async () => {
    await Promise.all(runners.splice(0).map((r) => r.close(true)));
    await answers.close();
    await stopRedis(redis);
    await rm(dir, { recursive: true, force: true });
  });

  it('the schedule survives the restart and no occurrence is posted twice', async () => {
    const url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 3; i += 1) {
      runners.push(
        await ScheduleRunner.start({
          redisUrl: url,
          readStatus: statusFromAnswer((job) => answers.answer(job)),
          deliveries: { slack: delivery },
          lateAfterMs: 1500,
          logger: silentLogger,
        }),
      );
    }
    const schedules = new ScheduleService({ redisUrl: url, defaultTimeZone: 'UTC' });
    const { spec } = await schedules.create({
      platform: 'slack',
      conversation: 'C0AOF',
      cluster: 'prod',
      time: '09:00',
      locale: 'en',
      cronOverride: '*/3 * * * * *',
    });
    await schedules.close();

    const until = (n: number, ms: number): Promise<boolean> =>
      eventually(
        () => `${n} posts (only ${delivered.length})`,
        () => delivered.length >= n,
        ms,
      );
    await until(2, WAIT_CEILING_MS);
    await stopRedis(redis);
    const during = delivered.length;
    await delay(4000); // Redis down across an occurrence (every 3 s): nothing can be posted
    expect(delivered.length).toBe(during);
    redis = await startAofRedis(port, dir);
    await until(during + 2, WAIT_CEILING_MS);

    const after = new ScheduleService({ redisUrl: url });
    expect((await after.list()).map((s) => s.id)).toEqual([spec.id]);
    await after.remove('slack', 'C0AOF', spec.id);
    await after.close();
    const ids = delivered.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The diff state survived too: the posts after the restart compare with the one before it.
    expect(delivered[during]?.reply.sections[0]?.lines).toEqual(['Nothing changed since the last post.']);
  });
});
