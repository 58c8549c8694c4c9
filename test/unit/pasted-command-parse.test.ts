/**
 * Issue 30, item 3: a pasted command is read as the question about it, in English and Korean
 * sentences around it; `kubectl drain`'s flags are kept (before, `--force` was refused as
 * "Unknown or invalid option" and a backticked command was not understood).
 */
import { describe, expect, it } from '@jest/globals';
import { parseCommand, rereadWithNodes } from '../../src/commands/parse-command.js';
import type { Command } from '../../src/commands/types.js';

const atlas = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3', 'atlas-wk-1', 'atlas-wk-2'];

function parsed(text: string): Command {
  const r = parseCommand(text, { nodes: atlas });
  if (!r.ok) throw new Error(`not parsed: ${r.error.code} ${r.error.token ?? ''}`);
  return r.command;
}

describe('kubectl drain and its flags', () => {
  it.each([
    ['en', 'kubectl drain atlas-wk-1 --force'],
    ['en', 'is `kubectl drain atlas-wk-1 --force --ignore-daemonsets --delete-emptydir-data` safe to run?'],
    ['ko', 'kubectl drain wk1 --force --ignore-daemonsets --delete-local-data 해도 돼?'],
  ])('%s: %j', (_lang, text) => {
    const c = parsed(text);
    expect(c.kind === 'drain-impact' && c.node).toBe('atlas-wk-1');
    expect(c.kind === 'drain-impact' && c.kubectl?.flags.force).toBe(true);
  });

  it('reads every flag that changes what the drain does, with = or a space', () => {
    const c = parsed(
      'kubectl drain atlas-wk-2 --disable-eviction --pod-selector app=web --grace-period=30 --timeout 5m --dry-run=client --lang ko --cluster prod',
    );
    expect(c).toEqual({
      kind: 'drain-impact',
      node: 'atlas-wk-2',
      drain: true,
      cluster: 'prod',
      kubectl: {
        verb: 'drain',
        flags: {
          force: false,
          ignoreDaemonSets: false,
          deleteEmptyDirData: false,
          disableEviction: true,
          podSelector: 'app=web',
          gracePeriodS: 30,
          timeout: '5m',
          dryRun: true,
        },
      },
    });
  });

  it.each([
    // mined phrasing set (test/fixtures/requests/mined-2026-12-a.json): prose after the command
    'kubectl drain atlas-wk-2 has been running for 4 hours. Is my PodDisruptionBudget why?',
    'You run kubectl drain atlas-wk-2 --ignore-daemonsets --delete-emptydir-data and it just hangs. Why?',
  ])('prose after the drained node is no node name: %j', (text) => {
    const c = parsed(text);
    expect(c.kind === 'drain-impact' && c.node).toBe('atlas-wk-2');
  });

  it('a node selector drains a group', () => {
    const c = parsed('`kubectl drain -l pool=blue --ignore-daemonsets` ok?');
    expect(c.kind === 'multi-node' && c.group).toEqual({ type: 'selector', selector: 'pool=blue' });
  });
});

