/**
 * The kubectl drain oracle, a subset kept on in CI (issue 28, item 7; the full run is
 * ../shared/oracles/kubectl-drain/). Real kubectl drains a node of the simulator serving the file
 * (`kubectl drain NODE --dry-run=client` with four flag sets, as the full oracle does), and the bot's
 * "drain NODE" findings must name the same pods kubectl names:
 * - bare pods: kubectl's "cannot delete Pods declare no controller" (k8s.io/kubectl/pkg/drain/filters.go
 *   `unreplicatedFilter`) beside the `unmanaged-pods` finding;
 * - emptyDir pods: "cannot delete Pods with local storage" (`localStorageFilter`) beside `emptydir-pods`;
 * - DaemonSet pods: "cannot delete DaemonSet-managed Pods" (`daemonSetFilter`) beside `daemonset-pods`;
 * - with every flag, the pods kubectl evicts beside the `grace-period` finding's count;
 * - the bot's own suggested `kubectl drain` command runs (with `--dry-run=client`) without an error.
 * Skipped, with a visible message, where kubectl is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { Finding } from '../../src/analysis/types.js';
import { renderText } from '../../src/explain/render-text.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { snapshotAnswers } from '../helpers/snapshot-answers.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn('kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl drain oracle subset');
const describeKubectl = KUBECTL ? describe : describe.skip;

/** The subset: every eviction-rule group, a bare pod, emptyDir, a dead node, and two real clusters. */
const FILES: Record<string, string> = {
  g1: 'test/fixtures/drain-oracle/g1-always-allow-not-ready.json',
  g2: 'test/fixtures/drain-oracle/g2-if-healthy-budget-not-ready.json',
  g3: 'test/fixtures/drain-oracle/g3-two-budgets-one-pod.json',
  g4: 'test/fixtures/drain-oracle/g4-budget-one-two-pods-here.json',
  g5: 'test/fixtures/drain-oracle/g5-budget-status-not-computed.json',
  s08: 'test/fixtures/scenarios/08-worker-single-replica-deployment.json',
  s11: 'test/fixtures/scenarios/11-worker-emptydir-pod.json',
  s49: 'test/fixtures/scenarios/49-worker-already-dead-kubelet-stopped-pods-terminating.json',
  s50: 'test/fixtures/scenarios/50-worker-pod-safe-to-evict-false.json',
  r01: 'test/fixtures/real-clusters/01-sonobuoy-kind-1cp-2w.json',
  r02: 'test/fixtures/real-clusters/02-sonobuoy-kind-1node-leases-2021.json',
};

/** kubectl's flag sets, named as in the full oracle's run_oracle.py. */
const FLAGSETS = {
  none: [],
  ids: ['--ignore-daemonsets'],
  ids_ed: ['--ignore-daemonsets', '--delete-emptydir-data'],
  ids_ed_force: ['--ignore-daemonsets', '--delete-emptydir-data', '--force'],
} as const;

interface DrainRun {
  /** kubectl's "node/NAME cordoned (dry run)": it reached the simulator and began the drain. */
  cordoned: boolean;
  evicted: string[];
  /** kubectl's "cannot delete <why>: ns/a, ns/b" errors, by why. */
  refusals: { why: string; pods: string[] }[];
  otherErrors: string[];
}

