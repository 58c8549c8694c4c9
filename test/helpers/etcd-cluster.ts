/**
 * A real, throw-away etcd cluster for tests and the etcd bench: N members of Debian's
 * `etcd-server` (3.4) on free loopback ports, client TLS with client-certificate auth, certificates
 * generated with the `openssl` CLI into a temp dir. Peers talk plain HTTP on loopback (the probe
 * only uses client URLs).
 *
 * @example
 * const cluster = await startEtcdCluster({ names: ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3'] });
 * await cluster.stopMember('atlas-cp-2');
 * await cluster.close();
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WAIT_CEILING_MS } from './eventually.js';
import { freePort } from './redis-server.js';

const run = promisify(execFile);

/** The etcd binary (Debian package `etcd-server`). */
export const ETCD_BIN = process.env.ETCD_BIN ?? '/usr/bin/etcd';
/** The etcdctl binary (Debian package `etcd-client`). */
export const ETCDCTL_BIN = process.env.ETCDCTL_BIN ?? '/usr/bin/etcdctl';

/** PEM files written by {@link generateCerts}, absolute paths. */
export interface EtcdTestCerts {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A second CA that signed nothing the cluster uses (for the "unknown authority" case). */
  otherCa: string;
  /** A client certificate signed by the other CA (the server must refuse it). */
  otherClientCert: string;
  otherClientKey: string;
}

async function openssl(args: string[], cwd: string): Promise<void> {
  await run('openssl', args, { cwd });
}

/**
 * Generate a CA, a server certificate for 127.0.0.1/localhost, a client certificate, and a second
 * unrelated CA with its own client certificate. EC P-256 keys (fast to generate), `days` validity.
 * @param dir - where to write them
 * @param days - validity of every certificate, in days (short-lived ones test expiry)
 * @returns the file paths
 * @throws when `openssl` fails
 */
