/**
 * Abuse of maintenance requests at the answer step, with the real parser, the real
 * reboot-impact analysis on a scenario snapshot and the real service on a real Redis: a node that
 * does not exist, a node of another cluster, names with glob characters, huge and unicode reasons.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { answerMaintenanceRequest } from '../../src/answer/answer-maintenance.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { MaintenanceRequestCommand } from '../../src/commands/types.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { silentLogger } from '../../src/util/logger.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { workerScenario } from '../helpers/maintenance-fixtures.js';

let redisServer: TestRedis;
let redis: Redis;
let service: MaintenanceService;

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  service = createMaintenanceService({
    redis,
    policy: parseMaintenancePolicy('', 'empty.yaml'),
    logger: silentLogger,
  });
});
afterAll(async () => {
  await service.close();
  redis.disconnect();
  await redisServer.stop();
});

const job = (text: string, command: MaintenanceRequestCommand): AnswerJob => ({
  requestId: `req-${Math.random().toString(36).slice(2)}`,
  text,
  command,
  cluster: 'indus',
  locale: 'en',
  user: { platform: 'slack', tenant: 'T01', id: 'U01' },
  replyTo: { platform: 'slack', address: { channel: 'C01' } },
  enqueuedAt: new Date().toISOString(),
});

async function ask(text: string): Promise<{ kind: string; summary: string; maintenanceId?: string }> {
  const parsed = parseCommand(text);
  if (!parsed.ok) return { kind: `parse-error:${parsed.error.code}`, summary: '' };
  const command = parsed.command as MaintenanceRequestCommand;
  expect(command.kind).toBe('maintenance-request');
  const file = await workerScenario();
  const snapshot = snapshotFromFile(file, 'indus', command.node);
  const reply = await answerMaintenanceRequest(
    command,
    job(text, command),
    snapshot,
    file.capturedAt ?? new Date(),
    service,
    'en',
  );
  return {
    kind: reply.kind,
    summary: reply.summary,
    ...(reply.context.maintenanceId ? { maintenanceId: reply.context.maintenanceId } : {}),
  };
}

describe('requests for nodes that are not there', () => {
  it('an unknown node, a node of another cluster, a glob, a near twin: no request is created', async () => {
    for (const node of ['ghost-1', 'atlas-cp-2', 'indus-wk-*', 'indus-wk-?', 'indus-wk-1:x', 'indus-wk-1x']) {
      const r = await ask(`maintain ${node} because`);
      expect(`${node}: ${r.kind}`).not.toBe(`${node}: maintenance`);
      expect(r.maintenanceId).toBeUndefined();
    }
    expect(await service.store.listOpen()).toEqual([]);
  });
});

describe('reasons', () => {
  it('a reason at the text limit is cut to 500 characters; markup is kept as text', async () => {
    const r = await ask(`maintain indus-wk-1 <!channel> ${'x'.repeat(1500)}`);
    expect(r.kind).toBe('maintenance');
    const stored = await service.get(r.maintenanceId ?? '');
    expect(stored?.reason.startsWith('<!channel> xxx')).toBe(true);
    expect([...(stored?.reason ?? '')].length).toBeLessThanOrEqual(500);
    await service.decide(stored?.id ?? '', { platform: 'slack', tenant: 'T01', id: 'U01' }, 'cancel');
  });

  it('a reason of 500 emoji is stored without a broken surrogate pair', async () => {
    const r = await ask(`maintain indus-wk-1 a${'😀'.repeat(600)}`); // the 'a' puts a pair across the 500th UTF-16 unit
    expect(r.kind).toBe('maintenance');
    const stored = await service.get(r.maintenanceId ?? '');
    const reason = stored?.reason ?? '';
    expect(reason.length).toBeGreaterThan(0);
    // every code unit is part of a well-formed pair
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(reason)).toBe(false);
  });
});
