/**
 * A kubeconfig whose exec credential plugin never finishes (here `sleep 30`) must not hold a read
 * past its deadline (attack finding F4: `ask --request-timeout 1s` took 31 s): credential
 * preparation is raced against the read's deadline and fails with a message naming the plugin.
 * Exec plugins: https://kubernetes.io/docs/reference/access-authn-authz/authentication/#client-go-credential-plugins
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { ClusterReadError } from '../../src/errors.js';
import { explainClusterReadFailure } from '../../src/explain/explain-messages.js';

describe('exec credential plugin slower than the read deadline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'exec-plugin-'));
  const pidFile = join(dir, 'plugin.pid');

  afterAll(() => {
    // The plugin the read gave up on: ours to end (its pid was written by the plugin itself).
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').trim()));
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails with cluster-timeout naming the credential plugin, at the deadline', async () => {
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'c', server: 'https://127.0.0.1:1', skipTLSVerify: true }],
      users: [
        {
          name: 'u',
          exec: {
            apiVersion: 'client.authentication.k8s.io/v1beta1',
            command: 'sh',
            args: ['-c', `echo $$ > ${pidFile}; exec sleep 30`],
            interactiveMode: 'Never',
          },
        },
      ],
      contexts: [{ name: 'c', cluster: 'c', user: 'u' }],
      currentContext: 'c',
    });
    const failure = await readSnapshot({
      kubeConfig: kc,
      cluster: 'c',
      focusNode: null,
      deadlineMs: 1000,
      requestTimeoutMs: 1000,
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(ClusterReadError);
    expect((failure as ClusterReadError).code).toBe('cluster-timeout');
    expect((failure as Error).message).toBe("the kubeconfig's credential plugin did not finish within 1 s");
    // The answer names the plugin, not a silent API server.
    const reply = explainClusterReadFailure(
      { locale: 'en', requestId: 'r1', cluster: 'c' },
      'cluster-timeout',
      (failure as ClusterReadError).facts,
      1,
    );
    expect(reply.summary).toMatch(
      /^The kubeconfig's credential plugin \(exec\) for c did not finish within 1 s, so the API server was not asked/,
    );
  });
});
