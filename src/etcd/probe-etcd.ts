/**
 * The live etcd probe: member list (learners included), status and health of every
 * endpoint in parallel, and the alarm list, read from etcd itself into the same
 * {@link EtcdStatus} a snapshot file records, with `source: 'live'`.
 *
 * ## Client choice: etcd's JSON gRPC-gateway over HTTPS with `node:https`
 *
 * etcd serves every v3 RPC as `POST /v3/<service>/<method>` with a JSON body on the client port
 * (gateway enabled by default in 3.4 and 3.5, `--enable-grpc-gateway`; 3.3 and older used
 * `/v3beta` and are not supported). We use it rather than the `etcd3` npm package because:
 * - no new dependency: `etcd3` pulls in `@grpc/grpc-js` and `@grpc/proto-loader`/protobufjs, and
 *   needs its own lifecycle (channels, reconnect back-off) for what is three unary calls;
 * - a hard per-endpoint deadline is one `AbortSignal` on plain HTTPS requests; a gRPC channel
 *   retries and reconnects by itself, which is what hides a dead member behind a slow answer;
 * - TLS failures surface as Node/OpenSSL error codes per request, which we classify into
 *   findings (`certificate signed by unknown authority`) instead of a channel state;
 * - int64/uint64 fields arrive as JSON strings (proto3 JSON mapping), so member ids keep every
 *   digit; we still parse with lossless-json in case a gateway emits bare numbers.
 *
 * Every endpoint is probed at once, each with its own deadline (`timeoutMs`): a dead, refused or
 * hung (black-holed) member costs at most that timeout, never the whole answer. The probe never
 * throws for an unreachable or misconfigured etcd: each failing endpoint becomes an
 * {@link EtcdEndpointError} (kind `tls`, `timeout`, `refused`, …) that the checks turn into a
 * finding.
 *
 * @see https://etcd.io/docs/v3.4/dev-guide/api_grpc_gateway/
 */
import { readFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { parse as parseLossless } from 'lossless-json';
import type {
  EtcdAlarm,
  EtcdEndpointError,
  EtcdEndpointStatus,
  EtcdMember,
  EtcdStatus,
} from '../cluster/types.js';
import { DEFAULT_ETCD_TIMEOUT_MS } from '../config/bot-config.js';
import { classifyEtcdError } from './classify-etcd-error.js';
import { registerSecretValues } from '../util/redaction.js';

/**
 * How long the alarm list and `/health` may still run on a member whose status reports no leader,
 * in ms. Our own choice: both need a leader (Raft request, linearizable read), so without one they
 * only wait for etcd's own request timeout (5 s or more); a short grace keeps a quorum loss cheap.
 */
export const LEADERLESS_GRACE_MS = 100;

/** Files for mutual TLS, absolute paths (kubeadm: `/etc/kubernetes/pki/etcd/ca.crt`, `healthcheck-client.{crt,key}`). */
export interface EtcdTlsFiles {
  ca: string;
  cert: string;
  key: string;
}

/** Options of {@link probeEtcd}. */
export interface ProbeEtcdOptions {
  /** Client URLs (`https://10.0.0.11:2379`); at least one. */
  endpoints: readonly string[];
  tls: EtcdTlsFiles;
  /** Per-endpoint deadline, in ms, for all of that endpoint's requests together. @defaultValue 2000 */
  timeoutMs?: number;
  /** The backend quota in bytes when the operator knows it (etcd does not report it over the API). */
  dbSizeQuota?: number;
}

interface PemMaterial {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

/** A JSON value parsed with every number kept as its digit string. */
type Json = unknown;

function parseJson(text: string): Json {
  return parseLossless(text, undefined, (digits: string) => digits);
}

function rec(v: Json): Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, Json>) : {};
}

function big(v: Json): bigint {
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  return 0n;
}

function num(v: Json): number {
  const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
}

function strs(v: Json): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** `https://10.0.0.11:2379` → `10.0.0.11:2379` (how findings name an endpoint). */
export function endpointHostPort(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    // not a URL: name it as written
    return endpoint;
  }
}

interface HttpAnswer {
  status: number;
  text: string;
}