describe('other pasted commands', () => {
  it.each([
    ['en', 'is `kubectl cordon atlas-wk-1` ok?', { kind: 'drain-impact', node: 'atlas-wk-1' }],
    [
      'en',
      'kubectl delete node atlas-wk-2',
      { kind: 'drain-impact', node: 'atlas-wk-2', kubectl: { verb: 'delete-node' } },
    ],
    [
      'ko',
      '운영 중 클러스터, 다운타임 최소화 목표. kubectl cordon/drain → kubectl delete node atlas-wk-1 해도 되나요',
      { kind: 'drain-impact', node: 'atlas-wk-1', kubectl: { verb: 'delete-node' } },
    ],
    [
      'ko',
      '`systemctl restart containerd` 를 atlas-cp-2에서 해도 돼?',
      {
        kind: 'what-if',
        change: { type: 'component-restart', component: 'container-runtime', node: 'atlas-cp-2' },
      },
    ],
    ['en', 'can I run sudo reboot on atlas-wk-1?', { kind: 'reboot-impact', node: 'atlas-wk-1' }],
    ['ko', '`shutdown -r now` on wk1 괜찮아?', { kind: 'reboot-impact', node: 'atlas-wk-1' }],
    [
      'en',
      'is `kubeadm upgrade apply v1.34.2` safe now?',
      { kind: 'upgrade-impact', scope: 'cluster', targetVersion: 'v1.34.2' },
    ],
    ['ko', 'atlas-cp-2에서 `kubeadm upgrade node` 해도 돼?', { kind: 'upgrade-impact', node: 'atlas-cp-2' }],
    [
      'en',
      'etcdctl member remove 8e9e05c52164694d on atlas-cp-3?',
      { kind: 'what-if', change: { type: 'etcd-member-remove', node: 'atlas-cp-3' } },
    ],
    [
      'en',
      'etcdctl member remove 93b80db26f336247',
      { kind: 'what-if', change: { type: 'etcd-member-remove', member: '93b80db26f336247' } },
    ],
  ])('%s: %j', (_lang, text, want) => {
    expect(parsed(text)).toMatchObject(want);
  });

  it('a verb in a question is no pasted command; `sudo reboot` on a node is', () => {
    expect(parsed('can I run sudo reboot on wk1?')).toMatchObject({
      kind: 'reboot-impact',
      node: 'atlas-wk-1',
    });
    expect(parsed('restart kube-proxy on atlas-wk-1')).toMatchObject({
      kind: 'what-if',
      change: { type: 'component-restart', component: 'kube-proxy', node: 'atlas-wk-1' },
    });
  });
});

/**
 * Hostile review H1, H2, M1: a paste is read whole, never in part. A loop runs its whole body for
 * each name, `&` runs a command in the background (bash(1) "Lists", "Compound Commands"); kubectl
 * drain `--dry-run=none|false` is a real run, `client|server|true` or bare a dry run (kubectl drain
 * reference, https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/).
 */
describe('a paste is read whole or refused', () => {
  it.each([
    [
      'for n in atlas-cp-1 atlas-cp-2 atlas-cp-3; do kubectl drain $n --ignore-daemonsets --delete-emptydir-data; ssh $n sudo reboot; done',
      { kind: 'multi-node', action: 'reboot', drain: true, mode: 'one-by-one' },
    ],
    [
      'for n in atlas-cp-1 atlas-cp-2; do kubectl drain $n --ignore-daemonsets && ssh $n sudo reboot; kubectl uncordon $n; done 해도 돼?',
      { kind: 'multi-node', action: 'reboot', drain: true, mode: 'one-by-one' },
    ],
    [
      'for n in atlas-wk-1 atlas-wk-2; do kubectl drain $n --ignore-daemonsets & done',
      { kind: 'multi-node', action: 'drain', mode: 'together' },
    ],
    [
      'ssh atlas-cp-1 sudo reboot && ssh atlas-cp-2 sudo reboot',
      { kind: 'multi-node', action: 'reboot', drain: false, mode: 'together' },
    ],
  ])('%s is one request over every node', (text, want) => {
    const c = parsed(text);
    expect(c).toMatchObject(want);
    expect(c.kind === 'multi-node' && c.nodes.length).toBe(/atlas-cp-3/.test(text) ? 3 : 2);
  });

  it.each([
    ['for n in atlas-wk-1 atlas-wk-2; do kubectl cordon $n; kubectl delete node $n; done', 4, 'en'],
    ['for n in atlas-cp-1 atlas-cp-2; do kubectl delete node $n; done 해도 돼?', 2, 'ko'],
    ['systemctl stop etcd on atlas-cp-1 and atlas-cp-2', 2, 'en'],
    ['sudo reboot on atlas-cp-1 and atlas-cp-2', 2, 'en'],
    ['kubectl delete nodes atlas-cp-1 atlas-cp-2', 2, 'en'],
    ['kubectl cordon atlas-wk-1 atlas-wk-2 해도 돼?', 2, 'ko'],
    ['etcdctl member remove f9264e3ea396e9b5 93b80db26f336247', 2, 'en'],
    ['kubectl drain atlas-wk-1 --ignore-daemonsets && kubectl delete node atlas-cp-1', 2, 'en'],
    ['for n in atlas-wk-1 atlas-cp-1; do kubectl drain $n --force --disable-eviction; done', 2, 'en'],
  ])('%s is refused: %d commands', (text, count, locale) => {
    expect(parseCommand(text)).toEqual({
      ok: false,
      error: { code: 'several-commands', token: String(count) },
      locale,
    });
  });

  it.each([
    ['none', false],
    ['false', false],
    ['client', true],
    ['server', true],
    ['true', true],
  ])('--dry-run=%s is a dry run: %s', (value, dry) => {
    expect(parsed(`kubectl drain atlas-wk-1 --ignore-daemonsets --dry-run=${value}`)).toMatchObject({
      kubectl: { flags: { dryRun: dry } },
    });
  });
});

