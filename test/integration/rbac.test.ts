/**
 * RBAC checked for real: the simulator enforces the rules of the rendered deploy/ manifests
 * (`kubectl kustomize deploy/overlays/…`), and the bot's reads and writes go through it.
 * The matching rules themselves are unit-tested first (no kubectl needed).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createAnswerService } from '../../src/answer/answer.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { createKubeApi } from '../../src/maintenance/execute/kube-api.js';
import { acquireKuredLock, releaseKuredLock } from '../../src/maintenance/plan/kured-lock.js';
import type { AnswerJob } from '../../src/queue/job.js';
import {
  authorize,
  forbiddenStatus,
  parseManifests,
  rbacRulesFromManifests,
  requestAttributes,
  ruleAllows,
} from '../../src/simulator/rbac.js';
import type { PolicyRule, RbacRules } from '../../src/simulator/rbac.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import {
  SCENARIOS,
  kubeConfigOf,
  loadScenario,
  requestedNode,
  startScenarioSimulator,
} from '../helpers/simulator.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn(
    'kubectl not found in /usr/bin or /usr/local/bin: skipping the tests that render deploy/overlays with kubectl kustomize',
  );
const describeKubectl = KUBECTL ? describe : describe.skip;

async function render(overlay: string): Promise<string> {
  const { stdout } = await run(KUBECTL as string, ['kustomize', join('deploy/overlays', overlay)], {
    timeout: 30000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

const USER = 'system:serviceaccount:k8s-ha-bot:k8s-ha-bot';

describe('request attributes (as kube-apiserver derives them)', () => {
  it.each([
    [
      'GET',
      '/api/v1/nodes',
      '',
      { verb: 'list', apiGroup: '', resource: 'nodes', name: '', namespace: '', subresource: '' },
    ],
    ['GET', '/api/v1/nodes/n1', '', { verb: 'get', resource: 'nodes', name: 'n1' }],
    ['GET', '/api/v1/pods', 'watch=true', { verb: 'watch', resource: 'pods' }],
    ['PATCH', '/api/v1/nodes/n1', '', { verb: 'patch', resource: 'nodes', name: 'n1' }],
    [
      'POST',
      '/api/v1/namespaces/shop/pods/web-1/eviction',
      '',
      { verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'shop', name: 'web-1' },
    ],
    ['DELETE', '/api/v1/namespaces/shop/pods', '', { verb: 'deletecollection', namespace: 'shop' }],
    [
      'PUT',
      '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases/l',
      '',
      {
        verb: 'update',
        apiGroup: 'coordination.k8s.io',
        resource: 'leases',
        namespace: 'k8s-ha-bot',
        name: 'l',
      },
    ],
    [
      'GET',
      '/apis/policy/v1/poddisruptionbudgets',
      'limit=500',
      { verb: 'list', apiGroup: 'policy', resource: 'poddisruptionbudgets' },
    ],
  ])('%s %s?%s', (method, path, query, expected) => {
    const a = requestAttributes(method, path, new URLSearchParams(query));
    expect(a.resourceRequest).toBe(true);
    expect(a).toMatchObject(expected);
  });

  it.each([['/readyz'], ['/api'], ['/api/v1'], ['/apis/apps'], ['/apis/apps/v1'], ['/version']])(
    '%s is a non-resource request',
    (path) => {
      expect(requestAttributes('GET', path)).toEqual({ resourceRequest: false, verb: 'get', path });
    },
  );
});

describe('rule matching (rbac/v1 RuleAllows)', () => {
  const get = (path: string, method = 'GET') => requestAttributes(method, path);
  it('matches verb, group and resource, never more', () => {
    const rule: PolicyRule = { apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list'] };
    expect(ruleAllows(rule, get('/api/v1/nodes'))).toBe(true);
    expect(ruleAllows(rule, get('/api/v1/nodes/n1', 'PATCH'))).toBe(false);
    expect(ruleAllows(rule, get('/apis/apps/v1/nodes'))).toBe(false); // other group
    expect(ruleAllows(rule, get('/api/v1/namespaces/x/pods'))).toBe(false);
  });
  it('needs resource/subresource for a subresource ("pods" does not cover pods/eviction)', () => {
    const evict = get('/api/v1/namespaces/a/pods/p/eviction', 'POST');
    expect(ruleAllows({ apiGroups: [''], resources: ['pods'], verbs: ['create'] }, evict)).toBe(false);
    expect(ruleAllows({ apiGroups: [''], resources: ['pods/eviction'], verbs: ['create'] }, evict)).toBe(
      true,
    );
    expect(ruleAllows({ apiGroups: [''], resources: ['*/eviction'], verbs: ['create'] }, evict)).toBe(true);
    expect(ruleAllows({ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }, evict)).toBe(true);
  });
  it('resourceNames allow only named objects, never lists', () => {
    const rule: PolicyRule = {
      apiGroups: [''],
      resources: ['configmaps'],
      resourceNames: ['kube-proxy'],
      verbs: ['get', 'list'],
    };
    expect(ruleAllows(rule, get('/api/v1/namespaces/kube-system/configmaps/kube-proxy'))).toBe(true);
    expect(ruleAllows(rule, get('/api/v1/namespaces/kube-system/configmaps/other'))).toBe(false);
    expect(ruleAllows(rule, get('/api/v1/namespaces/kube-system/configmaps'))).toBe(false);
  });
  it('nonResourceURLs match exactly or by a trailing *', () => {
    expect(ruleAllows({ nonResourceURLs: ['/readyz'], verbs: ['get'] }, get('/readyz'))).toBe(true);
    expect(ruleAllows({ nonResourceURLs: ['/readyz'], verbs: ['get'] }, get('/livez'))).toBe(false);
    expect(ruleAllows({ nonResourceURLs: ['/healthz/*'], verbs: ['get'] }, get('/healthz/etcd'))).toBe(true);
    expect(ruleAllows({ nonResourceURLs: ['/readyz'], verbs: ['get'] }, get('/readyz', 'POST'))).toBe(false);
  });
});

