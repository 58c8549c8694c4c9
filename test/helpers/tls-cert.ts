/**
 * Test helper: a self-signed serving certificate for 127.0.0.1/localhost with a chosen lifetime
 * (the `openssl` CLI), for the simulator's TLS option (certificate expiry end to end).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Make a self-signed EC P-256 certificate valid from now for `days` days.
 * @param days - lifetime in days
 * @returns the PEM certificate and key
 * @throws when `openssl` fails
 */
export async function selfSignedCert(days: number): Promise<{ cert: string; key: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-cert-'));
  try {
    await run(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        String(days),
        '-subj',
        '/CN=kube-apiserver',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { cwd: dir },
    );
    return {
      cert: await readFile(join(dir, 'cert.pem'), 'utf8'),
      key: await readFile(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
