/**
 * The command forms per Kubernetes version and the package steps of a kubeadm upgrade (issue 16,
 * reader5 F4, F16, F16b). Each expectation is from the source named beside it, not from the code.
 */
import { describe, expect, it } from '@jest/globals';
import type { KNode } from '../../src/cluster/types.js';
import { commandFormsFor, packagesPublished } from '../../src/analysis/command-versions.js';
import { kubeadmPackagePlan, packageManagerOf } from '../../src/analysis/what-if/kubeadm-packages.js';
import { parseVersion } from '../../src/analysis/what-if/versions.js';

const v = (text: string): NonNullable<ReturnType<typeof parseVersion>> => {
  const parsed = parseVersion(text);
  if (parsed === null) throw new Error(`not a version: ${text}`);
  return parsed;
};
const node = (osImage: string): KNode =>
  ({ metadata: { name: 'n' }, status: { nodeInfo: { osImage } } }) as unknown as KNode;

describe('command forms per version', () => {
  // /readyz and /livez came with kube-apiserver v1.16 (https://kubernetes.io/docs/reference/using-api/health-checks/).
  it.each([
    ['v1.8.4', '/healthz'],
    ['v1.15.12', '/healthz'],
    ['v1.16.0', '/readyz'],
    ['v1.33.1', '/readyz'],
  ])('%s asks the API server %s', (version, health) => {
    expect(commandFormsFor(v(version)).health).toBe(health);
  });
  // The emptyDir flag is kubectl's: --delete-emptydir-data from kubectl v1.20 (kubernetes/kubernetes#95076),
  // rejected under its old name by kubectl v1.32; a user's kubectl is rarely the cluster's minor,
  // so both names are given whatever the cluster's version (issue 28, oracle group 6).
  it.each(['v1.14.6', 'v1.19.16', 'v1.20.0', 'v1.34.0'])('%s: both names of the emptyDir flag', (version) => {
    expect(commandFormsFor(v(version))).toMatchObject({
      emptyDirFlag: '--delete-emptydir-data',
      emptyDirOldFlag: '--delete-local-data',
    });
  });
  it('an unknown version gets the forms of every supported release', () => {
    expect(commandFormsFor(null)).toEqual({
      health: '/readyz',
      emptyDirFlag: '--delete-emptydir-data',
      emptyDirOldFlag: '--delete-local-data',
    });
  });
  // pkgs.k8s.io starts at v1.24 (https://kubernetes.io/blog/2023/08/15/pkgs-k8s-io-introduction/).
  it('packages are published on pkgs.k8s.io from v1.24', () => {
    expect(packagesPublished(v('v1.23'))).toBe(false);
    expect(packagesPublished(v('v1.24'))).toBe(true);
  });
});

describe('the package part of a kubeadm upgrade', () => {
  it('reads the package manager from the nodes’ OS, and says none when they differ or are unknown', () => {
    expect(packageManagerOf([node('Ubuntu 22.04.4 LTS'), node('Debian GNU/Linux 12 (bookworm)')])).toBe(
      'apt',
    );
    expect(packageManagerOf([node('Rocky Linux 9.3 (Blue Onyx)')])).toBe('yum');
    expect(packageManagerOf([node('Ubuntu 22.04.4 LTS'), node('Rocky Linux 9.3 (Blue Onyx)')])).toBeNull();
    expect(packageManagerOf([node('Container-Optimized OS from Google')])).toBeNull();
  });

  // "Changing The Kubernetes Package Repository" (kubernetes.io): the line's /v1.33/ becomes /v1.34/;
  // "Upgrading kubeadm clusters": apt-mark unhold, install, apt-mark hold; yum --disableexcludes=kubernetes.
  it('a minor upgrade points the repository at the next minor, unholds and holds the packages (apt)', () => {
    const plan = kubeadmPackagePlan(v('v1.33.1'), null, 'apt');
    expect(plan).toEqual({
      kind: 'repo',
      facts: {
        from: 'v1.33',
        next: 'v1.34',
        manager: 'apt',
        aptRepo: "sudo sed -i 's#/v1.33/#/v1.34/#' /etc/apt/sources.list.d/kubernetes.list",
        aptKubeadm:
          'sudo apt-mark unhold kubeadm && sudo apt-get update && sudo apt-get install -y kubeadm && sudo apt-mark hold kubeadm',
        aptKubelet:
          'sudo apt-mark unhold kubelet kubectl && sudo apt-get install -y kubelet kubectl && sudo apt-mark hold kubelet kubectl',
      },
    });
  });

  it('a full version asked for is pinned, in the docs’ form (yum)', () => {
    const plan = kubeadmPackagePlan(v('v1.33.1'), v('v1.34.2'), 'yum');
    expect(plan.kind).toBe('repo');
    if (plan.kind !== 'repo') return;
    expect(plan.facts.yumRepo).toBe("sudo sed -i 's#/v1.33/#/v1.34/#g' /etc/yum.repos.d/kubernetes.repo");
    expect(plan.facts.yumKubeadm).toBe("sudo yum install -y kubeadm-'1.34.2-*' --disableexcludes=kubernetes");
    expect(plan.facts.aptRepo).toBeUndefined();
  });

  it('an unknown OS gets both forms; a goal two minors up moves the repository one minor only', () => {
    const plan = kubeadmPackagePlan(v('v1.31.4'), v('v1.33.0'), null);
    expect(plan.kind).toBe('repo');
    if (plan.kind !== 'repo') return;
    expect(plan.facts.manager).toBe('both');
    expect(plan.facts.next).toBe('v1.32');
    expect(plan.facts.aptRepo).toContain('s#/v1.31/#/v1.32/#');
    expect(plan.facts.yumRepo).toContain('s#/v1.31/#/v1.32/#g');
    // Not pinned to v1.33.0: that is the next step's release, not this one's.
    expect(plan.facts.aptKubeadm).toContain('apt-get install -y kubeadm &&');
  });

  it('a patch upgrade keeps the repository', () => {
    expect(kubeadmPackagePlan(v('v1.33.1'), v('v1.33.5'), 'apt')).toEqual({ kind: 'same-minor' });
  });

  // v1.9 and v1.23 were only in apt.kubernetes.io / yum.kubernetes.io, removed in March 2024
  // (https://kubernetes.io/blog/2023/08/31/legacy-package-repository-deprecation/, kubernetes/release#3485).
  it.each([
    ['v1.8.4', 'v1.9'],
    ['v1.22.17', 'v1.23'],
  ])('from %s the next minor %s has no repository left', (current, next) => {
    expect(kubeadmPackagePlan(v(current), null, 'apt')).toEqual({
      kind: 'legacy',
      facts: { current, next },
    });
  });

  it('from v1.23 the next minor v1.24 is on pkgs.k8s.io', () => {
    expect(kubeadmPackagePlan(v('v1.23.17'), null, 'apt').kind).toBe('repo');
  });
});
