/**
 * What a failing etcd endpoint becomes: kind and a chat-safe message, from Node's error codes.
 * (The real TLS failures are exercised against etcd in etcd-probe.test.ts.)
 */
import { describe, expect, it } from '@jest/globals';
import { classifyEtcdError } from '../../src/etcd/classify-etcd-error.js';

const err = (code: string): Error => Object.assign(new Error(`boom ${code}`), { code });

describe('classifyEtcdError', () => {
  it.each([
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls', 'certificate signed by unknown authority'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls', 'certificate signed by unknown authority'],
    ['CERT_HAS_EXPIRED', 'tls', 'the server certificate has expired'],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'tls',
      'the server certificate is not valid for this address (subjectAltName mismatch)',
    ],
    ['ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED', 'tls', 'etcd refused the client certificate: it has expired'],
    [
      'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
      'tls',
      'etcd requires a client certificate and none was sent',
    ],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls', 'TLS failure (ERR_SSL_WRONG_VERSION_NUMBER)'],
    ['ECONNREFUSED', 'refused', 'connection refused'],
    ['EHOSTUNREACH', 'unreachable', 'unreachable (EHOSTUNREACH)'],
  ])('%s → %s', (code, kind, message) => {
    expect(classifyEtcdError(err(code), 2000, false)).toEqual({ kind, message });
  });

  it('our own deadline wins over whatever the aborted request said', () => {
    expect(classifyEtcdError(err('ABORT_ERR'), 1500, true)).toEqual({
      kind: 'timeout',
      message: 'no answer within 1500 ms',
    });
  });

  it('never echoes long upstream text', () => {
    const c = classifyEtcdError(new Error('x'.repeat(500)), 2000, false);
    expect(c.kind).toBe('error');
    expect(c.message.length).toBeLessThanOrEqual(120);
  });
});
