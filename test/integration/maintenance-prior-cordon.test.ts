/**
 * Issue 16: a maintenance request for a node someone else cordoned remembers it, and its card does
 * not promise an uncordon that would undo their cordon. The real parser, the real analysis on
 * scenario 52 (cordoned by kubectl-cordon) and the real service on a real Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { answerMaintenanceRequest } from '../../src/answer/answer-maintenance.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { MaintenanceRequestCommand } from '../../src/commands/types.js';
import { renderText } from '../../src/explain/render-text.js';
import { explainMaintenanceCard } from '../../src/maintenance/explain-maintenance.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { silentLogger } from '../../src/util/logger.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { loadScenario } from '../helpers/simulator.js';

let redisServer: RedisServer;
let redis: Redis;
let service: MaintenanceService;

beforeAll(async () => {
  redisServer = await startRedis();
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

const requester = { platform: 'slack' as const, tenant: 'T01', id: 'U01' };

async function request(scenario: string, cluster: string, node: string) {
  const text = `maintain ${node} kernel patch`;
  const parsed = parseCommand(text);
  if (!parsed.ok) throw new Error(text);
  const command = parsed.command as MaintenanceRequestCommand;
  const file = await loadScenario(scenario);
  const job: AnswerJob = {
    requestId: `req-${node}`,
    text,
    command,
    cluster,
    locale: 'en',
    user: requester,
    replyTo: { platform: 'slack', address: { channel: 'C01' } },
    enqueuedAt: new Date().toISOString(),
  };
  const reply = await answerMaintenanceRequest(
    command,
    job,
    snapshotFromFile(file, cluster, node),
    file.capturedAt ?? new Date(),
    service,
    'en',
  );
  expect(reply.kind).toBe('maintenance');
  const stored = await service.get(reply.context.maintenanceId ?? '');
  if (!stored) throw new Error('no request stored');
  return stored;
}

describe('a maintenance request for a node cordoned by someone else', () => {
  it('remembers the cordon; the card says the bot leaves it cordoned, in English and Korean', async () => {
    const r = await request('52-worker-cordoned-by-someone-else.json', 'draco', 'draco-wk-2');
    expect(r.cordonedAtRequest).toBe(true);
    const en = renderText(explainMaintenanceCard(r, 'en'));
    expect(en).toContain('it leaves draco-wk-2 cordoned, as it found it');
    expect(en).toContain('was already cordoned by someone else when this was requested');
    expect(en).not.toMatch(/checks it and uncordons it/);
    const ko = renderText(explainMaintenanceCard(r, 'ko'));
    expect(ko).toContain('cordon된 채로 둡니다');
    expect(ko).not.toContain('확인한 다음 uncordon합니다');
    await service.decide(r.id, requester, 'cancel');
  });

  it('a node nobody cordoned: nothing remembered, the card says the bot uncordons it at the end', async () => {
    const r = await request('50-worker-pod-safe-to-evict-false.json', 'orion', 'orion-wk-2');
    expect(r.cordonedAtRequest).toBeUndefined();
    expect(renderText(explainMaintenanceCard(r, 'en'))).toMatch(/checks it and uncordons it/);
    await service.decide(r.id, requester, 'cancel');
  });
});
