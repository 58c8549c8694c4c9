/**
 * The Alertmanager gate against a hostile Alertmanager (issue 33, findings 4, 5 and 10): a fake
 * v2 API on loopback (test/helpers/fake-alertmanager.ts) whose firing set changes at every poll,
 * whose answers flap between alerts and errors, or are far larger than the cap. A held plan tells
 * its thread once per reason (the Alertmanager gate at most GATE_NOTICES_MAX times), updates its
 * card for a new detail at most every HOLD_DETAIL_EVERY_MS; an answer over the cap is not read
 * further and holds the plan as unknown; labels are clipped; upstream bodies are logged bounded.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Reply } from '../../src/explain/reply.js';
import {
  AlertmanagerClient,
  alertmanagerGate,
  DEFAULT_ALERTMANAGER_MAX_ANSWER_BYTES,
} from '../../src/maintenance/plan/alertmanager.js';
import { explainPlanChange } from '../../src/maintenance/plan/explain-maintenance-plan.js';
import type { MaintenancePlan, PlanNode } from '../../src/maintenance/plan/plan-types.js';
import { GATE_NOTICES_MAX, HOLD_DETAIL_EVERY_MS } from '../../src/maintenance/plan/plan-types.js';
import { runPlan } from '../../src/maintenance/plan/run-plan.js';
import type { PlanGate } from '../../src/maintenance/plan/run-plan.js';
import type { AlertmanagerSettings } from '../../src/maintenance/types.js';
import { UPSTREAM_SUMMARY_MAX } from '../../src/util/redaction.js';
import { silentLogger } from '../../src/util/logger.js';
import { eventually } from '../helpers/eventually.js';
import { startFakeAlertmanager } from '../helpers/fake-alertmanager.js';
import type { FakeAlertmanager, FakeAlertmanagerAnswer } from '../helpers/fake-alertmanager.js';
import { useGeneratedFleet } from '../helpers/plan-fleet.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const gen = useGeneratedFleet({
  cluster: 'gen',
  tmpPrefix: 'am-bounds-',
  generate: { nodes: 7, pods: 50, controlPlaneNodes: 3, seed: 5 },
});

const fakes: FakeAlertmanager[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
});

async function fakeAlertmanager(answer: (n: number) => FakeAlertmanagerAnswer): Promise<FakeAlertmanager> {
  const am = await startFakeAlertmanager(answer);
  fakes.push(am);
  return am;
}

const settingsOf = (url: string, more: Partial<AlertmanagerSettings> = {}): AlertmanagerSettings => ({
  url,
  gate: ['severity=critical'],
  silence: [],
  unreachable: 'block',
  ...more,
});

const node: PlanNode = {
  node: 'gen-wk-001',
  role: 'worker',
  batch: 1,
  verdict: 'safe',
  why: [],
  state: 'pending',
};

const firing = (labels: Record<string, string>): FakeAlertmanagerAnswer => ({
  status: 200,
  alerts: [{ labels: { alertname: 'Flapping', severity: 'critical', ...labels } }],
});

/**
 * Run a one-worker plan behind the fake Alertmanager's gate, each poll 2 s later on the plan's
 * clock (as the runner's default poll), until `polls` gate calls; then stop the runner.
 * @returns the thread messages and the number of plan changes (each one a card update) while held
 */
async function heldPlan(
  answer: (n: number) => FakeAlertmanagerAnswer,
  polls: number,
  keyPrefix: string,
): Promise<{ thread: Reply[]; changes: number; gateCalls: number; plan: MaintenancePlan }> {
  const am = await fakeAlertmanager(answer);
  const inner = alertmanagerGate(
    new AlertmanagerClient(am.url, { logger: silentLogger }),
    settingsOf(am.url),
    silentLogger,
  );
  let clock = Date.now();
  let gateCalls = 0;
  const gate: PlanGate = async (p, n) => {
    clock += 2000;
    gateCalls += 1;
    return inner(p, n);
  };
  const thread: Reply[] = [];
  let changes = 0;
  const stop = new AbortController();
  const f = await gen.fleet({
    keyPrefix,
    only: ['gen-wk-001'],
    deps: {
      gate,
      now: () => new Date(clock),
      pollMs: 5,
      signal: stop.signal,
      onChange: async (plan, before) => {
        changes += 1;
        thread.push(...explainPlanChange(before, plan, 'en'));
      },
    },
  });
  const run = runPlan(f.plan.id, f.deps).catch(() => null);
  await eventually(`${polls} polls of the gate`, async () => gateCalls >= polls, 60_000);
  stop.abort();
  await run;
  f.stop();
  const plan = await f.plans.get(f.plan.id);
  if (!plan) throw new Error('plan gone');
  return { thread, changes, gateCalls, plan };
}

const heldMessages = (thread: Reply[]): Reply[] => thread.filter((r) => r.summary.startsWith('Held before'));