/** One HTTPS request to an etcd endpoint; rejects with Node's error (classified by the caller). */
function call(
  endpoint: string,
  path: string,
  body: string | null,
  pem: PemMaterial,
  signal: AbortSignal,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
    const req = httpsRequest(
      url,
      {
        method: body === null ? 'GET' : 'POST',
        ca: pem.ca,
        cert: pem.cert,
        key: pem.key,
        agent: false,
        signal,
        headers:
          body === null
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** The body of a 200 answer; otherwise throws an error carrying `httpStatus`. */
async function okText(answer: HttpAnswer, what: string): Promise<string> {
  if (answer.status !== 200)
    throw Object.assign(new Error(`HTTP ${answer.status} from ${what}`), { httpStatus: answer.status });
  return answer.text;
}

/** What one endpoint answered. */
interface EndpointRead {
  endpoint: string;
  status: EtcdEndpointStatus | null;
  members: EtcdMember[] | null;
  alarms: EtcdAlarm[] | null;
  error: EtcdEndpointError | null;
}

function toStatus(endpoint: string, j: Json): EtcdEndpointStatus {
  const s = rec(j);
  const header = rec(s.header);
  const status: EtcdEndpointStatus = {
    endpoint,
    memberId: big(header.member_id),
    leader: big(s.leader),
    raftTerm: num(s.raftTerm),
    raftIndex: num(s.raftIndex),
    raftAppliedIndex: num(s.raftAppliedIndex),
    dbSize: num(s.dbSize),
    dbSizeInUse: num(s.dbSizeInUse),
    version: typeof s.version === 'string' ? s.version : '',
  };
  if (s.isLearner === true) status.isLearner = true;
  return status;
}

function toMembers(j: Json): EtcdMember[] {
  const members = rec(j).members;
  if (!Array.isArray(members)) return [];
  return members.map((m) => {
    const r = rec(m);
    return {
      id: big(r.ID),
      name: typeof r.name === 'string' ? r.name : '',
      peerURLs: strs(r.peerURLs),
      clientURLs: strs(r.clientURLs),
      isLearner: r.isLearner === true,
    };
  });
}

function toAlarms(j: Json): EtcdAlarm[] {
  const alarms = rec(j).alarms;
  if (!Array.isArray(alarms)) return [];
  return alarms
    .map((a) => rec(a))
    .filter((a) => typeof a.alarm === 'string' && a.alarm !== 'NONE')
    .map((a) => ({ memberId: big(a.memberID), alarm: String(a.alarm) }));
}

/** Probe one endpoint: status, member list, alarms and /health concurrently, under one deadline. */
async function readEndpoint(endpoint: string, pem: PemMaterial, timeoutMs: number): Promise<EndpointRead> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const signal = controller.signal;
  const json = async (path: string, body: string): Promise<Json> =>
    parseJson(await okText(await call(endpoint, path, body, pem, signal), path));
  // The alarm list goes through Raft and /health does a linearizable read: both hang on a member
  // without a leader (quorum lost) until etcd's own request timeout. Once that member's status
  // says "no leader", they get only a short grace, so a quorum loss never costs the full timeout.
  const slow = new AbortController();
  const abortSlow = (): void => slow.abort();
  signal.addEventListener('abort', abortSlow);
  const statusCall = json('v3/maintenance/status', '{}');
  let grace: NodeJS.Timeout | undefined;
  statusCall.then(
    (j) => {
      if (big(rec(j).leader) === 0n) grace = setTimeout(abortSlow, LEADERLESS_GRACE_MS);
    },
    () => undefined, // classified below, with the other results
  );
  const [status, members, alarms, health] = await Promise.allSettled([
    statusCall,
    json('v3/cluster/member/list', '{}'),
    (async () =>
      parseJson(
        await okText(
          await call(endpoint, 'v3/maintenance/alarm', '{"action":"GET"}', pem, slow.signal),
          'alarm',
        ),
      ))(),
    call(endpoint, 'health', null, pem, slow.signal),
  ]);
  clearTimeout(grace);
  clearTimeout(timer);
  signal.removeEventListener('abort', abortSlow);
  const out: EndpointRead = { endpoint, status: null, members: null, alarms: null, error: null };
  if (status.status === 'fulfilled') {
    out.status = toStatus(endpoint, status.value);
    if (health.status === 'fulfilled') {
      let healthy = false;
      try {
        healthy = health.value.status === 200 && rec(parseJson(health.value.text)).health === 'true';
      } catch {
        // an unparsable /health body counts as not healthy (the status call above already answered)
        healthy = false;
      }
      out.status.health = healthy;
    }
  }
  if (members.status === 'fulfilled') out.members = toMembers(members.value);
  if (alarms.status === 'fulfilled') out.alarms = toAlarms(alarms.value);
  const failed = [status, members].find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (out.status === null && failed !== undefined) {
    const reason: unknown = failed.reason;
    const httpStatus =
      typeof reason === 'object' && reason !== null && 'httpStatus' in reason
        ? Number((reason as { httpStatus: unknown }).httpStatus)
        : null;
    const classified =
      httpStatus !== null
        ? {
            kind: 'http' as const,
            message: `answered HTTP ${httpStatus} (is this the etcd client port, version 3.4 or later?)`,
          }
        : classifyEtcdError(reason, timeoutMs, timedOut);
    out.error = { endpoint, ...classified };
  }
  return out;
}

async function readPem(tls: EtcdTlsFiles): Promise<PemMaterial | EtcdEndpointError['message']> {
  const entries = [
    ['CA certificate', tls.ca],
    ['client certificate', tls.cert],
    ['client key', tls.key],
  ] as const;
  const out: Buffer[] = [];
  for (const [what, file] of entries) {
    try {
      out.push(await readFile(file));
    } catch (err) {
      return `cannot read the ${what} ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
    }
  }
  const [ca, cert, key] = out as [Buffer, Buffer, Buffer];
  registerSecretValues([key.toString('utf8')]);
  return { ca, cert, key };
}

/**
 * Probe etcd. Never throws for etcd-side problems: unreadable certificate files, TLS failures,
 * refused or hung endpoints all come back as `endpointErrors` (and as lines in `errors`).
 *
 * The member list is taken from the leader's answer when the leader answered, else from the
 * member with the highest Raft index. Alarms are the union over the endpoints that answered.
 *
 * @param options - endpoints, TLS files, per-endpoint timeout (ms), known quota (bytes)
 * @returns the status with `source: 'live'`; `members` is empty when no endpoint answered the
 *   member list; `probeMs` is the wall time, in ms, at most about `timeoutMs`
 */
export async function probeEtcd(options: ProbeEtcdOptions): Promise<EtcdStatus> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_ETCD_TIMEOUT_MS;
  const endpoints = [...new Set(options.endpoints)];
  const pem = await readPem(options.tls);
  let reads: EndpointRead[];
  if (typeof pem === 'string') {
    reads = endpoints.map((endpoint) => ({
      endpoint,
      status: null,
      members: null,
      alarms: null,
      error: { endpoint, kind: 'tls', message: pem },
    }));
  } else {
    reads = await Promise.all(endpoints.map((e) => readEndpoint(e, pem, timeoutMs)));
  }

  const statuses = reads.map((r) => r.status).filter((s): s is EtcdEndpointStatus => s !== null);
  const leaderId = statuses.find((s) => s.leader !== 0n)?.leader ?? null;
  const withMembers = reads.filter((r) => r.members !== null);
  const fromLeader = withMembers.find((r) => leaderId !== null && r.status?.memberId === leaderId);
  const freshest = [...withMembers].sort(
    (a, b) => (b.status?.raftIndex ?? -1) - (a.status?.raftIndex ?? -1),
  )[0];
  const members = (fromLeader ?? freshest)?.members ?? [];

  const alarmKeys = new Set<string>();
  const alarms: EtcdAlarm[] = [];
  for (const a of reads.flatMap((r) => r.alarms ?? [])) {
    const key = `${a.memberId}/${a.alarm}`;
    if (!alarmKeys.has(key)) {
      alarmKeys.add(key);
      alarms.push(a);
    }
  }
  const alarmsRead = reads.some((r) => r.alarms !== null);
  const endpointErrors = reads.map((r) => r.error).filter((e): e is EtcdEndpointError => e !== null);
  const status: EtcdStatus = {
    source: 'live',
    members,
    endpointStatus: statuses,
    errors: endpointErrors.map((e) => `${endpointHostPort(e.endpoint)}: ${e.message}`),
    endpointErrors,
    alarms,
    alarmsRead,
    probeMs: Math.round(performance.now() - started),
  };
  if (options.dbSizeQuota !== undefined) status.dbSizeQuota = options.dbSizeQuota;
  return status;
}