describe('a privilege prefix is never a node (sudo(8), doas(1))', () => {
  it.each([
    ['en', 'sudo reboot'],
    ['en', 'doas reboot'],
    ['en', 'sudo reboot now'],
    ['ko', 'sudo 재부팅 해도 돼?'],
    ['ko', 'doas 재부팅 해도 되나요?'],
  ])('%s: %j names no node: which node is asked', (lang, text) => {
    const r = parseCommand(text, { nodes: atlas });
    expect(r.locale).toBe(lang);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('ambiguous');
    expect(r.error.suggestions?.[0]?.request.intent).toBe('reboot');
    for (const s of r.error.suggestions ?? []) expect(s.request.nodes).toEqual([]);
  });
});

describe('a cordon in plain words is the pasted kubectl cordon (kubectl cordon evicts nothing)', () => {
  it.each([
    ['en', 'can I cordon atlas-wk-1', 'cordon'],
    ['en', 'cordon atlas-wk-1', 'cordon'],
    ['en', 'is it safe to uncordon atlas-wk-1?', 'uncordon'],
    ['ko', 'atlas-wk-1 cordon 해도 돼?', 'cordon'],
    ['ko', 'atlas-wk-1 코든 해도 되나요?', 'cordon'],
    ['ko', 'atlas-wk-1 언코든 해도 돼?', 'uncordon'],
  ])('%s: %j', (_lang, text, verb) => {
    expect(parsed(text)).toEqual(parsed(`kubectl ${verb} atlas-wk-1`));
    // A drain asked beside the cordon stays the drain's question.
    expect(parsed(`${verb} and drain atlas-wk-1`)).toMatchObject({
      kind: 'drain-impact',
      node: 'atlas-wk-1',
    });
    expect(parsed(`${verb} and drain atlas-wk-1`)).not.toHaveProperty('kubectl');
  });
});

/**
 * Hostile review L2: kubectl's global flags (`kubectl options`,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_options/) may come before the verb
 * or after it. They name the API server, user or namespace kubectl talks to, not what the command
 * does: the command is read as without them, a `--context` naming a configured cluster picks that
 * cluster, and the others are kept as not used (named in the answer, their values never kept).
 * Before, `kubectl --context prod drain …` was refused as "Unknown or invalid option" and
 * `kubectl drain -n kube-system atlas-wk-1` read kube-system as a second node.
 */
