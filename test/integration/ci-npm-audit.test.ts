/**
 * The CI audit step (.ci/npm-audit.mjs) runs the real `npm audit --omit=dev --audit-level=high`
 * against a fake registry on loopback: high findings fail, an audit endpoint that answers an HTTP
 * error or cannot be reached is a visible warning (nothing audited), a clean answer passes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

type Mode =
  { kind: 'advisory'; pkg: string; severity: string } | { kind: 'clean' } | { kind: 'status'; code: number };

let mode: Mode = { kind: 'clean' };
let asked: Record<string, string[]> = {};
// npm caches what it computes per advisory id: every answer gets a fresh one
let advisoryId = Date.now();
let cache: string;
let server: Server;
let registry: string;

beforeAll(async () => {
  cache = await mkdtemp(join(tmpdir(), 'npm-audit-cache-'));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && (req.url ?? '').endsWith('/-/npm/v1/security/advisories/bulk')) {
        const raw = Buffer.concat(chunks);
        asked = JSON.parse(
          (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'),
        ) as Record<string, string[]>;
        if (mode.kind === 'status') {
          res.writeHead(mode.code, { Allow: 'GET,HEAD' });
          res.end();
          return;
        }
        const body =
          mode.kind === 'advisory'
            ? {
                [mode.pkg]: [
                  {
                    id: ++advisoryId,
                    url: 'https://advisories.invalid/TEST-1',
                    title: 'test advisory',
                    severity: mode.severity,
                    vulnerable_versions: '>=0.0.0',
                    cwe: [],
                    cvss: { score: 8 },
                  },
                ],
              }
            : {};
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
        return;
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await rm(cache, { recursive: true, force: true });
});

function audit(registryUrl: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['.ci/npm-audit.mjs', '--registry', registryUrl], {
      env: { ...process.env, npm_config_cache: cache },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('CI npm audit step', () => {
  it('fails on a high finding in a production dependency, naming it', async () => {
    mode = { kind: 'advisory', pkg: 'yaml', severity: 'high' };
    const { code, out } = await audit(registry);
    expect(asked.yaml).toBeDefined(); // the lock file's packages were sent
    expect(code).toBe(1);
    expect(out).toContain('1 high findings');
    expect(out).toContain('yaml');
  });

  it('passes with moderate findings only', async () => {
    mode = { kind: 'advisory', pkg: 'yaml', severity: 'moderate' };
    const { code, out } = await audit(registry);
    expect(code).toBe(0);
    expect(out).toContain('no high or critical findings in production dependencies (1 lower)');
  });

  it('ignores a critical finding in a dev-only dependency (--omit=dev)', async () => {
    mode = { kind: 'advisory', pkg: '@swc/core', severity: 'critical' };
    const { code, out } = await audit(registry);
    expect(asked['@swc/core']).toBeUndefined(); // not even asked about
    expect(asked.yaml).toBeDefined();
    expect(code).toBe(0);
    expect(out).toContain('no high or critical findings');
  });

  it('passes when clean', async () => {
    mode = { kind: 'clean' };
    const { code, out } = await audit(registry);
    expect(code).toBe(0);
    expect(out).toContain('(0 lower)');
  });

  it('warns visibly, without failing, when the audit endpoint answers 405', async () => {
    mode = { kind: 'status', code: 405 };
    const { code, out } = await audit(registry);
    expect(code).toBe(0);
    expect(out).toContain('WARNING: npm audit could not reach the registry (HTTP 405');
    expect(out).toContain('NOT audited');
  });

  it('warns visibly when the registry cannot be reached at all', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const { code, out } = await audit(`http://127.0.0.1:${port}/`);
    expect(code).toBe(0);
    expect(out).toMatch(/WARNING: npm audit could not reach the registry \(.*ECONNREFUSED/);
  });
});
