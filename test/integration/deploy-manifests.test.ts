/**
 * Packaging checked without a container engine: the Dockerfile is linted against the repository
 * (what it copies exists and is in the build context, the build needs nothing it does not copy,
 * the runtime needs only production dependencies, the roles it runs exist in the CLI), and every
 * Kustomize overlay in deploy/ is rendered with real kubectl and its objects checked (skipped,
 * visibly, where kubectl is missing). The RBAC rules themselves are enforced in test/integration/rbac.test.ts.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import { promisify } from 'node:util';
import { main } from '../../adapters/k8s-ha-bot.js';
import { loadConfig } from '../../src/config/load-config.js';
import { DEFAULT_OPS_PORTS } from '../../src/config/settings.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import { parseManifests } from '../../src/simulator/rbac.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn(
    'kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl kustomize rendering of deploy/overlays',
  );
const describeKubectl = KUBECTL ? describe : describe.skip;

// ------------------------------------------------------------------------------------------------
// Dockerfile

interface Instruction {
  op: string;
  args: string;
  stage: number;
}

function dockerfile(): { instructions: Instruction[]; args: Record<string, string> } {
  const lines = readFileSync('Dockerfile', 'utf8').split('\n');
  const joined: string[] = [];
  let cur = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (cur === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) cur += `${line.slice(0, -1)} `;
    else {
      joined.push(cur + line);
      cur = '';
    }
  }
  const args: Record<string, string> = {};
  let stage = -1;
  const instructions = joined.map((l) => {
    const m = /^(\w+)\s+(.*)$/.exec(l);
    if (!m) throw new Error(`Dockerfile: cannot read "${l}"`);
    const op = (m[1] as string).toUpperCase();
    const rest = m[2] as string;
    if (op === 'FROM') stage++;
    if (op === 'ARG' && stage === -1) {
      const [k, v] = rest.split('=');
      if (k && v) args[k] = v;
    }
    return { op, args: rest, stage };
  });
  return { instructions, args };
}

/** Docker's .dockerignore rules: globs on slash paths, a match excludes the subtree, `!` re-includes, last match wins. */
function dockerignored(path: string): boolean {
  const patterns = readFileSync('.dockerignore', 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const toRegex = (p: string): RegExp =>
    new RegExp(
      `^${p
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '§§')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/§§/g, '.*')}$`,
    );
  const parts = normalize(path).split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let excluded = false;
  for (const pattern of patterns) {
    const negate = pattern.startsWith('!');
    const re = toRegex(normalize(negate ? pattern.slice(1) : pattern).replace(/\/$/, ''));
    if (prefixes.some((p) => re.test(p))) excluded = !negate;
  }
  return excluded;
}

function filesUnder(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** `from '…'` and `import('…')` specifiers of a TypeScript file, type-only imports left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?\sfrom\s+'([^']+)'/gms))
    if (!m[2]) out.push(m[3] as string);
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) out.push(m[1] as string);
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) out.push(m[1] as string);
  return out;
}

const packageName = (spec: string): string =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);

