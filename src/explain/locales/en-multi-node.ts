/**
 * English texts of the answer to a question about several nodes (issue 17), under `multiNode`.
 * Until the joint and rolling analysis exists, each node is answered on its own and the answer
 * says so.
 */
export const enMultiNode = {
  title: 'Several nodes ({{mode}}): {{nodes}}',
  mode: { together: 'together', 'one-by-one': 'one by one' },
  action: { reboot: 'reboot', drain: 'drain', upgrade: 'upgrade', 'node-down': 'loss' },
  notJoint:
    'You asked about the {{action}} of {{count}} nodes {{mode}}: {{nodes}}. A joint answer (all of them down at once) and a rolling plan are not available yet, so each node is answered below on its own, as if it were the only one down. Do not add these answers up: nodes that are each safe alone can lose etcd quorum or exhaust a PodDisruptionBudget together.',
  heading: 'Each node alone',
  nodeLine: '{{node}} alone: [{{verdict}}] {{summary}}',
  tooMany: 'Only the first {{shown}} of {{count}} nodes are answered here; ask about the others by name.',
  unknown: 'Not nodes of this cluster: {{names}}. Its nodes: {{all}}.',
  emptyGroup: 'No node of cluster {{cluster}} is in {{group}}. Its nodes: {{all}}.',
  group: {
    workers: 'the workers',
    'control-plane': 'the control-plane nodes',
    all: 'all nodes',
    zone: 'zone {{zone}}',
    selector: 'the nodes matching {{selector}}',
    badSelector: 'The label selector {{selector}} cannot be read; nothing was checked.',
  },
};