describe('bindings', () => {
  const yaml = `
kind: ClusterRole
apiVersion: rbac.authorization.k8s.io/v1
metadata: { name: reader }
rules:
  - { apiGroups: [""], resources: [pods], verbs: [list] }
  - { nonResourceURLs: [/readyz], verbs: [get] }
---
kind: RoleBinding
apiVersion: rbac.authorization.k8s.io/v1
metadata: { name: reader, namespace: shop }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: reader }
subjects: [{ kind: ServiceAccount, name: k8s-ha-bot, namespace: k8s-ha-bot }]
---
kind: Role
apiVersion: rbac.authorization.k8s.io/v1
metadata: { name: lock, namespace: k8s-ha-bot }
rules: [{ apiGroups: [coordination.k8s.io], resources: [leases], verbs: [create] }]
---
kind: RoleBinding
apiVersion: rbac.authorization.k8s.io/v1
metadata: { name: lock, namespace: k8s-ha-bot }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: lock }
subjects: [{ kind: ServiceAccount, name: someone-else, namespace: k8s-ha-bot }]
`;
  const rules = rbacRulesFromManifests(yaml);
  it('a RoleBinding to a ClusterRole grants it in the binding namespace only, without non-resource URLs', () => {
    expect(rules.user).toBe(USER);
    expect(authorize(rules, requestAttributes('GET', '/api/v1/namespaces/shop/pods'))).toBe(true);
    expect(authorize(rules, requestAttributes('GET', '/api/v1/namespaces/other/pods'))).toBe(false);
    expect(authorize(rules, requestAttributes('GET', '/api/v1/pods'))).toBe(false);
    expect(authorize(rules, requestAttributes('GET', '/readyz'))).toBe(false);
  });
  it('a binding of another subject grants nothing; discovery is always allowed', () => {
    expect(
      authorize(
        rules,
        requestAttributes('POST', '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases'),
      ),
    ).toBe(false);
    expect(authorize(rules, requestAttributes('GET', '/apis/apps/v1'))).toBe(true);
    expect(authorize(rules, requestAttributes('GET', '/version'))).toBe(true);
  });
  it('denials read like kube-apiserver', () => {
    expect(forbiddenStatus(USER, requestAttributes('PATCH', '/api/v1/nodes/n1')).message).toBe(
      `nodes "n1" is forbidden: User "${USER}" cannot patch resource "nodes" in API group "" at the cluster scope`,
    );
    expect(
      forbiddenStatus(USER, requestAttributes('GET', '/apis/policy/v1/namespaces/a/poddisruptionbudgets'))
        .message,
    ).toBe(
      `poddisruptionbudgets.policy is forbidden: User "${USER}" cannot list resource "poddisruptionbudgets" in API group "policy" in the namespace "a"`,
    );
    expect(
      forbiddenStatus(USER, requestAttributes('POST', '/api/v1/namespaces/a/pods/p/eviction')).message,
    ).toBe(
      `pods "p" is forbidden: User "${USER}" cannot create resource "pods/eviction" in API group "" in the namespace "a"`,
    );
    expect(forbiddenStatus(USER, requestAttributes('GET', '/readyz')).message).toBe(
      `forbidden: User "${USER}" cannot get path "/readyz"`,
    );
  });
});