describe('a plan held by a hostile Alertmanager', () => {
  it('whose firing set changes at every poll: the thread is told once, the card at most every 30 s (issue 33 finding 4)', async () => {
    const r = await heldPlan((n) => firing({ n: String(n) }), 60, 'test:am-churn:');
    expect(r.plan.state).toBe('held');
    expect(heldMessages(r.thread)).toHaveLength(1);
    expect(r.thread).toHaveLength(1);
    // The first hold, then a new detail at most once per HOLD_DETAIL_EVERY_MS of the plan's clock.
    expect(r.changes).toBeGreaterThan(1);
    expect(r.changes).toBeLessThanOrEqual(1 + Math.ceil((r.gateCalls * 2000) / HOLD_DETAIL_EVERY_MS));
    expect(r.plan.hold?.detail).not.toContain('n="1"');
  });

  it('whose answers flap between alerts and errors: the thread is told at most GATE_NOTICES_MAX times, the last saying the card shows the rest; then the card at most every 30 s (issue 33 finding 4)', async () => {
    const r = await heldPlan(
      (n) => (n % 2 === 1 ? firing({ n: '1' }) : { status: 500, alerts: [] }),
      60,
      'test:am-flap:',
    );
    const held = heldMessages(r.thread);
    expect(held.map((m) => m.summary.includes('firing alert'))).toEqual(
      Array.from({ length: GATE_NOTICES_MAX }, (_, i) => i % 2 === 0),
    );
    expect(held.at(-1)?.sections?.[0]?.lines).toEqual([
      `Held by the Alertmanager gate ${GATE_NOTICES_MAX} times: further changes of that gate are shown on the card only.`,
    ]);
    expect(r.plan.gateNotices).toBeGreaterThan(GATE_NOTICES_MAX);
    expect(r.changes).toBeLessThanOrEqual(
      GATE_NOTICES_MAX + Math.ceil((r.gateCalls * 2000) / HOLD_DETAIL_EVERY_MS),
    );
  });
});

describe('the Alertmanager gate and outsized answers (issue 33 findings 5 and 10)', () => {
  it('an answer over the cap is not read further: the alerts are unknown and the plan held, even when the policy says warn; logged bounded', async () => {
    const am = await fakeAlertmanager(() => ({ huge: 64 * 1024 * 1024 }));
    const rec = recordingLogger({ level: 'warn' });
    for (const unreachable of ['block', 'warn'] as const) {
      const gate = alertmanagerGate(
        new AlertmanagerClient(am.url, { logger: rec.logger }),
        settingsOf(am.url, { unreachable }),
        rec.logger,
      );
      expect(await gate({} as MaintenancePlan, node)).toEqual({
        kind: 'alertmanager-unknown',
        detail: `Alertmanager's answer to GET /alerts is larger than ${DEFAULT_ALERTMANAGER_MAX_ANSWER_BYTES} bytes (alertmanager.maxAnswerBytes in the maintenance policy)`,
      });
    }
    // The fake stops when the client goes: far less than the 64 MB it had to send was written.
    await eventually('the fake to see the client go', async () => am.bytesSent() < 16 * 1024 * 1024);
    const logged = rec.withMsg('Alertmanager answer over the size limit; not read further');
    expect(logged).toHaveLength(2);
    for (const l of logged) expect(JSON.stringify(l).length).toBeLessThan(1000);
  });

  it('a Content-Length over the configured cap is refused before any body is read', async () => {
    const am = await fakeAlertmanager(() => ({ lying: 200_000 }));
    const gate = alertmanagerGate(
      new AlertmanagerClient(am.url, { logger: silentLogger, maxAnswerBytes: 100_000 }),
      settingsOf(am.url),
      silentLogger,
    );
    expect(await gate({} as MaintenancePlan, node)).toMatchObject({
      kind: 'alertmanager-unknown',
      detail: expect.stringContaining('larger than 100000 bytes'),
    });
  });

  it('clips label names and values (a 5,000-character label name) and logs an error body bounded', async () => {
    const am = await fakeAlertmanager((n) =>
      n === 1 ? firing({ ['k'.repeat(5000)]: 'v'.repeat(5000) }) : { status: 500, alerts: [] },
    );
    const rec = recordingLogger({ level: 'warn' });
    const gate = alertmanagerGate(
      new AlertmanagerClient(am.url, { logger: rec.logger }),
      settingsOf(am.url),
      rec.logger,
    );
    const held = await gate({} as MaintenancePlan, node);
    expect(held?.kind).toBe('alert');
    expect(held?.detail.length).toBeLessThan(200);
    expect(held?.detail).toContain(`${'k'.repeat(39)}…="${'v'.repeat(59)}…"`);
    expect(await gate({} as MaintenancePlan, node)).toMatchObject({ kind: 'alertmanager-unreachable' });
    const [refused] = rec.withMsg('Alertmanager refused a request');
    expect(String(refused?.body).length).toBeLessThanOrEqual(UPSTREAM_SUMMARY_MAX);
  });
});
