/**
 * Invariants of the issue 29 findings (items 3 to 7), checked on every answer by
 * {@link ../helpers/answer-invariants.ts answerViolations}:
 * - 52. A NotReady node's plain reboot is the remedy (`dead-node-drain` `reboot-remedy`): never
 *   "do not reboot", never the drain advice ("Do not wait on a drain"), never a block from it.
 * - 53. "Until a replacement is Ready on another node" (`cluster-addons`, `csi-controller`) only
 *   where another node is up: not on a cluster of one node, not when every node is lost.
 * - 54. MetalLB's announcer (`network-controllers` `l2-announcer`) names the Services and the IPs
 *   that move, and the answer says each IP.
 */
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { translator } from '../../src/explain/i18n.js';
import type { InvariantContext } from './answer-invariants.js';

/**
 * The violations of rules 52 to 54 in one reply.
 * @param reply - the answer
 * @param ctx - what is known of its cluster and request
 * @param everyNodeLost - whether the answer is a failure of every node of the cluster
 */
export function addonViolations(reply: Reply, ctx: InvariantContext, everyNodeLost: boolean): string[] {
  const out: string[] = [];
  const text = renderText(reply);
  const tr = translator(reply.locale);
  const remedy = reply.findings.filter((f) => f.check === 'dead-node-drain' && f.variant === 'reboot-remedy');
  if (remedy.length > 0) {
    const node = String(remedy[0]?.facts.node ?? '');
    const doNot = tr.t('summary.unsafe', { node, count: 2 }).split(':')[0] ?? '';
    if (doNot !== '' && text.includes(doNot)) out.push(`a dead node's reboot is the remedy, yet: "${doNot}"`);
    const drainAdvice = tr.t('advice.dead-node-drain.not-ready', { node, taint: '' }).slice(0, 24);
    if (text.includes(drainAdvice))
      out.push(`a dead node's plain reboot is given the drain advice: "${drainAdvice}"`);
    if (remedy.some((f) => f.severity === 'block'))
      out.push("a dead node's plain reboot is blocked by its drain");
  }
  for (const f of reply.findings)
    if (f.check === 'cluster-addons' || f.check === 'csi-controller') {
      if (ctx.nodeCount === 1)
        out.push(`${f.check} on a cluster of one node: no other node runs a replacement`);
      else if (everyNodeLost)
        out.push(`${f.check} when every node is lost: no other node runs a replacement`);
    }
  for (const f of reply.findings)
    if (f.check === 'network-controllers' && f.variant === 'l2-announcer') {
      const ips = Array.isArray(f.facts.ips) ? (f.facts.ips as readonly string[]) : [];
      const services = Array.isArray(f.facts.services) ? (f.facts.services as readonly string[]) : [];
      if (services.length === 0) out.push('a MetalLB announcer names no Service');
      for (const ip of ips) if (!text.includes(ip)) out.push(`a MetalLB announcer's IP is not said: ${ip}`);
    }
  return out;
}
