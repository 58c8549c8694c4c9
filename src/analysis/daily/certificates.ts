/**
 * Certificates for the daily report: days left on the API server's serving
 * certificates (as the worker's own TLS handshakes saw them), on the etcd members' certificates
 * (direct probe) and on the bot's own kubeconfig client certificate, with what renews them: the
 * operator (`kubeadm certs renew all` on each control-plane node) or the distribution itself.
 * Pure: observations + now + thresholds → items.
 */
import type { CertificateObservation } from '../../cluster/probe-certificates.js';
import type { ProfileName } from '../profiles/types.js';
import type { ReportItem, ReportThresholds } from './report-items.js';

export type { CertificateObservation, CertificateSource } from '../../cluster/probe-certificates.js';

/**
 * Who renews the certificates of a distribution: `kubeadm` (the operator: `kubeadm certs renew
 * all` on every control-plane node, then restart the static pods; kubeadm's certificates last one
 * year), `distribution` (k3s and RKE2 renew theirs on start when fewer than 90 days are left;
 * OpenShift rotates them itself), `managed` (the provider runs the control plane), `unknown` (no
 * distribution's mark in the data: the tool that installed the cluster renews them).
 * @see https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-certs/
 * @see https://docs.k3s.io/cli/certificate
 */
export function renewalOf(profile: ProfileName): 'kubeadm' | 'distribution' | 'managed' | 'unknown' {
  if (profile === 'kubeadm') return 'kubeadm';
  if (profile === 'managed') return 'managed';
  if (profile === 'unknown') return 'unknown';
  return 'distribution';
}

const DAY_MS = 86_400_000;

/**
 * The certificates that need attention: fewer than `certWarnDays` left (`warn`), fewer than
 * `certCriticalDays` or already expired (`block`).
 * @param observations - what the probes saw (unreadable ones are skipped: the probe logs them)
 * @param now - the report's time
 * @param thresholds - the report thresholds
 * @param profile - the cluster's distribution (what renews the certificates)
 * @returns one item per certificate, `order` = days left
 */
export function certificateItems(
  observations: readonly CertificateObservation[],
  now: Date,
  thresholds: ReportThresholds,
  profile: ProfileName,
): ReportItem[] {
  const out: ReportItem[] = [];
  const renew = renewalOf(profile);
  for (const o of observations) {
    if (o.notAfter === null) continue;
    const left = Date.parse(o.notAfter) - now.getTime();
    if (Number.isNaN(left)) continue;
    const days = Math.round(left / DAY_MS); // a certificate made "for 5 days" a moment ago has 5 left
    if (left >= thresholds.certWarnDays * DAY_MS) continue;
    const expired = left <= 0;
    // The bot's own client certificate is renewed by whoever issued the kubeconfig, not kubeadm.
    const renewal = o.source === 'kubeconfig-client' ? 'kubeconfig' : renew;
    out.push({
      kind: 'certificate',
      severity: expired || left < thresholds.certCriticalDays * DAY_MS ? 'block' : 'warn',
      variant: `${o.source}${expired ? '-expired' : ''}`,
      subject: `cert/${o.source} ${o.member ?? o.endpoint}`,
      facts: {
        endpoint: o.endpoint,
        member: o.member ?? null,
        days: Math.max(days, 0),
        daysAgo: expired ? Math.floor(-left / DAY_MS) : 0,
        notAfter: o.notAfter,
        renewal,
      },
      order: days,
    });
  }
  return out;
}
