/**
 * Certificates as the worker sees them (the daily report): the API server's serving
 * certificate from our own TLS handshake with every API server endpoint we can reach (the
 * kubeconfig's server and the addresses of the `default/kubernetes` EndpointSlices), the etcd
 * members' serving certificates (a direct handshake with the etcd entry's client certificate), and
 * the bot's own kubeconfig client certificate. Nothing is verified here (the reads do that): only
 * `notAfter` is taken. An endpoint that does not answer gives an observation with `error`. At most
 * {@link MAX_APISERVER_PROBES} API server addresses are probed (the kubeconfig's first); the rest
 * are one observation saying how many were not probed (an EndpointSlice may list any number).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { KubeAccess } from './static-kubeconfig.js';
import type { EtcdStatus, KEndpointSlice } from './types.js';

/** Where a certificate was seen. */
export type CertificateSource = 'apiserver' | 'etcd' | 'kubeconfig-client';

/** One certificate as a probe saw it (src/cluster/probe-certificates.ts). */
export interface CertificateObservation {
  source: CertificateSource;
  /** `host:port` of the endpoint, or `kubeconfig` for the client certificate. */
  endpoint: string;
  /** etcd member name, when known. */
  member?: string;
  /** `notAfter` as RFC 3339, or null when it could not be read (see `error`). */
  notAfter: string | null;
  /** Subject common name, when there is one. */
  subject?: string;
  /** Why it could not be read (chat-safe, short), when it could not. */
  error?: string;
}

/** Most API server endpoints probed by one {@link probeCertificates} (HA control planes have 3 to 5). */
export const MAX_APISERVER_PROBES = 16;

/** Options of one handshake. */
interface HandshakeOptions {
  host: string;
  port: number;
  /** SNI name (not sent for an IP address). */
  servername?: string;
  timeoutMs: number;
  ca?: string;
  cert?: string;
  key?: string;
}

/**
 * The peer certificate's `notAfter` from one TLS handshake.
 * @returns the notAfter (RFC 3339) and subject CN
 * @throws when the connection or handshake fails or times out (message: the error code)
 */
export function handshakeNotAfter(o: HandshakeOptions): Promise<{ notAfter: string; subject?: string }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: o.host,
      port: o.port,
      rejectUnauthorized: false, // only the dates are read; the API and etcd reads verify
      ...(o.servername && !/^[\d.:]+$/.test(o.servername) ? { servername: o.servername } : {}),
      ...(o.ca ? { ca: o.ca } : {}),
      ...(o.cert ? { cert: o.cert } : {}),
      ...(o.key ? { key: o.key } : {}),
    });
    const timer = setTimeout(
      () => socket.destroy(new Error(`no handshake within ${o.timeoutMs} ms`)),
      o.timeoutMs,
    );
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const peer = socket.getPeerCertificate();
      socket.end();
      if (!peer.raw) {
        reject(new Error('no peer certificate'));
        return;
      }
      const x = new X509Certificate(peer.raw);
      const cn = /CN=([^\n,]+)/.exec(x.subject)?.[1];
      resolve({ notAfter: new Date(x.validTo).toISOString(), ...(cn ? { subject: cn } : {}) });
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(err.code ?? err.message.slice(0, 120)));
    });
  });
}

/** Options of {@link probeCertificates}. */
export interface ProbeCertificatesOptions {
  kubeConfig: KubeAccess;
  /** EndpointSlices of `default/kubernetes` (every API server address). */
  apiserverEndpointSlices: readonly KEndpointSlice[];
  /** The cluster's etcd entry (PEM file paths and endpoints), when there is one. */
  etcd?: { endpoints: readonly string[]; ca: string; cert: string; key: string };
  /** etcd status (members' names by client URL), when read. */
  etcdStatus?: EtcdStatus | null;
  /** Timeout of one handshake, in ms. @defaultValue 2000 */
  timeoutMs?: number;
}

function hostPort(url: URL): { host: string; port: number } {
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
  };
}

/**
 * Probe every certificate the report names, in parallel.
 * @param o - see {@link ProbeCertificatesOptions}
 * @returns one observation per endpoint probed (with `error` when it could not be read), one for
 *   the API server addresses past {@link MAX_APISERVER_PROBES} when there are any, and one for the
 *   kubeconfig client certificate when the kubeconfig has one; never rejects
 */
