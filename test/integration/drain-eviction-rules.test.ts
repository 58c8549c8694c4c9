/**
 * Drain answers on the kubectl-oracle groups of issue 28 (test/fixtures/drain-oracle/, each file
 * written from the rule it tests, before the bot ran): what kube-apiserver answers each eviction
 * (pkg/registry/core/pod/storage/eviction.go) and what kubectl drain does with that answer
 * (k8s.io/kubectl/pkg/drain/drain.go: retry on 429, stop on anything else).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { snapshotAnswers } from '../helpers/snapshot-answers.js';

const DIR = join(process.cwd(), 'test/fixtures/drain-oracle');
const answers = snapshotAnswers({
  g1: join(DIR, 'g1-always-allow-not-ready.json'),
  g2: join(DIR, 'g2-if-healthy-budget-not-ready.json'),
  g3: join(DIR, 'g3-two-budgets-one-pod.json'),
  g4: join(DIR, 'g4-budget-one-two-pods-here.json'),
  g5: join(DIR, 'g5-budget-status-not-computed.json'),
});
afterAll(() => answers.close());
const ask = answers.ask;
const POD = 'payments/payments-26grdhrgz7-7w84l';

describe('a not-Ready pod under its budget policy is evicted (oracle groups 1, 2)', () => {
  it.each([
    ['g1', 'AlwaysAllow'],
    ['g2', 'IfHealthyBudget'],
  ])('%s (%s): not refused, evicted and recreated elsewhere', async (file, policy) => {
    const en = await ask(file, 'can I drain indus-wk-1', 'en');
    expect(en).not.toMatch(/HTTP 429/);
    expect(en).toMatch(new RegExp(`unhealthyPodEvictionPolicy \\(${policy}\\) lets their eviction through`));
    expect(en).toMatch(/The drain evicts 1 pod;/);
    const ko = await ask(file, 'indus-wk-1 드레인해도 돼?', 'ko');
    expect(ko).not.toMatch(/HTTP 429/);
  });
});

describe('two budgets over one pod: HTTP 500, the drain stops (oracle group 3)', () => {
  it('g3: says it stops at the pod, never "429 and kubectl retries" nor "the drain can proceed"', async () => {
    const en = await ask('g3', 'can I drain indus-wk-1', 'en');
    expect(en).toMatch(new RegExp(`The drain stops with an error at ${POD}`));
    expect(en).toMatch(/HTTP 500/);
    expect(en).not.toMatch(/HTTP 429|kubectl retries until|the drain can proceed/);
    const ko = await ask('g3', 'indus-wk-1 드레인해도 돼?', 'ko');
    expect(ko).toMatch(/HTTP 500/);
    expect(ko).not.toMatch(/HTTP 429|드레인을 진행할 수 있습니다/);
  });
});

describe('a budget allowing 1 with 2 pods here, the replacement placeable nowhere (oracle group 4)', () => {
  it('g4: the drain evicts 1 pod and names the one refused for ever', async () => {
    const en = await ask('g4', 'can I drain indus-wk-1', 'en');
    expect(en).not.toMatch(/The drain evicts 2 pods/);
    expect(en).toMatch(/The drain evicts 1 pod/);
    expect(en).toMatch(/payments\/payments-26grdhrgz7-z5k8n is refused \(HTTP 429\) for ever/);
    expect(en).toMatch(/the drain, at payments\/payments-26grdhrgz7-z5k8n: payments\/payments-pdb refuses/);
    expect(en).not.toMatch(/it is the only node/);
  });
});

describe('a budget whose status the disruption controller never computed (issue 28, real kube-apiserver)', () => {
  it('g5: refused (429, "still being processed"), said as not computed, advice to run the controller', async () => {
    const en = await ask('g5', 'can I drain indus-wk-1', 'en');
    expect(en).toMatch(/the disruption controller has not computed its status/);
    expect(en).toMatch(/HTTP 429/);
    expect(en).toMatch(/kube-controller-manager runs with its disruption controller/);
    expect(en).not.toMatch(/Wait until payments-pdb allows a disruption|of 0 expected pods|scale up first/);
    const ko = await ask('g5', 'indus-wk-1 드레인해도 돼?', 'ko');
    expect(ko).toMatch(/disruption 컨트롤러가 현재 spec에 대한 status를 아직 계산하지 않았습니다/);
  });
});