async function kubectl(kubeconfig: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(KUBECTL as string, args, {
      timeout: 60000,
      env: { ...process.env, KUBECONFIG: kubeconfig },
    });
    return { stdout, stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

function parseDrain({ stdout, stderr }: { stdout: string; stderr: string }): DrainRun {
  const evicted = [...stdout.matchAll(/evicting pod (\S+) \((?:server )?dry run\)/g)].map(
    (m) => m[1] as string,
  );
  const refusals = [...stderr.matchAll(/cannot delete ([^:]+?): ((?:[\w.-]+\/[\w.-]+(?:, )?)+)/g)].map(
    (m) => ({
      why: (m[1] as string).trim(),
      pods: (m[2] as string)
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    }),
  );
  const otherErrors = stderr.split('\n').filter((l) => l.startsWith('error') && !l.includes('cannot delete'));
  return { cordoned: /cordoned \(dry run\)/.test(stdout), evicted: evicted.sort(), refusals, otherErrors };
}

function refused(r: DrainRun, why: string): string[] {
  return [...new Set(r.refusals.filter((e) => e.why.includes(why)).flatMap((e) => e.pods))].sort();
}

function facts(findings: readonly Finding[], check: string): Record<string, unknown> {
  return (findings.find((f) => f.check === check)?.facts ?? {}) as Record<string, unknown>;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String).sort() : [];
}

/** The node with the most pods (the requested one when the file names one). */
function nodeOf(file: SnapshotFile): string {
  const req = /(?:reboot|drain)\s+([\w.-]+)/.exec(file.meta.request ?? '')?.[1];
  const nodes = file.items.filter((o) => o.kind === 'Node').map((n) => n.metadata.name);
  if (req && nodes.includes(req)) return req;
  const pods = file.items.filter((o) => o.kind === 'Pod');
  const count = (n: string): number =>
    pods.filter((p) => (p.spec as { nodeName?: string } | undefined)?.nodeName === n).length;
  return [...nodes].sort((a, b) => count(b) - count(a))[0] as string;
}

/** Which kinds of pods the subset made kubectl name, over every file (so no check passes vacuously). */
const seen = { bare: 0, emptyDir: 0, daemonSet: 0, evicted: 0 };

const answers = snapshotAnswers(
  Object.fromEntries(Object.entries(FILES).map(([k, f]) => [k, join(process.cwd(), f)])),
);
afterAll(() => answers.close());

describeKubectl.each(Object.keys(FILES))('kubectl drain and the bot agree on %s', (key) => {
  let sim: RunningSimulator;
  let dir: string;
  let kubeconfig: string;
  let file: SnapshotFile;
  let node: string;
  const kube: Partial<Record<keyof typeof FLAGSETS, DrainRun>> = {};
  let findings: readonly Finding[] = [];
  let text = '';
  let podController: Map<string, string>;

  beforeAll(async () => {
    const path = join(process.cwd(), FILES[key] as string);
    file = await loadSnapshotFile(path);
    node = nodeOf(file);
    sim = await startSimulator({ file: path });
    dir = await mkdtemp(join(tmpdir(), `drain-oracle-${key}-`));
    kubeconfig = join(dir, 'config');
    await writeFile(kubeconfig, sim.kubeconfig);
    for (const [name, flags] of Object.entries(FLAGSETS))
      kube[name as keyof typeof FLAGSETS] = parseDrain(
        await kubectl(kubeconfig, ['drain', node, '--dry-run=client', ...flags]),
      );
    const pods = JSON.parse((await kubectl(kubeconfig, ['get', 'pods', '-A', '-o', 'json'])).stdout) as {
      items: KObject[];
    };
    podController = new Map(
      pods.items.map((p) => {
        const owner = (p.metadata.ownerReferences ?? []).find((o) => o.controller);
        return [`${p.metadata.namespace}/${p.metadata.name}`, owner?.name ?? ''];
      }),
    );
    const reply = await answers.service.answer({
      requestId: `oracle-${key}`,
      text: `drain ${node}`,
      cluster: key,
      locale: 'en',
      user: { platform: 'console', id: 'tester' },
      replyTo: { platform: 'console', address: {} },
      enqueuedAt: new Date().toISOString(),
    });
    findings = reply.findings;
    text = renderText(reply);
  });
  afterAll(async () => {
    await sim?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('kubectl reached the simulator and began each drain', () => {
    for (const r of Object.values(kube)) expect(r?.cordoned).toBe(true);
    seen.bare += refused(kube.ids_ed as DrainRun, 'no controller').length;
    seen.emptyDir += refused(kube.ids as DrainRun, 'local storage').length;
    seen.daemonSet += refused(kube.none as DrainRun, 'DaemonSet-managed').length;
    seen.evicted += (kube.ids_ed_force as DrainRun).evicted.length;
  });
  it('bare pods: the ones kubectl refuses without --force', () => {
    expect(strings(facts(findings, 'unmanaged-pods').pods)).toEqual(
      refused(kube.ids_ed as DrainRun, 'no controller'),
    );
  });
  it('emptyDir pods: the ones kubectl refuses without --delete-emptydir-data', () => {
    expect(strings(facts(findings, 'emptydir-pods').pods)).toEqual(
      refused(kube.ids as DrainRun, 'local storage'),
    );
  });
  it('DaemonSet pods: the DaemonSets kubectl names without --ignore-daemonsets', () => {
    const names = [
      ...new Set(refused(kube.none as DrainRun, 'DaemonSet-managed').map((p) => podController.get(p) ?? p)),
    ].sort();
    expect(strings(facts(findings, 'daemonset-pods').daemonSets)).toEqual(names);
  });
  it('with every flag: as many evictions as kubectl asks for', () => {
    const grace = facts(findings, 'grace-period');
    const count = grace.evictable ?? grace.evicted ?? 0;
    expect(count).toBe((kube.ids_ed_force as DrainRun).evicted.length);
  });
  it("the bot's suggested kubectl drain command runs without an error", async () => {
    const commands = [...new Set(text.match(/kubectl drain [\w.-]+(?: --[\w-]+(?:=[\w.-]+)?)*/g) ?? [])];
    for (const command of commands) {
      const argv = command.split(/\s+/).slice(1);
      const result = parseDrain(await kubectl(kubeconfig, [...argv, '--dry-run=client']));
      expect({ command, errors: result.otherErrors, refusals: result.refusals }).toEqual({
        command,
        errors: [],
        refusals: [],
      });
    }
  });
});

describeKubectl('the subset', () => {
  it('made kubectl name bare, emptyDir and DaemonSet pods and evict pods somewhere', () => {
    expect(seen.bare).toBeGreaterThan(0);
    expect(seen.emptyDir).toBeGreaterThan(0);
    expect(seen.daemonSet).toBeGreaterThan(0);
    expect(seen.evicted).toBeGreaterThan(0);
  });
});