describe('the committed roles (read straight from deploy/, no kubectl needed)', () => {
  const read = parseManifests(readFileSync('deploy/base/rbac-read.yaml', 'utf8'));
  const maintenance = parseManifests(
    readFileSync('deploy/overlays/maintenance/rbac-maintenance.yaml', 'utf8'),
  );
  const rulesOf = (docs: Record<string, unknown>[]): PolicyRule[] =>
    docs.filter((d) => d.kind === 'ClusterRole' || d.kind === 'Role').flatMap((d) => d.rules as PolicyRule[]);

  it('the read role has no wildcard, no Secrets, and only get/list/watch (watch: the worker watch cache)', () => {
    const rules = rulesOf(read);
    expect(rules.length).toBeGreaterThan(3);
    for (const r of rules) {
      for (const field of [r.verbs, r.apiGroups ?? [], r.resources ?? [], r.nonResourceURLs ?? []]) {
        expect(field.some((v) => v.includes('*'))).toBe(false);
      }
      expect(r.resources ?? []).not.toContain('secrets');
      for (const v of r.verbs) expect(['get', 'list', 'watch']).toContain(v);
    }
    // ConfigMaps only by name (kube-proxy), never all of them
    const cm = rules.filter((r) => r.resources?.includes('configmaps'));
    expect(cm).toEqual([
      { apiGroups: [''], resources: ['configmaps'], resourceNames: ['kube-proxy'], verbs: ['get'] },
    ]);
    expect(rules.some((r) => r.nonResourceURLs?.includes('/readyz'))).toBe(true);
  });

  it('the read role reads, lists and watches what stops for the whole cluster with a node (issue 29)', () => {
    const rules = rulesOf(read);
    const allowed = (method: string, path: string, query: string): boolean => {
      const a = requestAttributes(method, path, new URLSearchParams(query));
      return rules.some((r) => ruleAllows(r, a));
    };
    for (const list of [
      '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
      '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
      '/apis/apiregistration.k8s.io/v1/apiservices',
      '/apis/storage.k8s.io/v1/csidrivers',
      '/apis/storage.k8s.io/v1/volumeattachments',
      '/api/v1/namespaces',
      '/apis/discovery.k8s.io/v1/endpointslices',
    ])
      for (const [method, path, query] of [
        ['GET', list, ''],
        ['GET', list, 'watch=true'],
        ['GET', `${list}/x`, ''],
      ] as const)
        expect(`${method} ${path}?${query}: ${allowed(method, path, query)}`).toBe(
          `${method} ${path}?${query}: true`,
        );
  });

  it('the maintenance role adds exactly node patches, evictions and the lock Lease', () => {
    const rules = rulesOf(maintenance);
    for (const r of rules) {
      for (const field of [r.verbs, r.apiGroups ?? [], r.resources ?? []])
        expect(field.some((v) => v.includes('*'))).toBe(false);
      expect(r.resources ?? []).not.toContain('secrets');
    }
    const writes = rules
      .flatMap((r) =>
        r.verbs
          .filter((v) => v !== 'get' && v !== 'list')
          .flatMap((v) =>
            (r.resources ?? []).map(
              (res) => `${v} ${res}${r.resourceNames ? `(${r.resourceNames.join(',')})` : ''}`,
            ),
          ),
      )
      .sort();
    expect(writes).toEqual([
      'create leases',
      'create pods/eviction',
      'patch daemonsets(kured)',
      'patch nodes',
      'update leases(k8s-ha-bot-maintenance)',
    ]);
    // kured's DaemonSet: get and patch of that one object, in kube-system only (never update)
    const kured = maintenance.filter(
      (d) => d.kind === 'Role' && (d.rules as PolicyRule[]).some((r) => r.resources?.includes('daemonsets')),
    );
    expect(kured.map((d) => (d.metadata as { namespace: string }).namespace)).toEqual(['kube-system']);
    expect(kured.flatMap((d) => d.rules as PolicyRule[])).toEqual([
      { apiGroups: ['apps'], resources: ['daemonsets'], resourceNames: ['kured'], verbs: ['get', 'patch'] },
    ]);
    const lockRole = maintenance.find(
      (d) => d.kind === 'Role' && (d.metadata as { name: string }).name === 'k8s-ha-bot-maintenance-lock',
    ) as { metadata: { namespace: string } };
    expect(lockRole.metadata.namespace).toBe('k8s-ha-bot');
  });
});

