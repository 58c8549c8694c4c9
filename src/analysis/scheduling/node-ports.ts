/**
 * NodePorts: a pod's host ports must be free on the node: the same port and protocol conflict
 * when the host IPs are equal or either is `0.0.0.0` (every address). After kube-scheduler
 * `pkg/scheduler/framework/plugins/nodeports/node_ports.go` and `framework.HostPortInfo`. Pure.
 */
import type { KPod } from '../../cluster/types.js';
import { type HostPort, podHostPorts } from '../../cluster/pod-requests.js';
import { type FilterStatus, type NodeInfo, SUCCESS, refuse } from './framework.js';

const ANY_IP = '0.0.0.0';

function conflicts(a: HostPort, b: HostPort): boolean {
  return (
    a.port === b.port &&
    a.protocol === b.protocol &&
    (a.hostIP === b.hostIP || a.hostIP === ANY_IP || b.hostIP === ANY_IP)
  );
}

/**
 * The NodePorts filter.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @returns Success, or Unschedulable "node(s) didn't have free ports for the requested pod ports"
 */
export function nodePortsFilter(pod: KPod, info: NodeInfo): FilterStatus {
  const wanted = podHostPorts(pod);
  if (wanted.length === 0 || info.usedPorts.length === 0) return SUCCESS;
  const taken = wanted.find((w) => info.usedPorts.some((u) => conflicts(w, u)));
  if (!taken) return SUCCESS;
  return refuse(
    'NodePorts',
    'Unschedulable',
    ["node(s) didn't have free ports for the requested pod ports"],
    [`host port ${taken.port}/${taken.protocol} in use`],
  );
}
