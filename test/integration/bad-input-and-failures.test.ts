/**
 * Bad input gets a clear answer and runs nothing; API failures give honest answers in time.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { yamlToSnapshotJson } from '../../src/cluster/snapshot-formats.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/start-simulator.js';
import { runCli } from '../helpers/run-cli.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const demo: BotConfig = {
  source: 'test',
  clusters: {
    demo: { kind: 'snapshot', snapshot: SCENARIO, requestTimeoutMs: 5000, deadlineMs: 20000 },
    prod: { kind: 'snapshot', snapshot: SCENARIO, requestTimeoutMs: 5000, deadlineMs: 20000 },
  },
  defaultCluster: 'demo',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};

describe('bad input is answered by the adapter and runs nothing', () => {
  const cases: [string, string, RegExp][] = [
    ['empty text', '   ', /empty/i],
    ['10 KB of text', `can I reboot ${'a'.repeat(10 * 1024)}`, /too long/i],
    ['control characters', 'can I reboot master-2\u0007', /control characters/i],
    ['ANSI escapes', 'can I reboot \u001b[31mmaster-2\u001b[0m', /control characters|escape/i],
    ['shell injection', 'can I reboot master-2; rm -rf /', /Not part of a node name: ; \//],
    ['gibberish', 'make me a sandwich', /did not understand/i],
    ['unknown cluster', 'can I reboot atlas-cp-2 --cluster prd', /No cluster named prd; did you mean prod\?/],
  ];
  it.each(cases)('%s', async (_name, text, expected) => {
    const run = jest.fn<(job: AnswerJob) => Promise<Reply>>();
    const outcome = await handleConsoleRequest({ text }, demo, run);
    expect(run).not.toHaveBeenCalled();
    expect(outcome.ran).toBe(false);
    expect(outcome.exitCode).toBe(2);
    const text2 = renderText(outcome.reply);
    expect(text2).toMatch(expected);
    expect(text2).not.toContain('rm -rf');
    expect(text2).not.toContain('\u001b');
    expect(outcome.reply.verdict).toBeNull();
  });

  it('an unknown node gets "no node named X; did you mean Y?" and no verdict', async () => {
    const service = createAnswerService({ config: demo });
    try {
      const outcome = await handleConsoleRequest({ text: 'can I reboot atlas-cp-9' }, demo, (job) =>
        service.answer(job),
      );
      expect(outcome.reply.summary).toMatch(
        /No node named atlas-cp-9 in demo; did you mean atlas-cp-1, atlas-cp-2 or atlas-cp-3\?/,
      );
      expect(outcome.reply.verdict).toBeNull();
      expect(outcome.exitCode).toBe(2);
    } finally {
      await service.close();
    }
  });
});

describe('the CLI refuses broken set-up with the exact place to fix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-ha-bot-cli-'));

  it('a malformed snapshot file names the line and column', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      '{\n  "cluster": {\n    "kind": "List",\n    "items": [ { "kind": "Node", } ]\n  }\n}\n',
    );
    const r = await runCli(['ask', '--snapshot', bad, 'can I reboot x']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.json:4:\d+/);
    expect(r.out).toBe('');
  });

  it('a snapshot item without a name names the field', async () => {
    const bad = join(dir, 'noname.json');
    writeFileSync(
      bad,
      JSON.stringify({ cluster: { kind: 'List', items: [{ kind: 'Node', metadata: {} }] } }),
    );
    const r = await runCli(['ask', '--snapshot', bad, 'status']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/items\[0\]\.metadata\.name/);
  });

  describe('YAML aliases are counted against the file before they are expanded (issue 33 finding 7)', () => {
    const refused = /more than 10 times its size .*refused before expanding.*write the file without aliases/;
    /** `ask --snapshot` on a file of this text. */
    const askSnapshot = (name: string, text: string): ReturnType<typeof runCli> => {
      writeFileSync(join(dir, name), text);
      return runCli(['ask', '--snapshot', join(dir, name), 'status']);
    };
    /** A "billion laughs": 10 `word`s, then `levels` - 1 anchors of 10 aliases of the one before. */
    const laughs = (levels: number, word: string): string => {
      const lines = [`a0: &a0 [${Array(10).fill(JSON.stringify(word)).join(',')}]`];
      for (let i = 1; i < levels; i++)
        lines.push(
          `a${i}: &a${i} [${Array(10)
            .fill(`*a${i - 1}`)
            .join(',')}]`,
        );
      return lines.join('\n');
    };

    it('a "billion laughs" snapshot is refused with exit code 2, naming the limit and the fix', async () => {
      const r = await askSnapshot(
        'bomb.yaml',
        `${laughs(10, 'lol')}\nkind: List\napiVersion: v1\nitems: [*a9]\n`,
      );
      expect(r.code).toBe(2);
      expect(r.err).toMatch(refused);
      expect(r.err).toContain('bomb.yaml');
    });

    it('one anchor aliased 99 times (a 100x amplification under any alias count) is refused with exit code 2', async () => {
      const r = await askSnapshot(
        'alias99.yaml',
        `apiVersion: v1\nkind: List\nitems:\n- &p {kind: ConfigMap, metadata: {name: a, annotations: {k: "${'x'.repeat(20_000)}"}}}\n${'- *p\n'.repeat(99)}`,
      );
      expect(r.code).toBe(2);
      expect(r.err).toMatch(refused);
    });

    it('an alias inside the node it refers to is refused with exit code 2', async () => {
      const r = await askSnapshot(
        'cyclic.yaml',
        'apiVersion: v1\nkind: List\nitems: &i [{kind: Node, metadata: {name: n}}, *i]\n',
      );
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/an alias refers to a node that contains it/);
    });

    it('a configuration file whose aliases explode is refused by config check with exit code 2', async () => {
      const config = join(dir, 'bomb-config.yaml');
      writeFileSync(config, `${laughs(8, 'x')}\nclusters: {}\n`);
      const r = await runCli(['--config', config, 'config', 'check']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(refused);
    });

    it('aliases that expand little are read, however many (no alias count)', () => {
      const items = Array.from(
        { length: 150 },
        (_, i) => `- {kind: ConfigMap, metadata: {name: c${i}, labels: *l}}`,
      );
      const text = `apiVersion: v1\nkind: List\nlabels: &l {app: x}\nitems:\n${items.join('\n')}\n`;
      const list = JSON.parse(yamlToSnapshotJson(text, 'many.yaml')) as { items: { metadata: unknown }[] };
      expect(list.items).toHaveLength(150);
      expect(list.items[149]?.metadata).toEqual({ name: 'c149', labels: { app: 'x' } });
    });
  });

  it('a kubeconfig context that does not exist is named with its setting', async () => {
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: { server: "http://127.0.0.1:1" }\nusers:\n- name: u\n  user: {}\ncontexts:\n- name: real\n  context: { cluster: c, user: u }\ncurrent-context: real\n',
    );
    const config = join(dir, 'bot.yaml');
    writeFileSync(config, `clusters:\n  prod:\n    context: nope\n    kubeconfig: ${kubeconfig}\n`);
    const check = await runCli(['--config', config, 'config', 'check']);
    expect(check.code).toBe(2);
    expect(check.err).toMatch(/clusters\.prod\.context: no context "nope" in kubeconfig \(available: real\)/);
    const ask = await runCli(['--config', config, 'ask', 'status']);
    expect(ask.code).toBe(2);
    expect(ask.err).toMatch(/clusters\.prod\.context/);
  });

  it('--version prints the package version', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('simulate on a port in use says so and exits 2, no stack trace', async () => {
    const { createServer } = await import('node:net');
    const busy = createServer();
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok));
    const port = (busy.address() as { port: number }).port;
    try {
      const r = await runCli(['simulate', SCENARIO, '--port', String(port)]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        new RegExp(`cannot listen on 127.0.0.1:${port} \\(EADDRINUSE\\); choose another --port`),
      );
      expect(r.err).not.toMatch(/\n\s+at /);
    } finally {
      busy.close();
    }
  });

  it('an unknown cluster on the command line gets suggestions', async () => {
    const r = await runCli(['ask', '--cluster', 'dmeo', 'status']);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/No cluster named dmeo; did you mean demo\?/);
  });
});

