/**
 * Hostile review L2, L3, L4, answered end to end on the demo cluster (examples/ha-3cp.json, also
 * configured as `prod`), en and ko:
 * - kubectl's global flags before the verb (`kubectl options`,
 *   https://kubernetes.io/docs/reference/kubectl/generated/kubectl_options/) are no refusal: a
 *   `--context` naming a configured cluster answers about it; `-n`, `--kubeconfig` or a `--context`
 *   naming no configured cluster are named as not used (before: "Unknown or invalid option");
 * - a value kubectl's flag parsing refuses (pflag: strconv.ParseInt, time.ParseDuration; kubectl
 *   GetDryRunStrategy "Invalid dry-run value") is refused, saying what kubectl accepts (before:
 *   `--grace-period 99999999999999999999999999999` "gives each pod 1e+29 s");
 * - `etcdctl member remove` of a decimal ID (as `member list -w json` prints it), which etcdctl
 *   refuses ("bad member ID arg … expecting ID in Hex", strconv.ParseUint(ID, 16, 64)), is refused
 *   with its hexadecimal form: 17953122995498576309 = f9264e3ea396e9b5, atlas-cp-2's member (before:
 *   "[UNSAFE] What if etcd is down everywhere").
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { renderText } from '../../src/explain/render-text.js';
import { testBotConfig } from '../helpers/test-bot-config.js';
import { snapshotAnswers } from '../helpers/snapshot-answers.js';

const demo = join(process.cwd(), 'examples/ha-3cp.json');
const answers = snapshotAnswers({ demo, prod: demo }, { fromFile: true });
const config = testBotConfig('', { snapshot: demo, clusters: ['demo', 'prod'] });
const service = createAnswerService({ config, snapshotsFromFile: true });
afterAll(async () => {
  await answers.close();
  await service.close();
});

describe('kubectl global flags before the verb', () => {
  it.each([
    ['en', 'Drain impact: atlas-wk-1 in prod'],
    ['ko', '드레인 영향: prod의 atlas-wk-1'],
  ] as const)('%s: --context naming a configured cluster answers about it', async (locale, title) => {
    // Through the console's intake, which picks the cluster (as the chat adapters do).
    const outcome = await handleConsoleRequest(
      {
        text: `kubectl --context prod drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data --lang ${locale}`,
      },
      config,
      (job) => service.answer(job),
    );
    const shown = renderText(outcome.reply);
    expect(outcome.reply.kind).not.toBe('error');
    expect(shown).toContain(title);
    expect(shown).not.toMatch(/--context/);
  });

  it.each([
    ['en', 'kubectl -n kube-system drain atlas-wk-1 --ignore-daemonsets', '-n: kubectl’s global flags'],
    ['ko', 'kubectl -n kube-system drain atlas-wk-1 --ignore-daemonsets', '-n: kubectl 전역 플래그'],
    [
      'en',
      'kubectl --context staging --kubeconfig /tmp/k.yaml drain atlas-wk-1 --ignore-daemonsets',
      '--kubeconfig and --context: kubectl’s global flags',
    ],
    ['en', 'kubectl --kubeconfig=/tmp/k.yaml delete node atlas-wk-2', '--kubeconfig: kubectl’s global flags'],
    ['ko', 'kubectl --as admin cordon atlas-wk-2', '--as: kubectl 전역 플래그'],
  ] as const)('%s: %s names the flags not used', async (locale, text, note) => {
    const r = await answers.reply('demo', text, locale);
    expect(r.kind).not.toBe('error');
    const shown = renderText(r);
    expect(shown).toContain(note);
    expect(shown).not.toContain('/tmp/k.yaml');
  });
});

describe('values kubectl and etcdctl refuse', () => {
  it.each([
    [
      'en',
      'kubectl drain atlas-wk-1 --grace-period 99999999999999999999999999999',
      'kubectl refuses this command: --grace-period takes a whole number of seconds',
    ],
    [
      'ko',
      'kubectl drain atlas-wk-1 --grace-period=abc',
      'kubectl이 이 명령을 거부합니다: --grace-period에는 초 단위 정수를',
    ],
    [
      'en',
      'kubectl drain atlas-wk-1 --ignore-daemonsets --timeout=5x',
      '--timeout takes a duration, numbers each with a unit ns, us, ms, s, m or h',
    ],
    [
      'ko',
      'kubectl drain atlas-wk-1 --ignore-daemonsets --timeout=5x',
      '--timeout에는 단위(ns, us, ms, s, m, h)가 붙은 시간을',
    ],
    ['en', 'kubectl drain atlas-wk-1 --dry-run=maybe', '--dry-run takes none, server or client'],
    ['ko', 'kubectl drain atlas-wk-1 --dry-run=maybe', '--dry-run 값은 none, server, client 중 하나입니다'],
    [
      'en',
      'kubectl drain atlas-wk-1 --force=yes',
      '--force, --ignore-daemonsets, --delete-emptydir-data and --disable-eviction take no value, or =true or =false',
    ],
    [
      'en',
      'kubectl drain atlas-wk-1 -l pool=blue',
      'kubectl drain takes node names or a --selector (-l), not both',
    ],
    [
      'en',
      'etcdctl member remove 17953122995498576309',
      'its hexadecimal form is f9264e3ea396e9b5: ask about etcdctl member remove f9264e3ea396e9b5',
    ],
    ['ko', 'etcdctl member remove 17953122995498576309', '16진수로는 f9264e3ea396e9b5입니다'],
    ['en', 'etcdctl member remove', 'member remove needs the ID of the member to remove'],
  ] as const)('%s: %s', async (locale, text, message) => {
    const r = await answers.reply('demo', text, locale);
    expect(r.kind).toBe('error');
    const shown = renderText(r);
    expect(shown).toContain(message);
    // The pasted value is never echoed.
    expect(shown).not.toMatch(
      /99999999999999999999999999999|abc|5x|maybe|yes|pool=blue|17953122995498576309/,
    );
  });

  it('a decimal ID etcdctl reads as hexadecimal is asked about as etcdctl reads it (0x1234567890: no such member)', async () => {
    const shown = await answers.ask('demo', 'etcdctl member remove 1234567890', 'en');
    expect(shown).toContain('No etcd member has ID 1234567890 (etcdctl reads the ID as hexadecimal)');
    expect(shown).toContain('atlas-cp-2 f9264e3ea396e9b5');
  });
});