const files = readdirSync(SCENARIOS)
  .filter((f) => /^\d+.*\.json$/.test(f))
  .sort();

describeKubectl('the rendered read-only role, enforced by the simulator', () => {
  let readOnly: RbacRules;
  let maintenance: RbacRules;
  let gatewayUnderMaintenance: RbacRules;
  let dir: string;
  beforeAll(async () => {
    readOnly = rbacRulesFromManifests(await render('read-only'));
    const m = await render('maintenance');
    maintenance = rbacRulesFromManifests(m);
    gatewayUnderMaintenance = rbacRulesFromManifests(m, {
      namespace: 'k8s-ha-bot',
      name: 'k8s-ha-bot-gateway',
    });
    dir = await mkdtemp(join(tmpdir(), 'rbac-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('binds the read role to the workers only: the gateway account is refused every cluster read (issue 32, item 4)', async () => {
    const gatewayOf = async (overlay: string): Promise<RbacRules> =>
      rbacRulesFromManifests(await render(overlay), { namespace: 'k8s-ha-bot', name: 'k8s-ha-bot-gateway' });
    for (const rules of [await gatewayOf('read-only'), gatewayUnderMaintenance]) {
      expect(rules.clusterRules).toEqual([]);
      expect(Object.values(rules.namespaceRules).flat()).toEqual([]);
    }
    // default's Role (the `kubernetes` EndpointSlices) went when every EndpointSlice became readable (issue 29)
    expect(Object.keys(readOnly.namespaceRules).sort()).toEqual(['kube-node-lease', 'kube-system']);
    const sim = await startScenarioSimulator('12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json', {
      rbac: await gatewayOf('read-only'),
    });
    try {
      await expect(
        readSnapshot({ kubeConfig: kubeConfigOf(sim), cluster: 't', focusNode: null }),
      ).rejects.toThrow(/refused our credentials \(HTTP 403\)/);
      for (const path of [
        '/api/v1/nodes',
        '/api/v1/pods',
        '/api/v1/pods?watch=true',
        '/api/v1/services',
        '/apis/policy/v1/poddisruptionbudgets',
        '/apis/apps/v1/deployments',
        '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases',
        '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases',
        '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices',
        '/api/v1/namespaces/kube-system/configmaps/kube-proxy',
      ]) {
        const res = await fetch(`${sim.url}${path}`, {
          headers: { authorization: 'Bearer simulator-token' },
        });
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
        await res.body?.cancel();
      }
    } finally {
      await sim.close();
    }
  });

  it('reads a whole snapshot (every list, /readyz, the kube-proxy ConfigMap) with no read error', async () => {
    const sim = await startScenarioSimulator('12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json', {
      rbac: readOnly,
    });
    try {
      const snapshot = await readSnapshot({ kubeConfig: kubeConfigOf(sim), cluster: 't', focusNode: null });
      expect(snapshot.readErrors).toEqual([]);
      expect(snapshot.kubeProxyConfig?.error ?? null).toBeNull();
      expect(snapshot.readyz).not.toBeNull();
      // the same read with one rule missing (PodDisruptionBudgets) is forbidden and says so:
      // the enforcement is real, not a pass-through
      sim.setRbac({
        ...readOnly,
        clusterRules: readOnly.clusterRules.filter((r) => !r.resources?.includes('poddisruptionbudgets')),
      });
      const weaker = await readSnapshot({ kubeConfig: kubeConfigOf(sim), cluster: 't', focusNode: null });
      expect(weaker.readErrors.map((e) => `${e.resource}:${e.reason}:${e.status ?? ''}`)).toEqual([
        'poddisruptionbudgets:forbidden:403',
      ]);
      // and without the Role in kube-system, the leases and the kube-proxy ConfigMap
      sim.setRbac({ ...readOnly, namespaceRules: { ...readOnly.namespaceRules, 'kube-system': [] } });
      const noKubeSystem = await readSnapshot({
        kubeConfig: kubeConfigOf(sim),
        cluster: 't',
        focusNode: null,
      });
      expect(noKubeSystem.readErrors.map((e) => `${e.resource}:${e.reason}`)).toEqual(['leases:forbidden']);
      expect(noKubeSystem.kubeProxyConfig?.error?.reason).toBe('forbidden');
    } finally {
      await sim.close();
    }
  });

  it('reads webhook configurations, APIServices, Namespaces and EndpointSlices; without the rule, the kind is unknown, never passing (issue 29)', async () => {
    const sim = await startScenarioSimulator('54-worker-kyverno-fail-webhook-only-backend.json', {
      rbac: readOnly,
    });
    try {
      const read = () =>
        readSnapshot({ kubeConfig: kubeConfigOf(sim), cluster: 't', focusNode: 'hydra-wk-2' });
      const full = await read();
      expect(full.readErrors).toEqual([]);
      expect(full.webhookConfigurations?.map((c) => c.metadata.name)).toEqual([
        'kyverno-resource-validating-webhook-cfg',
      ]);
      expect(full.backendEndpointSlices?.map((e) => e.metadata.name)).toEqual(['kyverno-svc-x7k2p']);
      expect(full.apiserverEndpointSlices).toHaveLength(1);
      expect(full.namespaces?.map((n) => n.metadata.name)).toContain('kyverno');
      expect(full.apiServices).toEqual([]);
      sim.setRbac({
        ...readOnly,
        clusterRules: readOnly.clusterRules.filter(
          (r) => !r.apiGroups?.includes('admissionregistration.k8s.io'),
        ),
      });
      const weaker = await read();
      expect(weaker.readErrors.map((e) => `${e.resource}:${e.reason}`).sort()).toEqual([
        'mutatingwebhookconfigurations:forbidden',
        'validatingwebhookconfigurations:forbidden',
      ]);
      const impact = analyzeRebootImpact(weaker, 'hydra-wk-2', weaker.capturedAt);
      expect(impact.findings.filter((f) => f.check === 'admission-webhook')).toEqual([]);
      expect(impact.findings.filter((f) => f.check === 'read-error').map((f) => f.severity)).toEqual([
        'warn',
        'warn',
      ]);
      expect(impact.verdict).not.toBe('safe');
    } finally {
      await sim.close();
    }
  });

  describe.each(files)('scenario %s', (file) => {
    it('is answered under the read-only role exactly as with no RBAC, with no read-error finding', async () => {
      const loaded = await loadScenario(file);
      const sim = await startScenarioSimulator(loaded, { rbac: readOnly });
      const kubeconfig = join(dir, `${file}.kubeconfig`);
      await writeFile(kubeconfig, sim.kubeconfig);
      const config: BotConfig = {
        source: 'test',
        clusters: {
          c: { kind: 'context', context: 'simulator', kubeconfig, requestTimeoutMs: 5000, deadlineMs: 20000 },
        },
        defaultCluster: 'c',
        locale: 'en',
        jobTimeoutMs: 60000,
        logLevel: 'silent',
      };
      const service = createAnswerService({ config });
      const job = (text: string): AnswerJob => ({
        requestId: `rbac-${file.slice(0, 2)}`,
        text,
        cluster: 'c',
        locale: 'en',
        user: { platform: 'console', id: 'tester' },
        replyTo: { platform: 'console', address: {} },
        enqueuedAt: new Date().toISOString(),
      });
      try {
        const parsed = parseCommand(loaded.meta.request ?? '');
        const node = parsed.ok && parsed.command.kind === 'reboot-impact' ? parsed.command.node : null;
        const texts = [
          loaded.meta.request ?? `can I reboot ${node ?? ''}`,
          'status',
          ...(node ? [`what if kube-proxy restarts on ${node}`] : []),
        ];
        for (const text of texts) {
          sim.setRbac(readOnly);
          const restricted = await service.answer(job(text));
          expect(restricted.context.snapshotAt).toEqual(expect.any(String)); // the cluster was read, not refused
          expect(restricted.findings.length).toBeGreaterThan(0);
          expect(restricted.findings.filter((f) => f.check === 'read-error')).toEqual([]);
          expect(JSON.stringify(restricted)).not.toMatch(/forbidden/i);
          sim.setRbac(null);
          const open = await service.answer(job(text));
          expect(restricted.verdict).toBe(open.verdict);
          expect(restricted.findings.map((f) => `${f.check}:${f.severity}`).sort()).toEqual(
            open.findings.map((f) => `${f.check}:${f.severity}`).sort(),
          );
        }
      } finally {
        await service.close();
        await sim.close();
      }
    });
  });

  describe('writes', () => {
    let sim: RunningSimulator;
    let base: string;
    beforeAll(async () => {
      sim = await startScenarioSimulator('08-worker-single-replica-deployment.json');
      base = sim.url;
    });
    afterAll(() => sim.close());
    const call = async (
      method: string,
      path: string,
      body?: object,
      contentType = 'application/merge-patch+json',
    ) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'Content-Type': contentType, Authorization: 'Bearer simulator-token' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as { message?: string; reason?: string } };
    };

    it('under read-only: PATCH node and POST eviction are 403 with the apiserver message', async () => {
      sim.setRbac(readOnly);
      const loaded = await loadScenario('08-worker-single-replica-deployment.json');
      const node = requestedNode(loaded) as string;
      const pod = loaded.items.find(
        (i) => i.kind === 'Pod' && (i as { spec?: { nodeName?: string } }).spec?.nodeName === node,
      ) as { metadata: { name: string; namespace: string } };
      const patch = await call('PATCH', `/api/v1/nodes/${node}`, { spec: { unschedulable: true } });
      expect(patch.status).toBe(403);
      expect(patch.body.reason).toBe('Forbidden');
      expect(patch.body.message).toBe(
        `nodes "${node}" is forbidden: User "${USER}" cannot patch resource "nodes" in API group "" at the cluster scope`,
      );
      const evict = await call(
        'POST',
        `/api/v1/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}/eviction`,
        {
          apiVersion: 'policy/v1',
          kind: 'Eviction',
          metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace },
        },
        'application/json',
      );
      expect(evict.status).toBe(403);
      expect(evict.body.message).toContain('cannot create resource "pods/eviction"');
      const lease = await call(
        'POST',
        '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases',
        { metadata: { name: 'k8s-ha-bot-maintenance' }, spec: {} },
        'application/json',
      );
      expect(lease.status).toBe(403);
      expect(sim.getObject('nodes', null, node)?.spec).not.toMatchObject({ unschedulable: true });
      expect(sim.evictionRequests.size).toBe(0);
    });

    it('under maintenance: the worker may cordon, evict and hold its Lease; the gateway may not', async () => {
      const loaded = await loadScenario('08-worker-single-replica-deployment.json');
      const node = requestedNode(loaded) as string;
      sim.setRbac(gatewayUnderMaintenance);
      expect((await call('PATCH', `/api/v1/nodes/${node}`, { spec: { unschedulable: true } })).status).toBe(
        403,
      );

      sim.setRbac(maintenance);
      const patch = await call('PATCH', `/api/v1/nodes/${node}`, { spec: { unschedulable: true } });
      expect(patch.status).toBe(200);
      expect(sim.getObject('nodes', null, node)?.spec).toMatchObject({ unschedulable: true });
      const pod = loaded.items.find(
        (i) =>
          i.kind === 'Pod' &&
          (i as { spec?: { nodeName?: string } }).spec?.nodeName === node &&
          !(i.metadata as { ownerReferences?: { kind: string }[] }).ownerReferences?.some(
            (o) => o.kind === 'DaemonSet' || o.kind === 'Node',
          ),
      ) as { metadata: { name: string; namespace: string } };
      const evict = await call(
        'POST',
        `/api/v1/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}/eviction`,
        {
          apiVersion: 'policy/v1',
          kind: 'Eviction',
          metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace },
        },
        'application/json',
      );
      expect([201, 429]).toContain(evict.status); // allowed by RBAC; 429 only if a budget says no
      expect(sim.evictionRequests.get(`${pod.metadata.namespace}/${pod.metadata.name}`)).toBe(1);
      const created = await call(
        'POST',
        '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases',
        {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: 'k8s-ha-bot-maintenance', namespace: 'k8s-ha-bot' },
          spec: { holderIdentity: 'mr-1', leaseDurationSeconds: 60 },
        },
        'application/json',
      );
      expect(created.status).toBe(201);
      expect(
        (
          await call(
            'GET',
            '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases/k8s-ha-bot-maintenance',
          )
        ).status,
      ).toBe(200);
      // other Leases, other namespaces, deletes and Secrets stay forbidden
      expect(
        (await call('GET', '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases/other')).status,
      ).toBe(403);
      expect(
        (
          await call(
            'POST',
            '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases',
            { metadata: { name: 'x' } },
            'application/json',
          )
        ).status,
      ).toBe(403);
      expect(
        (await call('DELETE', `/api/v1/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}`))
          .status,
      ).toBe(403);
      expect((await call('GET', '/api/v1/namespaces/kube-system/secrets')).status).toBe(403);
    });

    it("kured's lock (fleet plans): the worker under maintenance takes and releases it by a merge patch; read-only and the gateway may not; no other DaemonSet, no update", async () => {
      const loaded = await loadScenario('08-worker-single-replica-deployment.json');
      const kuredDs = {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: {
          name: 'kured',
          namespace: 'kube-system',
          uid: 'uid-kured',
          resourceVersion: '1',
          labels: { 'app.kubernetes.io/name': 'kured' },
        },
        spec: {
          selector: { matchLabels: { name: 'kured' } },
          template: {
            metadata: { labels: { name: 'kured' } },
            spec: { containers: [{ name: 'kured', image: 'ghcr.io/kubereboot/kured:1.16.0' }] },
          },
        },
        status: { desiredNumberScheduled: 0, numberReady: 0 },
      };
      const ksim = await startScenarioSimulator({
        ...loaded,
        items: [...loaded.items, kuredDs as unknown as (typeof loaded.items)[number]],
      });
      const api = await createKubeApi(kubeConfigOf(ksim));
      const annotation = (): string | undefined =>
        (
          ksim.getObject('daemonsets', 'kube-system', 'kured') as {
            metadata: { annotations?: Record<string, string> };
          }
        ).metadata.annotations?.['weave.works/kured-node-lock'];
      const take = () =>
        acquireKuredLock({
          api,
          requestId: 'mr-aaaaaaaaaa',
          node: 'n1',
          ttlMs: 60_000,
          now: () => new Date(),
          lockNamespace: 'k8s-ha-bot',
        });
      try {
        ksim.setRbac(readOnly);
        await expect(take()).rejects.toMatchObject({ reason: 'forbidden' });
        ksim.setRbac(gatewayUnderMaintenance);
        await expect(take()).rejects.toMatchObject({ reason: 'forbidden' });
        expect(annotation()).toBeUndefined();
        ksim.setRbac(maintenance);
        expect(await take()).toEqual({ ok: true, daemonSet: 'kube-system/kured' });
        expect(JSON.parse(annotation() ?? '{}')).toMatchObject({ nodeID: 'k8s-ha-bot/mr-aaaaaaaaaa' });
        expect(await releaseKuredLock({ api, requestId: 'mr-aaaaaaaaaa', lockNamespace: 'k8s-ha-bot' })).toBe(
          true,
        );
        expect(annotation()).toBeUndefined();
        // only that DaemonSet, only patch
        const other = loaded.items.find((i) => i.kind === 'DaemonSet') as {
          metadata: { name: string; namespace: string };
        };
        const patchOther = await api.request(
          'PATCH',
          `/apis/apps/v1/namespaces/${other.metadata.namespace}/daemonsets/${other.metadata.name}`,
          { contentType: 'application/merge-patch+json', body: { metadata: { annotations: { x: 'y' } } } },
        );
        expect(patchOther.status).toBe(403);
        const put = await api.request('PUT', '/apis/apps/v1/namespaces/kube-system/daemonsets/kured', {
          body: ksim.getObject('daemonsets', 'kube-system', 'kured'),
        });
        expect(put.status).toBe(403);
      } finally {
        api.close();
        await ksim.close();
      }
    });
  });
});