export async function probeCertificates(o: ProbeCertificatesOptions): Promise<CertificateObservation[]> {
  const timeoutMs = o.timeoutMs ?? 2000;
  const jobs: Promise<CertificateObservation>[] = [];
  const server = o.kubeConfig.getCurrentCluster()?.server;
  const seen = new Set<string>();
  let notProbed = 0;
  const api = (host: string, port: number, servername?: string): void => {
    const endpoint = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    if (seen.has(endpoint)) return;
    seen.add(endpoint);
    if (seen.size > MAX_APISERVER_PROBES) {
      notProbed += 1;
      return;
    }
    jobs.push(
      handshakeNotAfter({ host, port, timeoutMs, ...(servername ? { servername } : {}) }).then(
        (c) => ({ source: 'apiserver', endpoint, ...c }),
        (err: unknown) => ({ source: 'apiserver', endpoint, notAfter: null, error: (err as Error).message }),
      ),
    );
  };
  if (server) {
    const u = new URL(server);
    if (u.protocol === 'https:') {
      const { host, port } = hostPort(u);
      api(host, port, host);
    }
  }
  for (const slice of o.apiserverEndpointSlices) {
    const port = slice.ports?.find((p) => p.name === 'https')?.port ?? slice.ports?.[0]?.port;
    if (port === undefined) continue;
    for (const e of slice.endpoints ?? []) for (const a of e.addresses) api(a, port);
  }
  if (notProbed > 0)
    jobs.push(
      Promise.resolve({
        source: 'apiserver',
        endpoint: `${notProbed} more API server addresses`,
        notAfter: null,
        error: `not probed: at most ${MAX_APISERVER_PROBES} API server addresses are`,
      }),
    );
  if (o.etcd) {
    let pems: string[] | null = null;
    let pemError = '';
    try {
      pems = [o.etcd.ca, o.etcd.cert, o.etcd.key].map((f) => readFileSync(f, 'utf8'));
    } catch (err) {
      pemError = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    }
    const [ca, cert, key] = pems ?? [];
    for (const ep of o.etcd.endpoints) {
      if (!URL.canParse(ep)) {
        jobs.push(
          Promise.resolve({ source: 'etcd', endpoint: ep.slice(0, 120), notAfter: null, error: 'not a URL' }),
        );
        continue;
      }
      const { host, port } = hostPort(new URL(ep));
      const member = o.etcdStatus?.members.find(
        (m) => m.clientURLs.includes(ep) || m.clientURLs.includes(ep.replace(/\/$/, '')),
      )?.name;
      const base = { source: 'etcd' as const, endpoint: `${host}:${port}`, ...(member ? { member } : {}) };
      if (pems === null) {
        jobs.push(Promise.resolve({ ...base, notAfter: null, error: `etcd client files: ${pemError}` }));
        continue;
      }
      jobs.push(
        handshakeNotAfter({
          host,
          port,
          servername: host,
          timeoutMs,
          ...(ca ? { ca } : {}),
          ...(cert ? { cert } : {}),
          ...(key ? { key } : {}),
        }).then(
          (c) => ({ ...base, ...c }),
          (err: unknown) => ({ ...base, notAfter: null, error: (err as Error).message }),
        ),
      );
    }
  }
  const client = kubeconfigClientCertificate(o.kubeConfig);
  const out = await Promise.all(jobs);
  if (client) out.push(client);
  return out;
}

/**
 * The kubeconfig user's client certificate (`client-certificate-data` or `client-certificate`).
 * @returns its observation, or null when the user authenticates otherwise (token, exec, OIDC)
 */
export function kubeconfigClientCertificate(kc: KubeAccess): CertificateObservation | null {
  const user = kc.getCurrentUser();
  let pem: string | null = null;
  try {
    if (user?.certData) pem = Buffer.from(user.certData, 'base64').toString('utf8');
    else if (user?.certFile) pem = readFileSync(user.certFile, 'utf8');
    if (pem === null) return null;
    return {
      source: 'kubeconfig-client',
      endpoint: 'kubeconfig',
      notAfter: new Date(new X509Certificate(pem).validTo).toISOString(),
    };
  } catch (err) {
    return {
      source: 'kubeconfig-client',
      endpoint: 'kubeconfig',
      notAfter: null,
      error: (err as Error).message.slice(0, 120),
    };
  }
}
