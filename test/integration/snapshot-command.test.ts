/**
 * `k8s-ha-bot snapshot`: for every scenario of test/fixtures/scenarios/, the simulator
 * serves it as a live cluster; `snapshot --cluster live` captures it into a file through the
 * worker's reader; `ask --snapshot FILE` on that file gives the same findings as asking the live
 * simulator (`--format json`), for the scenario's own request and for `status`. Only the capture
 * time and where it came from may differ.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { etcdBlockOf } from '../../src/cluster/capture-snapshot.js';
import { loadSnapshotFile, parseSnapshotText } from '../../src/cluster/snapshot-file.js';
import type { Finding } from '../../src/analysis/types.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/start-simulator.js';
import { type EtcdTestCluster, startEtcdCluster } from '../helpers/etcd-cluster.js';
import { stringify as losslessStringify } from 'lossless-json';
import { fakeDateOnly } from '../helpers/fake-date.js';
import { runCli } from '../helpers/run-cli.js';

const DIR = join(process.cwd(), 'test/fixtures/scenarios');
const files = readdirSync(DIR)
  .filter((f) => /^\d+.*\.json$/.test(f))
  .sort();
const tmp = mkdtempSync(join(tmpdir(), 'snapshot-cmd-'));

interface JsonAnswer {
  verdict: string | null;
  findings: Finding[];
  health: string | null;
  context: Record<string, unknown>;
}

async function ask(args: string[], text: string): Promise<JsonAnswer> {
  const r = await runCli(['ask', ...args, '--format', 'json', text]);
  // 0 answered, 1 no verdict, 3 answered with an unsafe verdict (`ask --help`).
  if (r.code !== 0 && r.code !== 1 && r.code !== 3) throw new Error(`exit ${r.code}: ${r.err}`);
  const answer = JSON.parse(r.out) as JsonAnswer;
  expect(r.code === 3).toBe(answer.verdict === 'unsafe');
  return answer;
}

/**
 * Stop the wall clock (Date only; timers and I/O stay real) for the simulator, the capture and both
 * questions: the live answer and the file's are judged at the same instant, so their ages are
 * equal however long a busy machine takes between the capture and the live question (a ticking
 * clock let a Lease age past a threshold in between: live "critical", offline "healthy").
 */
function useFrozenClock(): void {
  beforeAll(() => {
    fakeDateOnly();
  });
  afterAll(() => {
    jest.useRealTimers();
  });
}

/**
 * Findings as compared: the cluster name (`live` / `snapshot`) and times are the only things that
 * may differ. Each age of `a` (`renewAgeS`, `ageS`, …) must equal the same age in `reference` (the
 * clock is frozen, {@link useFrozenClock}); then both are masked.
 */
function comparable(a: JsonAnswer, reference: JsonAnswer): unknown {
  const mask = (v: unknown, ref: unknown, key: string): unknown => {
    if (typeof v === 'number' && /age/i.test(key)) {
      expect(v).toBe(ref);
      return '<age>';
    }
    if (typeof v === 'string')
      return v
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
        .replace(/^(live|snapshot)$/, '<cluster>');
    if (Array.isArray(v)) return v.map((x, i) => mask(x, Array.isArray(ref) ? ref[i] : undefined, key));
    if (typeof v === 'object' && v !== null) {
      const r = (typeof ref === 'object' && ref !== null ? ref : {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x, r[k], k)]));
    }
    return v;
  };
  return mask(a.findings, reference.findings, '');
}

