/**
 * With a real 3-member etcd whose member certificates expire in 3 days (short-lived test
 * certificates), the daily HA report names each member's certificate, urgent first.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAnswerService } from '../../src/answer/answer.js';
import type { AnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { startEtcdCluster } from '../helpers/etcd-cluster.js';
import type { EtcdTestCluster } from '../helpers/etcd-cluster.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const NAMES = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3'];

let etcd: EtcdTestCluster;
let service: AnswerService;

beforeAll(async () => {
  etcd = await startEtcdCluster({ names: NAMES, certDays: 3 });
  const config: BotConfig = {
    source: 'test',
    clusters: {
      atlas: {
        kind: 'snapshot',
        snapshot: SCENARIO,
        requestTimeoutMs: 5000,
        deadlineMs: 20000,
        etcd: {
          endpoints: etcd.endpoints,
          ca: etcd.certs.ca,
          cert: etcd.certs.clientCert,
          key: etcd.certs.clientKey,
          // generous: a handshake that times out is reported as unknown (a different test), and
          // a loaded CI machine once took over 1 s for one member
          timeoutMs: 20_000, // a ceiling (the cluster deadline): a stopped member is refused at once
        },
      },
    },
    defaultCluster: 'atlas',
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
  service = createAnswerService({ config });
});

afterAll(async () => {
  await service?.close();
  await etcd?.close();
});

function job(text: string, locale: 'en' | 'ko' = 'en'): AnswerJob {
  return {
    requestId: 'report-etcd',
    text,
    cluster: 'atlas',
    locale,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

describe('the HA report with a real 3-member etcd', () => {
  it('names each member whose certificate expires in 3 days, from a direct TLS handshake', async () => {
    const reply = await service.answer(job('health report'));
    const certs = (reply.healthReport?.items ?? []).filter((i) => i.kind === 'certificate');
    expect(certs.map((i) => [i.variant, i.facts.member, i.facts.days, i.severity]).sort()).toEqual(
      NAMES.map((m) => ['etcd', m, 3, 'block']),
    );
    const lines = reply.sections[0]?.lines ?? [];
    for (const m of NAMES)
      expect(
        lines.some(
          (l) => l.includes(`etcd member ${m} certificate (127.0.0.1:`) && l.includes('expires in 3 days'),
        ),
      ).toBe(true);
    // how to renew is said once, on the first of them
    expect(lines.filter((l) => l.includes('kubeadm certs renew all'))).toHaveLength(1);
    expect(lines[0]).toContain('kubeadm certs renew all');
    if (process.env.SHOW_REPORTS) console.log([reply.summary, ...lines].join('\n'));
    const ko = await service.answer(job('일일 점검', 'ko'));
    expect(
      ko.sections[0]?.lines.filter((l) =>
        /etcd 멤버 atlas-cp-\d 인증서\(127\.0\.0\.1:\d+\)가 3일 후 만료됩니다/.test(l),
      ),
    ).toHaveLength(3);
  });
});