describe('kubectl global flags before or after the verb', () => {
  const clusters = ['demo', 'prod'];
  const read = (text: string): Command => {
    const r = parseCommand(text, { nodes: atlas, clusters });
    if (!r.ok) throw new Error(`not parsed: ${r.error.code} ${r.error.token ?? ''}`);
    return r.command;
  };
  it.each([
    ['kubectl --context prod drain atlas-wk-1 --ignore-daemonsets', 'prod', undefined],
    ['kubectl --context=prod drain atlas-wk-1 --ignore-daemonsets', 'prod', undefined],
    ['kubectl drain atlas-wk-1 --ignore-daemonsets --context prod', 'prod', undefined],
    ['kubectl --context staging drain atlas-wk-1 --ignore-daemonsets', undefined, ['--context']],
    // kubectl's --cluster before the verb (a kubeconfig cluster): picks a configured cluster, else not used.
    ['kubectl --cluster prod drain atlas-wk-1 --ignore-daemonsets', 'prod', undefined],
    ['kubectl --cluster=kind-kind -n x drain atlas-wk-1 --ignore-daemonsets', undefined, ['-n', '--cluster']],
    ['kubectl --context staging --cluster prod drain atlas-wk-1 --ignore-daemonsets', 'prod', ['--context']],
    ['kubectl -n kube-system drain atlas-wk-1 --ignore-daemonsets', undefined, ['-n']],
    ['kubectl drain -n kube-system atlas-wk-1 --ignore-daemonsets', undefined, ['-n']],
    [
      'kubectl --kubeconfig /tmp/x.yaml --as admin --namespace=default drain atlas-wk-1 --ignore-daemonsets',
      undefined,
      ['--kubeconfig', '--as', '--namespace'],
    ],
    [
      'kubectl --insecure-skip-tls-verify drain atlas-wk-1 --ignore-daemonsets',
      undefined,
      ['--insecure-skip-tls-verify'],
    ],
  ])('%s', (text, cluster, unused) => {
    const c = read(text);
    expect(c).toMatchObject({ kind: 'drain-impact', node: 'atlas-wk-1', kubectl: { verb: 'drain' } });
    expect(c.cluster).toBe(cluster);
    expect(c.kind === 'drain-impact' && c.kubectl?.flags.ignoreDaemonSets).toBe(true);
    expect(c.kind === 'drain-impact' && c.kubectl?.flags.unused).toEqual(unused);
  });

  it('cordon and delete node read the same way; a value is never kept', () => {
    expect(read('kubectl --context prod cordon atlas-wk-2')).toMatchObject({
      kind: 'drain-impact',
      node: 'atlas-wk-2',
      cluster: 'prod',
      kubectl: { verb: 'cordon' },
    });
    const d = read('kubectl --kubeconfig=/home/me/.kube/secret --token SECRET123 delete node atlas-cp-1');
    expect(d).toMatchObject({ kind: 'drain-impact', node: 'atlas-cp-1', kubectl: { verb: 'delete-node' } });
    expect(d.kind === 'drain-impact' && d.kubectl?.flags.unused).toEqual(['--kubeconfig', '--token']);
    expect(JSON.stringify(d)).not.toMatch(/SECRET123|secret/);
  });

  it('the worker’s reading with the node list keeps what the adapter read of --context', () => {
    const first = read('kubectl --context staging drain atlas-wk-1 --ignore-daemonsets');
    const again = rereadWithNodes(
      'kubectl --context staging drain atlas-wk-1 --ignore-daemonsets',
      first,
      atlas,
      'en',
    );
    expect(again.ok && again.command).toEqual(first);
  });
});

/**
 * Hostile review L3, L4: a flag value the tool refuses is refused here too, with what the tool
 * accepts. Sources: pflag reads int flags with strconv.ParseInt(s, 0, 64), duration flags with
 * time.ParseDuration and `--flag=VALUE` of a bool flag with strconv.ParseBool; kubectl's
 * GetDryRunStrategy (k8s.io/kubectl/pkg/cmd/util/helpers.go) accepts none|server|client (and a Go
 * boolean) and says "Invalid dry-run value"; kubectl drain says "cannot specify both a node name and
 * a --selector option"; etcdctl member remove reads its one ID with strconv.ParseUint(ID, 16, 64)
 * ("bad member ID arg …, expecting ID in Hex") and needs one ("member ID is not provided")
 * (etcd etcdctl/ctlv3/command/member_command.go).
 */
