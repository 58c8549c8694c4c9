/**
 * A real, throw-away Prometheus Alertmanager for tests (Debian's `prometheus-alertmanager`): a
 * free loopback port, a temp storage dir, clustering off, one receiver that sends nowhere.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WAIT_CEILING_MS } from './eventually.js';
import { freePort } from './redis-server.js';

/** Path of the Alertmanager binary. */
export const ALERTMANAGER_BIN = process.env.ALERTMANAGER_BIN ?? '/usr/bin/prometheus-alertmanager';

/** A running Alertmanager. */
export interface AlertmanagerServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Fire an alert with these labels now (POST /api/v2/alerts), lasting `forMs` (default 10 min). */
  fire(labels: Record<string, string>, forMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Start Alertmanager and wait until it answers /-/ready. */
export async function startAlertmanager(): Promise<AlertmanagerServer> {
  const dir = await mkdtemp(join(tmpdir(), 'am-'));
  const config = join(dir, 'alertmanager.yml');
  await writeFile(config, 'route:\n  receiver: nowhere\n  group_wait: 1s\nreceivers:\n  - name: nowhere\n');
  const port = await freePort();
  const child: ChildProcess = spawn(
    ALERTMANAGER_BIN,
    [
      `--config.file=${config}`,
      `--web.listen-address=127.0.0.1:${port}`,
      `--storage.path=${join(dir, 'data')}`,
      '--cluster.listen-address=',
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-2000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + WAIT_CEILING_MS;
  for (;;) {
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`alertmanager did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async fire(labels, forMs = 600_000) {
      const now = Date.now();
      const res = await fetch(`${url}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([
          {
            labels,
            startsAt: new Date(now - 1000).toISOString(),
            endsAt: new Date(now + forMs).toISOString(),
          },
        ]),
      });
      if (!res.ok) throw new Error(`alertmanager refused the alert: ${res.status} ${await res.text()}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
