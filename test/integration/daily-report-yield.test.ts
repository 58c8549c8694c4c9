/**
 * The daily HA report yields the event loop while it analyses and explains (issue 33: `health
 * report` on 10,000 nodes held the worker's event loop, `/healthz` took up to 3 s): callbacks queued
 * while a report over a generated 300-node cluster is built run during the build, once per stage
 * at least, and once per {@link LINES_PER_YIELD} lines of its explanation.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { answerHealthReport } from '../../src/answer/answer-health-report.js';
import { LINES_PER_YIELD, explainHealthReport } from '../../src/explain/explain-health-report.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { ClusterSnapshot } from '../../src/cluster/types.js';
import type { Reply } from '../../src/explain/reply.js';
import { silentLogger } from '../../src/util/logger.js';
import { countTurns } from '../helpers/event-loop-turns.js';

let dir = '';
let snapshot: ClusterSnapshot;
const now = new Date();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-yield-'));
  const path = join(dir, 'gen.json');
  await writeScenarioFile(path, generateCluster({ nodes: 300, pods: 3000, capturedAt: now }));
  snapshot = snapshotFromFile(await loadSnapshotFile(path), 'prod', null, () => now);
});

/** The report on demand over the generated cluster; nothing read: no I/O of its own turns the loop. */
const report = (): Promise<Reply> =>
  answerHealthReport({
    snapshot,
    kubeConfig: null,
    now,
    ctx: { locale: 'en', requestId: 'r', cluster: 'prod' },
    lock: { namespace: 'kube-system', leaseName: 'k8s-ha-bot-maintenance' },
    logger: silentLogger,
  });

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a health report over a big cluster', () => {
  it('yields the event loop between its stages: callbacks queued meanwhile run during the build', async () => {
    const counter = countTurns();
    const reply = await report();
    counter.stop();
    expect(reply.healthReport?.cluster).toBe('prod');
    // one turn at least per stage: stuck states, certificates, version skew, HA findings, etcd's
    // size, the urgency order, the explanation
    expect(counter.turns).toBeGreaterThanOrEqual(7);
  });

  it('yields the event loop while it words many lines', async () => {
    const reply = await report();
    const data = reply.healthReport!;
    expect(data.items.length).toBeGreaterThan(0);
    // the report's own items, repeated under distinct subjects to 3 yields' worth of lines
    const items = Array.from({ length: 3 * LINES_PER_YIELD + 1 }, (_, n) => {
      const item = data.items[n % data.items.length]!;
      return { ...item, subject: `${item.subject}#${n}` };
    });
    const counter = countTurns();
    const explained = await explainHealthReport(
      { data, items, changes: null, baseline: { churn: data.churn, items } },
      { locale: 'en', requestId: 'r', cluster: 'prod', scheduled: false },
    );
    counter.stop();
    expect(explained.sections[0]?.lines).toHaveLength(items.length);
    expect(counter.turns).toBeGreaterThanOrEqual(3);
  });
});