export async function generateCerts(dir: string, days = 1): Promise<EtcdTestCerts> {
  const ext = join(dir, 'ext.cnf');
  await writeFile(
    ext,
    [
      '[server]',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      'extendedKeyUsage=serverAuth,clientAuth',
      'keyUsage=digitalSignature,keyEncipherment',
      '[client]',
      'extendedKeyUsage=clientAuth',
      'keyUsage=digitalSignature,keyEncipherment',
      '',
    ].join('\n'),
  );
  const key = (name: string): string[] => [
    'genpkey',
    '-algorithm',
    'EC',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-out',
    name,
  ];
  for (const ca of ['ca', 'other-ca']) {
    await openssl(key(`${ca}.key`), dir);
    await openssl(
      [
        'req',
        '-x509',
        '-new',
        '-key',
        `${ca}.key`,
        '-subj',
        `/CN=${ca}`,
        '-days',
        String(days),
        '-out',
        `${ca}.crt`,
      ],
      dir,
    );
  }
  const leaf = async (name: string, ca: string, section: 'server' | 'client'): Promise<void> => {
    await openssl(key(`${name}.key`), dir);
    await openssl(['req', '-new', '-key', `${name}.key`, '-subj', `/CN=${name}`, '-out', `${name}.csr`], dir);
    await openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${ca}.crt`,
        '-CAkey',
        `${ca}.key`,
        '-CAcreateserial',
        '-days',
        String(days),
        '-extfile',
        'ext.cnf',
        '-extensions',
        section,
        '-out',
        `${name}.crt`,
      ],
      dir,
    );
  };
  await leaf('server', 'ca', 'server');
  await leaf('client', 'ca', 'client');
  await leaf('other-client', 'other-ca', 'client');
  return {
    dir,
    ca: join(dir, 'ca.crt'),
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
    clientCert: join(dir, 'client.crt'),
    clientKey: join(dir, 'client.key'),
    otherCa: join(dir, 'other-ca.crt'),
    otherClientCert: join(dir, 'other-client.crt'),
    otherClientKey: join(dir, 'other-client.key'),
  };
}

/** One member of a test cluster. */
export interface EtcdTestMember {
  name: string;
  /** `https://127.0.0.1:<port>` */
  clientUrl: string;
  /** `http://127.0.0.1:<port>` */
  peerUrl: string;
  dataDir: string;
  /** Running now (started and not stopped). */
  running: boolean;
}

/** A running test cluster. */
export interface EtcdTestCluster {
  members: EtcdTestMember[];
  certs: EtcdTestCerts;
  /** Client URLs of every member, in member order. */
  endpoints: string[];
  /** Stop one member (SIGTERM, SIGKILL after 5 s); its data dir is kept for {@link startMember}. */
  stopMember(name: string): Promise<void>;
  /** Start a stopped member again on its ports and data dir; waits until it answers. */
  startMember(name: string): Promise<void>;
  /** Run etcdctl against the running members with the client certificate; resolves stdout. */
  etcdctl(args: string[], endpoints?: string[]): Promise<string>;
  /**
   * POST a JSON body to a member's gRPC gateway (`v3/kv/put`, …) with the client certificate.
   * @returns HTTP status and body text
   */
  gateway(path: string, body: unknown, endpoint?: string): Promise<{ status: number; text: string }>;
  /** Member ids in hex as etcdctl prints them, by member name (learners without a name under their id). */
  memberIds(): Promise<Map<string, string>>;
  /** Wait until every running member answers `endpoint health`. @throws after `timeoutMs` */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** Stop every member and remove the temp dir. Idempotent. */
  close(): Promise<void>;
}

/** Options of {@link startEtcdCluster}. */
export interface StartEtcdClusterOptions {
  /** Member names (kubeadm names members after their node). */
  names: string[];
  /** `--quota-backend-bytes` in bytes. @defaultValue etcd's default (2 GiB) */
  quotaBackendBytes?: number;
  /** Validity of the generated certificates, in days. @defaultValue 1 */
  certDays?: number;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/**
 * Start an etcd cluster of `names.length` members on free loopback ports and wait until every
 * member reports healthy (at most 30 s). Short Raft timers (heartbeat 50 ms, election 500 ms) keep
 * elections quick. Members are killed when the process exits, even if `close` was never called.
 * @param options - member names, backend quota
 * @returns the cluster
 * @throws when etcd does not become healthy
 */
export async function startEtcdCluster(options: StartEtcdClusterOptions): Promise<EtcdTestCluster> {
  installExitHook();
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-etcd-'));
  const certs = await generateCerts(dir, options.certDays);
  const members: EtcdTestMember[] = [];
  for (const name of options.names) {
    const [c, p] = [await freePort(), await freePort()];
    members.push({
      name,
      clientUrl: `https://127.0.0.1:${c}`,
      peerUrl: `http://127.0.0.1:${p}`,
      dataDir: join(dir, `${name}.etcd`),
      running: false,
    });
  }
  const initialCluster = members.map((m) => `${m.name}=${m.peerUrl}`).join(',');
  const procs = new Map<string, ChildProcess>();
  const logs = new Map<string, string[]>();

  const spawnMember = (m: EtcdTestMember): void => {
    const args = [
      `--name=${m.name}`,
      `--data-dir=${m.dataDir}`,
      `--listen-client-urls=${m.clientUrl}`,
      `--advertise-client-urls=${m.clientUrl}`,
      `--listen-peer-urls=${m.peerUrl}`,
      `--initial-advertise-peer-urls=${m.peerUrl}`,
      `--initial-cluster=${initialCluster}`,
      '--initial-cluster-state=new',
      '--initial-cluster-token=k8s-ha-bot-test',
      `--cert-file=${certs.serverCert}`,
      `--key-file=${certs.serverKey}`,
      `--trusted-ca-file=${certs.ca}`,
      '--client-cert-auth',
      '--heartbeat-interval=50',
      '--election-timeout=500',
      '--logger=zap',
      '--log-outputs=stderr',
      ...(options.quotaBackendBytes === undefined
        ? []
        : [`--quota-backend-bytes=${options.quotaBackendBytes}`]),
    ];
    const child = spawn(ETCD_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const log: string[] = [];
    logs.set(m.name, log);
    child.stderr?.on('data', (chunk: Buffer) => {
      log.push(chunk.toString('utf8'));
      if (log.length > 200) log.shift();
    });
    running.add(child);
    child.on('exit', () => {
      running.delete(child);
      m.running = false;
    });
    procs.set(m.name, child);
    m.running = true;
  };

  const etcdctl = async (args: string[], endpoints?: string[]): Promise<string> => {
    const eps = endpoints ?? members.filter((m) => m.running).map((m) => m.clientUrl);
    const { stdout } = await run(
      ETCDCTL_BIN,
      [
        `--endpoints=${eps.join(',')}`,
        `--cacert=${certs.ca}`,
        `--cert=${certs.clientCert}`,
        `--key=${certs.clientKey}`,
        '--command-timeout=3s',
        '--dial-timeout=2s',
        ...args,
      ],
      { env: { ...process.env, ETCDCTL_API: '3' } },
    );
    return stdout;
  };

  const waitHealthy = async (timeoutMs = WAIT_CEILING_MS): Promise<void> => {
    const until = Date.now() + timeoutMs;
    let last: unknown = null;
    while (Date.now() < until) {
      try {
        await etcdctl(['endpoint', 'health']);
        return;
      } catch (err) {
        last = err;
        await sleep(150);
      }
    }
    const tail = [...logs.entries()].map(([n, l]) => `--- ${n}\n${l.slice(-5).join('')}`).join('\n');
    throw new Error(`etcd test cluster not healthy after ${timeoutMs} ms: ${String(last)}\n${tail}`);
  };

  const stopMember = async (name: string): Promise<void> => {
    const child = procs.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  for (const m of members) spawnMember(m);
  let closed = false;
  const cluster: EtcdTestCluster = {
    members,
    certs,
    endpoints: members.map((m) => m.clientUrl),
    stopMember,
    async startMember(name) {
      const m = members.find((x) => x.name === name);
      if (!m) throw new Error(`no member ${name}`);
      if (m.running) return;
      spawnMember(m);
      const until = Date.now() + WAIT_CEILING_MS;
      for (;;) {
        try {
          await etcdctl(['endpoint', 'status'], [m.clientUrl]);
          return;
        } catch (err) {
          if (Date.now() > until) throw err;
          await sleep(100);
        }
      }
    },
    etcdctl,
    async gateway(path, body, endpoint) {
      const target = endpoint ?? members.find((m) => m.running)?.clientUrl;
      if (target === undefined) throw new Error('no running member');
      const [ca, cert, key] = await Promise.all([
        readFile(certs.ca),
        readFile(certs.clientCert),
        readFile(certs.clientKey),
      ]);
      const text = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = httpsRequest(
          new URL(path, `${target}/`),
          { method: 'POST', ca, cert, key, agent: false, timeout: 5000 },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
            );
          },
        );
        req.on('timeout', () => req.destroy(new Error('gateway request timed out')));
        req.on('error', reject);
        req.end(text);
      });
    },
    async memberIds() {
      // Simple format: `8e9e05c52164694d, started, atlas-cp-1, http://…, https://…, false`
      const out = await etcdctl(['member', 'list']);
      const ids = new Map<string, string>();
      for (const line of out.trim().split('\n')) {
        const [id, , name] = line.split(', ');
        if (id !== undefined) ids.set(name !== undefined && name !== '' ? name : id, id);
      }
      return ids;
    },
    waitHealthy,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(members.map((m) => stopMember(m.name)));
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitHealthy();
  } catch (err) {
    await cluster.close();
    throw err;
  }
  return cluster;
}
