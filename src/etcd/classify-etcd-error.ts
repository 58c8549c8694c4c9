/**
 * Turn what Node's TLS/HTTP stack throws while talking to an etcd endpoint into a short,
 * chat-safe reason with a kind (`tls`, `timeout`, `refused`, `unreachable`, `http`, `error`).
 * The wording follows what operators know from etcdctl / Go (`certificate signed by unknown
 * authority`), so a finding reads like the tool they would run next.
 */
import type { EtcdEndpointErrorKind } from '../cluster/types.js';

/** A classified failure: kind and a message without upstream bodies or secrets. */
export interface ClassifiedEtcdError {
  kind: EtcdEndpointErrorKind;
  message: string;
}

/** Client-side verification failures of the server certificate (OpenSSL verify codes, as Node reports them). */
const UNKNOWN_AUTHORITY = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
]);

/** TLS alerts the server sends when it refuses our client certificate (TLS 1.2 and 1.3 names). */
const CLIENT_CERT_REFUSED: Readonly<Record<string, string>> = {
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA:
    'etcd refused the client certificate: signed by an authority it does not trust',
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE:
    'etcd refused the client certificate (bad certificate: wrong authority, expired, or not for client auth)',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED: 'etcd refused the client certificate: it has expired',
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: 'etcd requires a client certificate and none was sent',
  ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE:
    'TLS handshake refused by etcd (client certificate missing or not accepted)',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN: 'etcd refused the client certificate (certificate unknown)',
  ERR_SSL_TLSV1_ALERT_DECRYPT_ERROR: 'etcd could not verify the client certificate signature',
};

/**
 * Classify an error thrown while requesting one etcd endpoint.
 * @param err - what the request rejected with (Node `Error` with `code`, or anything)
 * @param timeoutMs - the per-endpoint timeout, in ms (named in timeout messages)
 * @param timedOut - whether our own deadline aborted the request
 * @returns kind and message
 */
export function classifyEtcdError(err: unknown, timeoutMs: number, timedOut: boolean): ClassifiedEtcdError {
  if (timedOut) return { kind: 'timeout', message: `no answer within ${timeoutMs} ms` };
  const code =
    typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  const text = err instanceof Error ? err.message : String(err);
  if (UNKNOWN_AUTHORITY.has(code)) return { kind: 'tls', message: 'certificate signed by unknown authority' };
  if (code === 'CERT_HAS_EXPIRED') return { kind: 'tls', message: 'the server certificate has expired' };
  if (code === 'CERT_NOT_YET_VALID')
    return { kind: 'tls', message: 'the server certificate is not yet valid' };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return {
      kind: 'tls',
      message: 'the server certificate is not valid for this address (subjectAltName mismatch)',
    };
  const refused = CLIENT_CERT_REFUSED[code];
  if (refused !== undefined) return { kind: 'tls', message: refused };
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_OSSL_') || code.startsWith('ERR_TLS_')) {
    return { kind: 'tls', message: `TLS failure (${code})` };
  }
  if (code === 'ECONNREFUSED') return { kind: 'refused', message: 'connection refused' };
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return {
      kind: 'error',
      message:
        'connection reset (during the TLS handshake this usually means the client certificate was refused)',
    };
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return { kind: 'unreachable', message: `unreachable (${code})` };
  }
  if (code === 'ETIMEDOUT') return { kind: 'timeout', message: `no answer within ${timeoutMs} ms` };
  return { kind: 'error', message: code !== '' ? `${code}` : text.slice(0, 120) };
}