describe('values the tool refuses are refused, saying what it accepts', () => {
  it.each([
    ['kubectl drain atlas-wk-1 --grace-period=abc', 'grace-period', 'en'],
    ['kubectl drain atlas-wk-1 --grace-period 99999999999999999999999999999', 'grace-period', 'en'],
    ['kubectl drain atlas-wk-1 --grace-period=1.5', 'grace-period', 'en'],
    ['kubectl drain atlas-wk-1 --chunk-size=ten', 'integer-flag', 'en'],
    ['kubectl drain atlas-wk-1 --timeout=5x', 'timeout', 'en'],
    ['kubectl drain atlas-wk-1 --timeout 10 해도 돼?', 'timeout', 'ko'],
    ['kubectl drain atlas-wk-1 --timeout=5S', 'timeout', 'en'],
    ['kubectl drain atlas-wk-1 --dry-run=maybe', 'dry-run', 'en'],
    ['kubectl drain atlas-wk-1 --dry-run=Client', 'dry-run', 'en'],
    ['kubectl drain atlas-wk-1 --force=yes', 'bool-flag', 'en'],
    ['kubectl drain atlas-wk-1 -l pool=blue', 'node-and-selector', 'en'],
    ['etcdctl member remove 8e9e05c52164694dz', 'member-id', 'en'],
    ['etcdctl member remove 999999999999999999999999', 'member-id', 'en'],
    ['etcdctl member remove', 'member-id-missing', 'en'],
    ['`etcdctl member remove` 해도 돼?', 'member-id-missing', 'ko'],
  ])('%s: %s', (text, rule, locale) => {
    expect(parseCommand(text)).toEqual({ ok: false, error: { code: 'tool-refuses', token: rule }, locale });
  });

  it('a decimal member ID too long for hexadecimal is refused with its hexadecimal form', () => {
    // 17953122995498576309 = 0xf9264e3ea396e9b5 (atlas-cp-2's member in examples/ha-3cp.json).
    expect(parseCommand('etcdctl member remove 17953122995498576309')).toEqual({
      ok: false,
      error: { code: 'tool-refuses', token: 'member-id', hex: 'f9264e3ea396e9b5' },
      locale: 'en',
    });
  });

  it.each([
    ['--grace-period=0x1e', { gracePeriodS: 30 }],
    ['--grace-period=-1', { gracePeriodS: -1 }],
    ['--grace-period 1_000', { gracePeriodS: 1000 }],
    ['--grace-period=010', { gracePeriodS: 8 }],
    ['--timeout=1h30m', { timeout: '1h30m' }],
    ['--timeout=1.5h', { timeout: '1.5h' }],
    ['--timeout=0', { timeout: '0' }],
    ['--force=0', { force: false }],
    ['--force=T', { force: true }],
    ['--disable-eviction=F', { disableEviction: false }],
    ['--dry-run=1', { dryRun: true }],
    ['--dry-run=FALSE', { dryRun: false }],
  ])('%s is read as kubectl reads it', (flag, want) => {
    expect(parsed(`kubectl drain atlas-wk-1 --ignore-daemonsets ${flag}`)).toMatchObject({
      kind: 'drain-impact',
      kubectl: { flags: want },
    });
  });

  it('etcdctl reads a member ID as hexadecimal: 1234567890 is 0x1234567890, leading zeros dropped', () => {
    expect(parsed('etcdctl member remove 1234567890')).toMatchObject({
      kind: 'what-if',
      change: { type: 'etcd-member-remove', member: '1234567890' },
    });
    expect(parsed('etcdctl member remove 00F9264E3EA396E9B5')).toMatchObject({
      change: { type: 'etcd-member-remove', member: 'f9264e3ea396e9b5' },
    });
  });
});