describe.each(files)('scenario %s: snapshot of the live simulator answers as the simulator', (file) => {
  const scenario = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { request: string };
  let sim: RunningSimulator;
  let config: string;
  let captured: string;

  useFrozenClock();
  beforeAll(async () => {
    sim = await startSimulator({ file: join(DIR, file) });
    const kubeconfig = join(tmp, `${file}.kubeconfig`);
    writeFileSync(kubeconfig, sim.kubeconfig);
    config = join(tmp, `${file}.yaml`);
    writeFileSync(
      config,
      `clusters:\n  live: { context: simulator, kubeconfig: ${JSON.stringify(kubeconfig)} }\ndefaultCluster: live\n`,
    );
    const r = await runCli(['--config', config, 'snapshot', '--cluster', 'live']);
    expect(r.err).toMatch(/^k8s-ha-bot: captured cluster live \(context simulator\) at \d{4}-.*nodes.*pods/);
    expect(r.code).toBe(0);
    captured = join(tmp, `${file}.snapshot.json`);
    writeFileSync(captured, r.out);
  });
  afterAll(() => sim.close());

  it('writes a scenario-format file with captured_at, readyz and every pod whole', async () => {
    const f = await loadSnapshotFile(captured);
    expect(f.format).toBe('scenario');
    expect(f.capturedFrom).toBe('captured_at');
    expect(Math.abs((f.capturedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const served = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as {
      readyz: string | null;
      cluster: { items: { kind: string }[] };
    };
    expect(f.readyz).toBe(served.readyz);
    const count = (items: { kind: string }[], kind: string): number =>
      items.filter((i) => i.kind === kind).length;
    for (const kind of ['Node', 'Pod', 'PodDisruptionBudget'])
      expect(count(f.items, kind)).toBe(count(served.cluster.items, kind));
  });

  it(`"${scenario.request}" and status: the same findings as the live simulator`, async () => {
    for (const text of [scenario.request, 'status']) {
      const live = await ask(['--config', config, '--cluster', 'live'], text);
      const offline = await ask(['--snapshot', captured], text);
      expect(offline.verdict).toBe(live.verdict);
      expect(offline.health).toBe(live.health);
      expect(comparable(offline, live)).toEqual(comparable(live, live));
      expect(offline.findings.length).toBeGreaterThan(0);
    }
  });
});

describe('snapshot of a cluster with an etcd entry: etcd probed live, then read from the file', () => {
  let etcd: EtcdTestCluster;
  let sim: RunningSimulator;
  let config: string;
  beforeAll(async () => {
    etcd = await startEtcdCluster({ names: ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3'] });
    sim = await startSimulator({ file: join(process.cwd(), 'examples/ha-3cp.json') });
    const kubeconfig = join(tmp, 'etcd.kubeconfig');
    writeFileSync(kubeconfig, sim.kubeconfig);
    config = join(tmp, 'etcd.yaml');
    const entry = {
      endpoints: etcd.endpoints,
      ca: etcd.certs.ca,
      cert: etcd.certs.clientCert,
      key: etcd.certs.clientKey,
      timeoutMs: 20_000, // a ceiling (the cluster deadline): a stopped member is refused at once
    };
    writeFileSync(
      config,
      `clusters:\n  live: { context: simulator, kubeconfig: ${JSON.stringify(kubeconfig)}, etcd: ${JSON.stringify(entry)} }\n`,
    );
  });
  afterAll(async () => {
    await sim?.close();
    await etcd?.close();
  });

  it('records the 3 members and their status; the file answers as the live cluster with its etcd', async () => {
    const r = await runCli(['--config', config, 'snapshot', '--cluster', 'live']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/etcd: 3 members, 3 answered/);
    const path = join(tmp, 'etcd-snapshot.json');
    writeFileSync(path, r.out);
    const f = await loadSnapshotFile(path);
    expect(f.etcd?.members.map((m) => m.name).sort()).toEqual(['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3']);
    expect(f.etcd?.endpointStatus).toHaveLength(3);
    for (const text of ['can I reboot atlas-cp-2', 'status']) {
      const live = await ask(['--config', config, '--cluster', 'live'], text);
      const offline = await ask(['--snapshot', path], text);
      expect(offline.verdict).toBe(live.verdict);
      expect(
        offline.findings.filter((x) => x.check.startsWith('etcd')).map((x) => [x.check, x.severity]),
      ).toEqual(live.findings.filter((x) => x.check.startsWith('etcd')).map((x) => [x.check, x.severity]));
      expect(JSON.stringify(offline.findings)).toMatch(/quorum/);
    }
  });
});

describe('snapshot: input and etcd', () => {
  it('--context reads the named context of $KUBECONFIG', async () => {
    const sim = await startSimulator({ file: join(DIR, files[0] as string) });
    try {
      const kubeconfig = join(tmp, 'ctx.kubeconfig');
      writeFileSync(kubeconfig, sim.kubeconfig);
      const r = await runCli(['snapshot', '--context', 'simulator'], { KUBECONFIG: kubeconfig });
      expect(r.code).toBe(0);
      expect(r.err).toMatch(/captured context simulator at/);
      expect(parseSnapshotText(r.out, 'out').items.some((i) => i.kind === 'Node')).toBe(true);
      const bad = await runCli(['snapshot', '--context', 'nope'], { KUBECONFIG: kubeconfig });
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/no context "nope" in the kubeconfig; available contexts: simulator/);
      expect(bad.out).toBe('');
    } finally {
      await sim.close();
    }
  });

  it('--context reads a KUBECONFIG list the process was given (the settings, not process.env), merged', async () => {
    const sim = await startSimulator({ file: join(DIR, files[0] as string) });
    try {
      const simulator = join(tmp, 'list-sim.kubeconfig');
      writeFileSync(simulator, sim.kubeconfig);
      const other = join(tmp, 'list-other.kubeconfig');
      writeFileSync(
        other,
        [
          'apiVersion: v1',
          'kind: Config',
          'clusters: [{ name: other, cluster: { server: "https://127.0.0.1:9" } }]',
          'users: [{ name: other, user: { token: not-a-real-token } }]',
          'contexts: [{ name: other, context: { cluster: other, user: other } }]',
          'current-context: other',
        ].join('\n'),
      );
      const r = await runCli(['snapshot', '--context', 'simulator'], {
        KUBECONFIG: [other, simulator].join(delimiter),
      });
      expect(r.err).toMatch(/captured context simulator at/);
      expect(r.code).toBe(0);
    } finally {
      await sim.close();
    }
  });

  it('--context and --cluster together are refused, and nothing is written', async () => {
    const r = await runCli(['snapshot', '--context', 'a', '--cluster', 'b']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/give --context or --cluster, not both/);
    expect(r.out).toBe('');
  });

  it('an etcd status is written as etcdctl prints it and read back the same (uint64 ids whole)', async () => {
    const f = await loadSnapshotFile(join(DIR, '02-3cp-one-etcd-member-down.json'));
    const etcd = f.etcd;
    if (etcd === null) throw new Error('scenario 02 has etcd');
    const text = `{"etcd": ${losslessStringify(etcdBlockOf(etcd))}, "cluster": {"items": []}}`;
    expect(parseSnapshotText(text, 'etcd').etcd).toEqual(etcd);
    expect(etcd.members.some((m) => m.id > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
  });

  it('parts the capture could not read are answered as could-not-read, not as empty', async () => {
    const sim = await startSimulator({
      file: join(DIR, '09-worker-pdb-minavailable-equals-replicas.json'),
      faults: { forbidden: ['poddisruptionbudgets'] },
    });
    try {
      const kubeconfig = join(tmp, 'forbidden.kubeconfig');
      writeFileSync(kubeconfig, sim.kubeconfig);
      const r = await runCli(['snapshot'], { KUBECONFIG: kubeconfig });
      expect(r.code).toBe(0);
      expect(r.err).toMatch(/could not read: poddisruptionbudgets \(forbidden\)/);
      const path = join(tmp, 'forbidden.json');
      writeFileSync(path, r.out);
      const a = await ask(['--snapshot', path], 'status');
      expect(
        a.findings.some(
          (x) => x.check === 'read-error' && JSON.stringify(x.facts).includes('poddisruptionbudgets'),
        ),
      ).toBe(true);
    } finally {
      await sim.close();
    }
  });
});