describe('API failures give honest answers within the deadline', () => {
  let sim: RunningSimulator;
  const dir = mkdtempSync(join(tmpdir(), 'k8s-ha-bot-faults-'));
  let config: BotConfig;

  beforeAll(async () => {
    sim = await startSimulator({ file: await loadSnapshotFile(SCENARIO) });
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, sim.kubeconfig);
    const contexts = /current-context:\s*(\S+)/.exec(sim.kubeconfig)?.[1] ?? 'simulator';
    config = {
      ...demo,
      clusters: {
        live: { kind: 'context', context: contexts, kubeconfig, requestTimeoutMs: 1000, deadlineMs: 3000 },
        dead: {
          kind: 'context',
          context: contexts,
          kubeconfig: join(dir, 'dead'),
          requestTimeoutMs: 1000,
          deadlineMs: 3000,
        },
        nameless: {
          kind: 'context',
          context: contexts,
          kubeconfig: join(dir, 'nameless'),
          requestTimeoutMs: 1000,
          deadlineMs: 3000,
        },
      },
      defaultCluster: 'live',
    };
    writeFileSync(join(dir, 'dead'), sim.kubeconfig.replace(sim.url, 'http://127.0.0.1:1'));
    // RFC 2606: .invalid never resolves.
    writeFileSync(join(dir, 'nameless'), sim.kubeconfig.replace(sim.url, 'http://apiserver.invalid:6443'));
  });
  afterAll(() => sim.close());

  const ask = async (cluster: string, text: string, lang?: 'ko'): Promise<{ reply: Reply }> => {
    const service = createAnswerService({ config });
    try {
      const outcome = await handleConsoleRequest(
        { text, cluster, ...(lang ? { lang } : {}) },
        config,
        (job) => service.answer(job),
      );
      return { reply: outcome.reply };
    } finally {
      await service.close();
    }
  };

  it('an unreachable apiserver: no verdict, says the data plane keeps serving', async () => {
    const { reply } = await ask('dead', 'can I reboot atlas-cp-2');
    expect(reply.verdict).toBeNull();
    expect(reply.summary).toMatch(/could not be reached/);
    expect(reply.summary).toMatch(/data plane .* keeps serving/);
  });

  // Issue 33 item 15: where it was asked (host:port, no credentials) and the class of the failure.
  it.each([
    ['dead', undefined, 'The API server of dead at 127.0.0.1:1 could not be reached: connection refused'],
    [
      'dead',
      'ko',
      'dead의 apiserver(127.0.0.1:1)에 연결할 수 없어 판정을 내리지 않습니다: 연결이 거부되었습니다',
    ],
    [
      'nameless',
      undefined,
      'at apiserver.invalid:6443 could not be reached: its host name does not resolve (DNS)',
    ],
    [
      'nameless',
      'ko',
      '(apiserver.invalid:6443)에 연결할 수 없어 판정을 내리지 않습니다: 호스트 이름을 찾을 수 없습니다 (DNS)',
    ],
  ] as const)('cluster %s unreachable (%s): names the address and why', async (cluster, lang, says) => {
    const { reply } = await ask(cluster, 'can I reboot atlas-cp-2', lang);
    expect(reply.verdict).toBeNull();
    expect(reply.summary).toContain(says);
  });

  it('403 on PodDisruptionBudgets: verdict no better than caution, naming what could not be read', async () => {
    sim.setFaults({ forbidden: ['poddisruptionbudgets'] });
    try {
      const { reply } = await ask('live', 'can I reboot atlas-cp-2');
      expect(reply.verdict === 'caution' || reply.verdict === 'unsafe').toBe(true);
      expect(renderText(reply)).toMatch(/Could not read PodDisruptionBudgets: forbidden/);
      expect(
        reply.findings.some((f) => f.check === 'read-error' && f.facts.resource === 'poddisruptionbudgets'),
      ).toBe(true);
    } finally {
      sim.setFaults({});
    }
  });

  it('a slow apiserver: answers within the deadline, naming what timed out', async () => {
    sim.setFaults({ delayMs: { leases: 10_000 } });
    try {
      const { reply } = await ask('live', 'can I reboot atlas-cp-2');
      // the Leases answer after 10 s: the timed-out read below says the deadline ended the wait
      expect(renderText(reply)).toMatch(/Could not read Leases: timed out/);
      expect(reply.verdict === 'caution' || reply.verdict === 'unsafe').toBe(true);
    } finally {
      sim.setFaults({});
    }
  });

  it('a slow node list (nothing to analyse): says it timed out, no verdict', async () => {
    sim.setFaults({ delayMs: { nodes: 10_000 } });
    try {
      const { reply } = await ask('live', 'status');
      expect(reply.verdict).toBeNull();
      expect(reply.summary).toMatch(/did not answer|could not be reached/);
      // How long it really waited (the 1 s request time-out), not the 3 s read deadline.
      expect(reply.summary).toContain('did not answer within 1 s');
    } finally {
      sim.setFaults({});
    }
  });

  it('etcd down: status names etcd and what /readyz reported, not a time-out, and exits 1', async () => {
    // What kube-apiserver does with etcd down: /readyz answers at once (HTTP 500, `[-]etcd failed`),
    // while reads that need etcd hang.
    const file = await loadSnapshotFile(SCENARIO);
    const etcdDown = await startSimulator({
      file: {
        ...file,
        readyz: (file.readyz ?? '')
          .replace('[+]etcd ok', '[-]etcd failed: reason withheld')
          .replace('[+]etcd-readiness ok', '[-]etcd-readiness failed: reason withheld'),
      },
      faults: { delayMs: { '*': 10_000, readyz: 0 } },
    });
    try {
      const kubeconfig = join(dir, 'etcd-down');
      writeFileSync(kubeconfig, etcdDown.kubeconfig);
      const contexts = /current-context:\s*(\S+)/.exec(etcdDown.kubeconfig)?.[1] ?? 'simulator';
      const downConfig: BotConfig = {
        ...config,
        clusters: {
          down: { kind: 'context', context: contexts, kubeconfig, requestTimeoutMs: 1000, deadlineMs: 3000 },
        },
        defaultCluster: 'down',
      };
      for (const [lang, etcdWords] of [
        ['en', /reports etcd failing \(HTTP 500\) and the node list got no answer within 1 s/],
        ['ko', /etcd 실패를 보고하고\(HTTP 500\)/],
      ] as const) {
        const service = createAnswerService({ config: downConfig });
        try {
          const outcome = await handleConsoleRequest({ text: 'status', lang }, downConfig, (job) =>
            service.answer(job),
          );
          expect(outcome.exitCode).toBe(1);
          expect(outcome.reply.verdict).toBeNull();
          expect(outcome.reply.summary).toMatch(etcdWords);
          const text = renderText(outcome.reply);
          expect(text).toContain('[-]etcd failed: reason withheld');
          expect(text).toContain('[-]etcd-readiness failed: reason withheld');
          expect(text).not.toMatch(/did not answer within 3 s|3초 안에/);
        } finally {
          await service.close();
        }
      }
    } finally {
      await etcdDown.close();
    }
  });
});
