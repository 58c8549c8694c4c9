/**
 * English texts of maintenance plans: the plan card, one line per node with its state
 * and times, the reasons for the order, what holds the plan. Merged under `maintenancePlan`
 * (src/explain/i18n.ts). Plain text: adapters escape for their markup.
 */
export const enMaintenancePlan = {
  title: 'Maintenance plan {{id}}: {{count}} nodes of {{cluster}}',
  section: { request: 'Plan', nodes: 'Nodes, in order', excluded: 'Left out (unsafe now)', table: 'Times' },
  card: {
    reason: 'Reason: {{reason}}',
    requestedBy: 'Requested by {{who}} at {{at}}',
    approvals: 'Approvals: {{count}} of {{required}}',
    approvalsBy: 'Approvals: {{count}} of {{required}} ({{names}})',
    controlPlane: 'It holds control-plane nodes: it needs the approvals of a control-plane change.',
    settle: 'After each node: verification and {{settle}} of settle time before the next.',
    node: '{{n}}. {{node}} ({{role}}), step {{batch}}, {{verdict}}: {{state}}. {{why}}',
    excluded: '{{node}}: {{reasons}}',
    row: '{{node}} | start {{start}} | rebooted and verified {{maintained}} | settled {{settled}} | {{state}}',
  },
  role: { 'control-plane': 'control plane', worker: 'worker' },
  nodeState: {
    pending: 'waiting',
    running: 'in maintenance',
    settling: 'settling',
    done: 'done',
    failed: 'failed ({{reason}}: {{detail}})',
    skipped: 'skipped',
    untouched: 'untouched',
  },
  why: {
    'control-plane-first': 'Control plane first, one at a time (never two etcd voters down at once).',
    'not-voter': 'No etcd vote: before the voters.',
    voter: 'etcd voter: alone in its step.',
    'etcd-leader-last': 'etcd leader: last of the control plane (one election instead of one per step).',
    'worker-order': 'Worker, in the order asked.',
    'batch-with': 'Together with {{nodes}}.',
  },
  state: {
    'pending-approval': 'Waiting for approval: {{missing}} more needed. Approve with `approve {{id}}`.',
    approved: 'Approved; the plan starts shortly.',
    running: 'Running: {{done}} of {{total}} nodes done.',
    held: 'Held before {{node}}: {{detail}}. It goes on by itself once that clears.',
    paused: 'Paused after {{done}} of {{total}} nodes. `resume {{id}}` goes on.',
    'needs-decision': '{{node}} failed. Answer `retry {{id}}`, `skip {{id}}` or `stop {{id}}`.',
    cancelling: 'Cancel asked: the plan stops after the node in progress.',
    completed: 'Completed: {{done}} of {{total}} nodes done.',
    stopped: 'Stopped: {{done}} of {{total}} nodes done; the others were not touched.',
    cancelled: 'Cancelled: {{done}} of {{total}} nodes done; the others were not touched.',
    rejected: 'Rejected.',
    expired: 'Expired before it was approved.',
  },
  lock: {
    held: '{{what}}: held by {{holder}} (node {{node}}) since {{since}}, TTL {{ttl}}, request {{request}}.',
    free: '{{what}}: free.',
    noKured: 'kured: not installed (no kured DaemonSet).',
    noTtl: 'none (never expires)',
    stale: {
      'lease-expired': 'Stale: the Lease was not renewed within its TTL (its worker is gone).',
      'request-ended': 'Stale: its request has ended.',
      'request-unknown': 'Stale: no such request.',
    },
  },
  hold: {
    alert: 'firing alert {{detail}}',
    'alertmanager-unreachable': 'Alertmanager cannot be reached ({{detail}})',
    'kured-lock': "kured's reboot lock is held ({{detail}})",
    'change-window': 'outside the change window ({{detail}})',
  },
};