describe('Dockerfile', () => {
  const { instructions, args } = dockerfile();
  const stages = Math.max(...instructions.map((i) => i.stage)) + 1;
  const final = instructions.filter((i) => i.stage === stages - 1);
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it('is multi-stage on a Node.js 20 LTS base', () => {
    expect(stages).toBeGreaterThanOrEqual(2);
    for (const from of instructions.filter((i) => i.op === 'FROM')) {
      const image = (from.args.split(/\s+/)[0] as string).replace(
        /^\$\{(\w+)\}$/,
        (_, k: string) => args[k] ?? '',
      );
      expect(image).toMatch(/^node:20(-|$)/);
    }
  });

  it('runs as a numeric non-root user (what runAsNonRoot can verify) that deploy/ uses too', () => {
    const user = final.filter((i) => i.op === 'USER').at(-1)?.args ?? '';
    expect(user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    const uid = user.split(':')[0] as string;
    for (const f of ['deploy/base/gateway.yaml', 'deploy/base/worker.yaml'])
      expect(readFileSync(f, 'utf8')).toContain(`runAsUser: ${uid}`);
  });

  it('puts only production dependencies into the runtime image', () => {
    const finalCopies = final.filter((i) => i.op === 'COPY');
    const nodeModules = finalCopies.find((c) => / \.\/node_modules$/.test(c.args));
    const from = /--from=(\S+)/.exec(nodeModules?.args ?? '')?.[1];
    expect(from).toBeDefined();
    const stageIndex = instructions.findIndex(
      (i) => i.op === 'FROM' && new RegExp(`\\sAS\\s+${from ?? ''}$`, 'i').test(i.args),
    );
    const depsStage = instructions[stageIndex]?.stage;
    const installs = instructions.filter((i) => i.stage === depsStage && i.op === 'RUN').map((i) => i.args);
    expect(installs.join(' ')).toMatch(/npm ci [^&]*--omit=dev/);
    expect(final.filter((i) => i.op === 'RUN').join(' ')).not.toMatch(/npm (ci|install)/);
  });

  it('copies only paths that exist and are in the build context (.dockerignore)', () => {
    const copies = instructions.filter((i) => i.op === 'COPY' && !i.args.includes('--from='));
    expect(copies.length).toBeGreaterThan(5);
    for (const c of copies) {
      const parts = c.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      for (const src of parts.slice(0, -1)) {
        expect(`${src}: ${existsSync(src) ? 'exists' : 'missing'}`).toBe(`${src}: exists`);
        expect(`${src}: ${dockerignored(src) ? 'ignored' : 'in context'}`).toBe(`${src}: in context`);
      }
    }
    expect(dockerignored('test/integration/rbac.test.ts')).toBe(true);
    expect(dockerignored('test/helpers/redis-server.ts')).toBe(false);
    expect(dockerignored('node_modules/yaml/package.json')).toBe(true);
  });

  it('the build needs no file it does not copy, and the runtime no dev dependency', () => {
    const buildStage = instructions
      .filter((i) => i.stage === 0 && i.op === 'COPY')
      .flatMap((c) => c.args.split(/\s+/).slice(0, -1));
    const copied = buildStage.filter(
      (p) => !p.startsWith('--') && existsSync(p) && statSync(p).isDirectory(),
    );
    const inImage = (f: string): boolean => copied.some((d) => f === d || f.startsWith(`${d}/`));
    const sources = copied.flatMap(filesUnder).filter((f) => f.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(50);
    const missing: string[] = [];
    const devOnly: string[] = [];
    for (const file of sources) {
      const runtime = /^(src|adapters|workers)\//.test(file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.')) {
          const target = relative('.', join(dirname(file), spec.replace(/\.js$/, '.ts')));
          if (!existsSync(target) || !inImage(target)) missing.push(`${file} -> ${spec}`);
        } else if (runtime && !spec.startsWith('node:') && !builtinModules.includes(spec)) {
          if (!(packageName(spec) in pkg.dependencies)) devOnly.push(`${file} -> ${spec}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(devOnly).toEqual([]);
  });

  it('starts the CLI, whose roles (the default command and every deploy/ role) exist', async () => {
    const entry = final.find((i) => i.op === 'ENTRYPOINT')?.args ?? '';
    expect(JSON.parse(entry)).toEqual(['node', 'bin/k8s-ha-bot.js']);
    expect(readFileSync('bin/k8s-ha-bot.js', 'utf8')).toContain('../dist/adapters/k8s-ha-bot.js');
    const cmd = JSON.parse(final.find((i) => i.op === 'CMD')?.args ?? '[]') as string[];
    const roles = new Set([...cmd, 'gateway', 'worker']);
    for (const f of ['deploy/base/gateway.yaml', 'deploy/base/worker.yaml']) {
      for (const m of readFileSync(f, 'utf8').matchAll(/^\s*args: \[(\w+)\]/gm)) roles.add(m[1] as string);
    }
    for (const role of roles) {
      let out = '';
      const code = await main(['node', 'k8s-ha-bot', role, '--help'], {
        out: (t) => (out += t),
        err: (t) => (out += t),
        env: {},
      });
      expect(`${role}: exit ${code}`).toBe(`${role}: exit 0`);
      expect(out).toContain(`Usage: k8s-ha-bot ${role}`);
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Configuration shipped in the ConfigMap, and the Secret template

describe('deploy/base/config', () => {
  it("config.yaml passes the bot's own validation (as `k8s-ha-bot config check` would)", async () => {
    const config = await loadConfig({ path: 'deploy/base/config/config.yaml', env: {} });
    expect(config.clusters.here?.kind).toBe('in-cluster');
    expect(config.defaultCluster).toBe('here');
    expect(config.maintenancePolicy).toMatch(/deploy\/base\/config\/maintenance-policy\.yaml$/);
  });

  it('maintenance-policy.yaml is a valid policy whose lock is the Lease the maintenance Role names', () => {
    const policy = parseMaintenancePolicy(
      readFileSync('deploy/base/config/maintenance-policy.yaml', 'utf8'),
      'maintenance-policy.yaml',
    );
    const lock = policy.forCluster('here').lock;
    const role = readFileSync('deploy/overlays/maintenance/rbac-maintenance.yaml', 'utf8');
    expect(lock.namespace).toBe('k8s-ha-bot');
    expect(role).toContain(`resourceNames: [${lock.leaseName}]`);
  });

  it('the Secret template holds names only, never values', () => {
    const lines = readFileSync('deploy/secrets.example.env', 'utf8')
      .split('\n')
      .filter((l) => /^\s*[A-Z_]+=/.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const l of lines) expect(l).toMatch(/^[A-Z_]+=$/);
  });
});

// ------------------------------------------------------------------------------------------------
// Rendered overlays

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}
interface Container {
  name: string;
  args?: string[];
  ports?: { name: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string } } }[];
  envFrom?: { secretRef?: { name: string } }[];
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  securityContext?: Record<string, unknown>;
  volumeMounts?: { name: string; mountPath: string }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodSpec {
  serviceAccountName?: string;
  securityContext?: Record<string, unknown>;
  containers: Container[];
  volumes?: { name: string; emptyDir?: object; configMap?: { name: string } }[];
}
type Workload = K8sObject & {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
      spec: PodSpec;
    };
  };
};

describeKubectl('deploy/overlays rendered by kubectl kustomize', () => {
  const rendered: Record<string, K8sObject[]> = {};
  beforeAll(async () => {
    for (const overlay of ['read-only', 'maintenance', 'ingress', 'sentinel']) {
      const { stdout } = await run(KUBECTL as string, ['kustomize', join('deploy/overlays', overlay)], {
        timeout: 30000,
        maxBuffer: 16 * 1024 * 1024,
      });
      rendered[overlay] = parseManifests(stdout) as K8sObject[];
    }
  });
  const find = (overlay: string, kind: string, name: string): K8sObject | undefined =>
    rendered[overlay]?.find((o) => o.kind === kind && o.metadata.name === name);
  const deployment = (name: string): Workload => {
    const d = find('read-only', 'Deployment', name);
    expect(d).toBeDefined();
    return d as Workload;
  };

  it('every overlay renders; read-only has the whole install and no Secret with values', () => {
    for (const overlay of ['read-only', 'maintenance', 'ingress', 'sentinel'])
      expect(rendered[overlay]?.length).toBeGreaterThan(15);
    const kinds = new Set((rendered['read-only'] ?? []).map((o) => o.kind));
    for (const k of [
      'Namespace',
      'ServiceAccount',
      'ClusterRole',
      'ClusterRoleBinding',
      'Role',
      'RoleBinding',
      'ConfigMap',
      'Deployment',
      'Service',
      'PodDisruptionBudget',
      'NetworkPolicy',
      'StatefulSet',
    ]) {
      expect(kinds).toContain(k);
    }
    for (const overlay of Object.keys(rendered))
      expect(rendered[overlay]?.filter((o) => o.kind === 'Secret')).toEqual([]);
    const ns = find('read-only', 'Namespace', 'k8s-ha-bot');
    expect(ns?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it('gateway: 2 replicas, the gateway role, Slack 3000 and Teams 3978, /healthz and /readyz probes on the ops port, tokens from the Secret', () => {
    const gw = deployment('k8s-ha-bot-gateway');
    expect(gw.spec.replicas).toBe(2);
    const c = gw.spec.template.spec.containers[0] as Container;
    expect(c.args).toEqual(['gateway']);
    expect(c.ports?.map((p) => p.containerPort).sort()).toEqual([3000, 3978, 9091]);
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'ops' });
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'ops' });
    // the gateway's own default ops port (a worker's differs), served and scraped there
    expect(c.ports?.find((p) => p.name === 'ops')?.containerPort).toBe(DEFAULT_OPS_PORTS.gateway);
    expect(c.env?.find((e) => e.name === 'K8S_HA_BOT_OPS_PORT')?.value).toBe(
      String(DEFAULT_OPS_PORTS.gateway),
    );
    expect(gw.spec.template.metadata.annotations?.['prometheus.io/port']).toBe(
      String(DEFAULT_OPS_PORTS.gateway),
    );
    // The ops server defaults to 127.0.0.1: probes on the pod IP need it on every interface.
    expect(c.env?.find((e) => e.name === 'K8S_HA_BOT_OPS_HOST')?.value).toBe('0.0.0.0');
    expect(c.envFrom?.map((e) => e.secretRef?.name)).toEqual(['k8s-ha-bot-secrets']);
    expect(gw.spec.template.spec.serviceAccountName).toBe('k8s-ha-bot-gateway');
    const svc = find('read-only', 'Service', 'k8s-ha-bot-gateway') as K8sObject & {
      spec: { selector: Record<string, string>; ports: { port: number }[] };
    };
    expect(svc.spec.selector).toEqual(gw.spec.selector.matchLabels);
    expect(svc.spec.ports.map((p) => p.port).sort()).toEqual([3000, 3978]);
  });

  it('worker: 2 replicas, the worker role, its own ServiceAccount, probes on the ops port', () => {
    const w = deployment('k8s-ha-bot-worker');
    expect(w.spec.replicas).toBe(2);
    const c = w.spec.template.spec.containers[0] as Container;
    expect(c.args).toEqual(['worker']);
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'ops' });
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'ops' });
    expect(c.ports).toEqual([{ name: 'ops', containerPort: DEFAULT_OPS_PORTS.worker, protocol: 'TCP' }]);
    expect(w.spec.template.metadata.annotations?.['prometheus.io/port']).toBe(
      String(DEFAULT_OPS_PORTS.worker),
    );
    expect(w.spec.template.spec.serviceAccountName).toBe('k8s-ha-bot');
    expect(find('read-only', 'ServiceAccount', 'k8s-ha-bot')).toBeDefined();
  });

  it("worker: the V8 heap is set (the bench's warm row uses it) and leaves room under the memory limit", () => {
    const c = deployment('k8s-ha-bot-worker').spec.template.spec.containers[0] as Container;
    const opts = c.env?.find((e) => e.name === 'NODE_OPTIONS')?.value ?? '';
    const heapMB = Number(/--max-old-space-size=(\d+)/.exec(opts)?.[1]);
    expect(heapMB).toBeGreaterThanOrEqual(256);
    const limit = /^(\d+)(Mi|Gi)$/.exec(c.resources?.limits?.memory ?? '');
    expect(limit).not.toBeNull();
    const limitMB = Number(limit?.[1]) * (limit?.[2] === 'Gi' ? 1024 : 1);
    // Heap plus code, buffers and the young generation: at least 40% of the limit stays outside the old space.
    expect(heapMB).toBeLessThanOrEqual(limitMB * 0.6);
  });

  it('every pod is non-root, read-only root, no privilege escalation, no capabilities, RuntimeDefault seccomp, /tmp an emptyDir', () => {
    const workloads = (rendered['read-only'] ?? []).filter(
      (o) => o.kind === 'Deployment' || o.kind === 'StatefulSet',
    ) as Workload[];
    expect(workloads.length).toBe(3);
    for (const w of workloads) {
      const pod = w.spec.template.spec;
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.securityContext?.runAsUser).toEqual(expect.any(Number));
      expect(pod.securityContext?.runAsUser).not.toBe(0);
      for (const c of pod.containers) {
        expect(c.securityContext).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        });
      }
      if (w.kind === 'Deployment') {
        const tmp = pod.containers[0]?.volumeMounts?.find((m) => m.mountPath === '/tmp');
        expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
      }
    }
  });

  it('the ConfigMap the pods mount exists (hashed name) and holds config.yaml and maintenance-policy.yaml as committed', () => {
    for (const name of ['k8s-ha-bot-gateway', 'k8s-ha-bot-worker']) {
      const w = deployment(name);
      const cmName = w.spec.template.spec.volumes?.find((v) => v.configMap)?.configMap?.name ?? '';
      const cm = find('read-only', 'ConfigMap', cmName) as
        (K8sObject & { data: Record<string, string> }) | undefined;
      expect(cm?.metadata.namespace).toBe('k8s-ha-bot');
      expect(cm?.data['config.yaml']).toBe(readFileSync('deploy/base/config/config.yaml', 'utf8'));
      expect(cm?.data['maintenance-policy.yaml']).toBe(
        readFileSync('deploy/base/config/maintenance-policy.yaml', 'utf8'),
      );
      const env = w.spec.template.spec.containers[0]?.env ?? [];
      expect(env.find((e) => e.name === 'K8S_HA_BOT_CONFIG')?.value).toBe('/etc/k8s-ha-bot/config.yaml');
    }
  });

  it('PodDisruptionBudgets (minAvailable 1) select the gateway and the worker pods', () => {
    for (const name of ['k8s-ha-bot-gateway', 'k8s-ha-bot-worker']) {
      const pdb = find('read-only', 'PodDisruptionBudget', name) as K8sObject & {
        spec: { minAvailable: number; selector: { matchLabels: Record<string, string> } };
      };
      expect(pdb.spec.minAvailable).toBe(1);
      const labels = deployment(name).spec.template.metadata.labels;
      for (const [k, v] of Object.entries(pdb.spec.selector.matchLabels)) expect(labels[k]).toBe(v);
      expect(deployment(name).spec.replicas).toBeGreaterThan(pdb.spec.minAvailable); // a drain is never blocked for good
    }
  });

  it('NetworkPolicies: default deny; ingress only to the gateway chat ports (Redis from the bot, metrics from monitoring); egress DNS, Redis, API, HTTPS', () => {
    type Np = K8sObject & {
      spec: {
        podSelector: { matchLabels?: Record<string, string> };
        policyTypes: string[];
        ingress?: { from?: object[]; ports?: { port: number }[] }[];
        egress?: { ports?: { port: number; protocol: string }[] }[];
      };
    };
    const nps = (rendered['read-only'] ?? []).filter((o) => o.kind === 'NetworkPolicy') as Np[];
    const deny = nps.find((n) => Object.keys(n.spec.podSelector).length === 0);
    expect([...(deny?.spec.policyTypes ?? [])].sort()).toEqual(['Egress', 'Ingress']);
    expect(deny?.spec.ingress).toBeUndefined();
    expect(deny?.spec.egress).toBeUndefined();
    const ingress = nps.filter((n) => n.spec.ingress);
    const byName = Object.fromEntries(
      ingress.map((n) => [
        n.metadata.name,
        n.spec.ingress?.flatMap((r) => r.ports?.map((p) => p.port) ?? []),
      ]),
    );
    expect(byName).toEqual({
      'k8s-ha-bot-gateway-ingress': [3000, 3978],
      'k8s-ha-bot-redis-ingress': [6379],
      'k8s-ha-bot-metrics-ingress': [DEFAULT_OPS_PORTS.worker, DEFAULT_OPS_PORTS.gateway],
    });
    const gatewayIngress = ingress.find((n) => n.metadata.name === 'k8s-ha-bot-gateway-ingress');
    expect(gatewayIngress?.spec.podSelector.matchLabels?.['app.kubernetes.io/component']).toBe('gateway');
    // only the chat ports are open to anyone; Redis and metrics name who may connect
    for (const n of ingress) {
      for (const rule of n.spec.ingress ?? []) {
        if (n === gatewayIngress) expect(rule.from).toBeUndefined();
        else expect(rule.from?.length).toBe(1);
      }
    }
    const egressPorts = nps
      .flatMap((n) => n.spec.egress ?? [])
      .flatMap((r) => r.ports?.map((p) => `${p.protocol}/${p.port}`) ?? []);
    expect(egressPorts.sort()).toEqual(['TCP/443', 'TCP/53', 'TCP/6379', 'TCP/6443', 'UDP/53']);
  });

  it('Redis: AOF and noeviction, as BullMQ and the schedules need', () => {
    const redis = find('read-only', 'StatefulSet', 'k8s-ha-bot-redis') as Workload;
    const a = redis.spec.template.spec.containers[0]?.args?.join(' ') ?? '';
    expect(a).toContain('--appendonly yes');
    expect(a).toContain('--maxmemory-policy noeviction');
    const config = readFileSync('deploy/base/config/config.yaml', 'utf8');
    expect(config).toContain('redis://k8s-ha-bot-redis:6379');
    expect(find('read-only', 'Service', 'k8s-ha-bot-redis')).toBeDefined();
  });

  it('sentinel: 3 Redis pods with a sentinel each (quorum 2), a PDB keeping 2, and the bot pointed at all three sentinels', async () => {
    const objects = rendered['sentinel'] ?? [];
    const redis = objects.find(
      (o) => o.kind === 'StatefulSet' && o.metadata.name === 'k8s-ha-bot-redis',
    ) as Workload & { spec: { replicas: number } };
    expect(redis.spec.replicas).toBe(3);
    const pod = redis.spec.template.spec;
    expect(pod.containers.map((c) => c.name)).toEqual(['redis', 'sentinel']);
    for (const c of pod.containers) {
      expect(c.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
    }
    const scripts = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('k8s-ha-bot-redis-scripts'),
    ) as K8sObject & { data: Record<string, string> };
    expect(scripts.data['sentinel.sh']).toMatch(/sentinel monitor mymaster \$primary 6379 2\n/);
    expect(scripts.data['redis.sh']).toContain('--maxmemory-policy noeviction');
    expect(scripts.data['redis.sh']).toContain('--appendonly yes');
    const pdb = objects.find(
      (o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === 'k8s-ha-bot-redis',
    ) as K8sObject & { spec: { minAvailable: number } };
    expect(pdb.spec.minAvailable).toBe(2);
    // Only one Redis StatefulSet: the single-Redis component is not in this overlay.
    expect(objects.filter((o) => o.kind === 'StatefulSet')).toHaveLength(1);
    const headless = objects.find(
      (o) => o.kind === 'Service' && o.metadata.name === 'k8s-ha-bot-redis-headless',
    ) as K8sObject & { spec: { clusterIP: string; publishNotReadyAddresses: boolean } };
    expect(headless.spec).toMatchObject({ clusterIP: 'None', publishNotReadyAddresses: true });
    for (const name of ['k8s-ha-bot-gateway', 'k8s-ha-bot-worker']) {
      const d = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name) as Workload;
      const env = Object.fromEntries(
        (d.spec.template.spec.containers[0]?.env ?? [])
          .filter((e) => e.value !== undefined)
          .map((e) => [e.name, e.value as string]),
      );
      // The bot's own settings code accepts what the manifests set.
      const { resolveRedisTarget } = await import('../../src/config/redis-settings.js');
      const { loadSettings } = await import('../../src/config/settings.js');
      expect(resolveRedisTarget(undefined, loadSettings(env).redis)).toEqual({
        sentinels: [0, 1, 2].map((i) => ({
          host: `k8s-ha-bot-redis-${i}.k8s-ha-bot-redis-headless`,
          port: 26379,
        })),
        name: 'mymaster',
      });
    }
    const egress = objects
      .filter((o) => o.kind === 'NetworkPolicy')
      .flatMap(
        (n) => (n as K8sObject & { spec: { egress?: { ports?: { port: number }[] }[] } }).spec.egress ?? [],
      );
    expect(egress.flatMap((r) => r.ports?.map((p) => p.port) ?? [])).toContain(26379);
  });

  it('maintenance adds its ClusterRole for the worker account only; read-only has none of it', () => {
    expect(find('read-only', 'ClusterRole', 'k8s-ha-bot-maintenance')).toBeUndefined();
    const binding = find('maintenance', 'ClusterRoleBinding', 'k8s-ha-bot-maintenance') as K8sObject & {
      subjects: { kind: string; name: string; namespace: string }[];
    };
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'k8s-ha-bot', namespace: 'k8s-ha-bot' },
    ]);
    expect(find('maintenance', 'Role', 'k8s-ha-bot-maintenance-lock')?.metadata.namespace).toBe('k8s-ha-bot');
    // kured's lock: a Role in kured's namespace, bound to the worker account only
    expect(find('maintenance', 'Role', 'k8s-ha-bot-kured-lock')?.metadata.namespace).toBe('kube-system');
    const kuredBinding = find('maintenance', 'RoleBinding', 'k8s-ha-bot-kured-lock') as K8sObject & {
      subjects: { kind: string; name: string; namespace: string }[];
    };
    expect(kuredBinding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'k8s-ha-bot', namespace: 'k8s-ha-bot' },
    ]);
    expect(find('read-only', 'Role', 'k8s-ha-bot-kured-lock')).toBeUndefined();
    // everything else is the read-only install unchanged
    const others = (rendered.maintenance ?? []).filter(
      (o) =>
        !o.metadata.name.startsWith('k8s-ha-bot-maintenance') && o.metadata.name !== 'k8s-ha-bot-kured-lock',
    );
    expect(others).toEqual(rendered['read-only']);
  });

  it('ingress exposes only the two chat endpoints, on ports the gateway Service has', () => {
    const ing = find('ingress', 'Ingress', 'k8s-ha-bot') as K8sObject & {
      spec: {
        rules: {
          http: { paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[] };
        }[];
      };
    };
    const paths = ing.spec.rules.flatMap((r) => r.http.paths);
    expect(paths.map((p) => p.path).sort()).toEqual(['/api/messages', '/slack/events']);
    const svc = find('ingress', 'Service', 'k8s-ha-bot-gateway') as K8sObject & {
      spec: { ports: { name: string }[] };
    };
    for (const p of paths) {
      expect(p.backend.service.name).toBe('k8s-ha-bot-gateway');
      expect(svc.spec.ports.map((x) => x.name)).toContain(p.backend.service.port.name);
    }
  });
});
