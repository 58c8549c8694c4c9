/**
 * The simulator's eviction dry run (issue 28, item 6): kube-apiserver takes a dry run from the
 * request (`?dryRun=All`) or from the Eviction body (`deleteOptions.dryRun: ["All"]`, what
 * `kubectl drain --dry-run=server` sends), and answers 400 when both are given and differ
 * (pkg/registry/core/pod/storage/eviction.go `propagateDryRun`; its `TestEvictionDryRun` cases
 * below by name). Real kubectl drains a node with --dry-run=server and nothing changes. The kubectl
 * test is skipped, with a visible message, where kubectl is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RunningSimulator, startSimulator } from '../../src/simulator/start-simulator.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn(
    'kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl drain --dry-run=server test',
  );
const itKubectl = KUBECTL ? it : it.skip;

// payments-pdb allows 1 disruption; 2 of its pods are on indus-wk-1 (issue 28, oracle group 4).
const FILE = join(process.cwd(), 'test/fixtures/drain-oracle/g4-budget-one-two-pods-here.json');
const POD = 'payments-26grdhrgz7-7w84l';

let sim: RunningSimulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator({ file: FILE });
  dir = await mkdtemp(join(tmpdir(), 'evict-dry-run-'));
  await writeFile(join(dir, 'config'), sim.kubeconfig);
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

/** What a dry run must leave alone: the pods, their nodes, the budget's status, the node's cordon. */
function state(): string {
  const pods = ['payments-26grdhrgz7-7w84l', 'payments-26grdhrgz7-z5k8n', 'payments-26grdhrgz7-s4vsp'].map(
    (n) => sim.getObject('pods', 'payments', n)?.spec,
  );
  return JSON.stringify({
    pods,
    pdb: sim.getObject('poddisruptionbudgets', 'payments', 'payments-pdb')?.status,
    node: sim.getObject('nodes', null, 'indus-wk-1')?.spec,
    evictions: [...sim.evictions],
  });
}

async function evict(query: string, body: object): Promise<number> {
  const res = await fetch(`${sim.url}/api/v1/namespaces/payments/pods/${POD}/eviction${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer simulator-token' },
    body: JSON.stringify({
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: POD, namespace: 'payments' },
      ...body,
    }),
  });
  return res.status;
}

describe('eviction dry run (TestEvictionDryRun)', () => {
  it.each([
    ['just request-options', '?dryRun=All', {}],
    ['just eviction-options', '', { deleteOptions: { dryRun: ['All'] } }],
    ['both options', '?dryRun=All', { deleteOptions: { dryRun: ['All'] } }],
    ['with pdbs', '?dryRun=All', { deleteOptions: { dryRun: ['All'] } }],
  ] as const)('%s: answered 201, nothing changes', async (_name, query, body) => {
    const before = state();
    expect(await evict(query, body)).toBe(201);
    expect(state()).toBe(before);
  });
  it('non-matching dry-run options in request and body: 400 (propagateDryRun)', async () => {
    const before = state();
    expect(await evict('?dryRun=All', { deleteOptions: { dryRun: ['Bogus'] } })).toBe(400);
    expect(state()).toBe(before);
  });
  it('matching pdbs with disruptions allowed but bad name in Url (TestEviction): 400', async () => {
    const res = await fetch(`${sim.url}/api/v1/namespaces/payments/pods/${POD}/eviction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer simulator-token' },
      body: JSON.stringify({
        apiVersion: 'policy/v1',
        kind: 'Eviction',
        metadata: { name: 'other', namespace: 'payments' },
      }),
    });
    expect(res.status).toBe(400);
  });
  itKubectl('kubectl drain --dry-run=server evicts both pods in a dry run and changes nothing', async () => {
    const before = state();
    const out = await run(
      KUBECTL as string,
      [
        '--kubeconfig',
        join(dir, 'config'),
        '--cache-dir',
        join(dir, 'cache'),
        'drain',
        'indus-wk-1',
        '--dry-run=server',
        '--ignore-daemonsets',
        '--delete-emptydir-data',
        '--force',
        '--timeout=60s',
      ],
      { timeout: 90_000 },
    );
    // Neither eviction is refused: a dry run does not spend the budget (checkAndDecrement
    // returns before its UpdateStatus), so kubectl's server dry run evicts both.
    expect(out.stdout).toContain(`evicting pod payments/${POD} (server dry run)`);
    expect(out.stdout).toContain('evicting pod payments/payments-26grdhrgz7-z5k8n (server dry run)');
    expect(out.stdout).toMatch(/drained \(server dry run\)/);
    expect(state()).toBe(before);
  });
});
