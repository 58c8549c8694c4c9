/**
 * TEST ONLY (fault suite): a maintenance plan held by a hostile Alertmanager (issue 33 findings 4
 * and 5, after the second hostile review's `plan-am.mjs`). A fake Alertmanager
 * (test/helpers/fake-alertmanager.ts) answers, phase after phase: a firing set that changes at
 * every poll (churn, 20 s), alerts and HTTP 500 in turn (flap, 10 s), 150 MB answers (huge, 20 s),
 * then nothing firing. A maintenance worker process (test/helpers/maintenance-worker-entry.ts: the
 * real startMaintenanceWorker, runPlan, planRunPartsFor; heap capped at 400 MB as deploy/ sets
 * it) polls it every 200 ms while the plan is held.
 *
 * Row: sent = Alertmanager polls, answered = thread messages of the holds, duplicated = card
 * updates while held, worst = the worker's peak RSS in MB. Targets: at most GATE_NOTICES_MAX
 * thread messages, card updates bounded by the reasons told plus one per HOLD_DETAIL_EVERY_MS,
 * peak RSS under the heap cap plus 100 MB, and the plan going on (its node started) once nothing
 * fires.
 */
import { readFile } from 'node:fs/promises';
import { enqueuePlan } from '../../src/maintenance/plan/plan-queue.js';
import { GATE_NOTICES_MAX, HOLD_DETAIL_EVERY_MS } from '../../src/maintenance/plan/plan-types.js';
import { MaintenancePlanStore } from '../../src/maintenance/plan/plan-store.js';
import { eventually } from '../helpers/eventually.js';
import { startFakeAlertmanager } from '../helpers/fake-alertmanager.js';
import type { FakeAlertmanagerAnswer } from '../helpers/fake-alertmanager.js';
import { testPolicy } from '../helpers/maintenance-test-store.js';
import { startMaintenanceWorkerProcess } from '../helpers/maintenance-worker-process.js';
import type { MaintenanceWorkerProcess } from '../helpers/maintenance-worker-process.js';
import { approvedPlan, startPlanFaultRig } from './plan-fault-rig.js';
import type { FaultRow } from './slack-traffic.js';

const CLUSTER = 'vega';
const KEY_PREFIX = 'faults:am:';
const HEAP_MB = 400;
const PHASES: ReadonlyArray<[name: string, ms: number]> = [
  ['churn', 20_000],
  ['flap', 10_000],
  ['huge', 20_000],
];

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The peak resident set of a process (VmHWM), in MB; null when it cannot be read. */
async function peakRssMb(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? null : Math.round(Number(kb) / 1024);
}

/**
 * Run the fault.
 * @returns the row (pass only when every target above is met)
 */
export async function runAlertmanagerFault(): Promise<FaultRow> {
  const fault =
    'plan held by a hostile Alertmanager: firing set changing at every poll, alerts/500 in turn, 150 MB answers (thread messages, card updates, worker peak RSS)';
  let phase = 'churn';
  const am = await startFakeAlertmanager((n): FakeAlertmanagerAnswer => {
    const alert = (labels: Record<string, string>): FakeAlertmanagerAnswer => ({
      status: 200,
      alerts: [{ labels: { alertname: 'Flapping', severity: 'critical', ...labels } }],
    });
    if (phase === 'churn') return alert({ n: String(n) });
    if (phase === 'flap') return n % 2 === 0 ? alert({}) : { status: 500, alerts: [] };
    if (phase === 'huge') return { huge: 150 * 1024 * 1024 };
    return { status: 200, alerts: [] };
  });
  const rig = await startPlanFaultRig(CLUSTER, 'k8s-ha-bot-am-fault-');
  const { redis, sim } = rig;
  let worker: MaintenanceWorkerProcess | undefined;
  try {
    const policy = testPolicy(CLUSTER, {
      lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 6 },
      alertmanager: { url: am.url, gate: ['severity=critical'], silence: [], unreachable: 'block' },
    });
    const plans = new MaintenancePlanStore(redis, { keyPrefix: KEY_PREFIX });
    const plan = await approvedPlan(rig, {
      plans,
      cluster: CLUSTER,
      policy,
      nodes: ['gen-wk-001'],
      row: 'alertmanager',
    });
    const planId = plan.id;
    worker = await startMaintenanceWorkerProcess(
      {
        NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
        REDIS_URL: rig.redisUrl,
        K8S_HA_BOT_QUEUE_PREFIX: 'faults',
        MAINT_CLUSTER: CLUSTER,
        MAINT_KUBECONFIG: sim.kubeconfig,
        MAINT_POLICY: JSON.stringify(policy),
        MAINT_POLL_MS: '200',
        MAINT_PLAN_KEY_PREFIX: KEY_PREFIX,
      },
      120_000,
    );
    await enqueuePlan(rig.queue, plan);
    await eventually('alertmanager fault: the plan held', async () => {
      const p = await plans.get(planId);
      return p?.state === 'held' ? p : undefined;
    });
    const heldAt = Date.now();
    for (const [name, ms] of PHASES) {
      phase = name;
      await sleep(ms);
    }
    const polls = am.requests();
    phase = 'quiet';
    const started = await eventually(
      'alertmanager fault: the node started once nothing fires',
      async () => {
        const p = await plans.get(planId);
        return p?.nodes[0]?.state === 'running' ? p : undefined;
      },
      60_000,
    ).catch(() => null);
    const heldMs = Date.now() - heldAt;
    const peak = await peakRssMb(worker.child.pid);
    const changes = (await redis.lrange(`${KEY_PREFIX}plan-changes`, 0, -1)).map(
      (c) => JSON.parse(c) as { state: string; hold: string | null; thread: number },
    );
    const held = changes.filter((c) => c.state === 'held');
    const thread = held.reduce((sum, c) => sum + c.thread, 0);
    const cardBound = GATE_NOTICES_MAX + Math.ceil(heldMs / HOLD_DETAIL_EVERY_MS) + 1;
    return {
      fault,
      sent: polls,
      answered: thread,
      lost: '—',
      duplicated: held.length,
      worst: peak === null ? '?' : String(peak),
      pass:
        thread <= GATE_NOTICES_MAX &&
        held.length <= cardBound &&
        peak !== null &&
        peak < HEAP_MB + 100 &&
        started !== null &&
        worker.child.exitCode === null,
      notes: `${polls} Alertmanager polls in ${(heldMs / 1000).toFixed(0)} s held (phases ${PHASES.map(([n, ms]) => `${n} ${ms / 1000} s`).join(', ')}); ${thread} thread messages (at most ${GATE_NOTICES_MAX}); ${held.length} card updates while held (at most ${cardBound}); holds ${[...new Set(held.map((c) => c.hold))].join(', ')}; worker peak RSS ${peak ?? '?'} MB (heap cap ${HEAP_MB} MB, target < ${HEAP_MB + 100}); node started once nothing fires: ${started ? 'yes' : 'no'}; "worst" column: peak RSS in MB`,
    };
  } finally {
    await worker?.kill();
    await am.stop();
    await rig.close();
  }
}
