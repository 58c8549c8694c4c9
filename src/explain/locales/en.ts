/**
 * English answer texts (i18next resources). Keys under `checks.<check>.<variant>` explain one
 * finding; `advice.<check>.<variant>` say what to do first. Facts are interpolated by name.
 * Domain numbers come from docs/domain.md and the sources it lists.
 */
export const en = {
  verdict: {
    safe: 'SAFE',
    caution: 'CAUTION',
    unsafe: 'UNSAFE',
  },
  health: { healthy: 'HEALTHY', degraded: 'DEGRADED', critical: 'CRITICAL', unknown: 'UNKNOWN' },
  title: {
    reboot: 'Reboot impact: {{node}} in {{cluster}}',
    drainReboot: 'Drain and reboot impact: {{node}} in {{cluster}}',
    status: 'HA status of {{cluster}}',
    help: 'k8s-ha-bot: what you can ask',
    error: 'Could not answer',
    clarify: 'Which did you mean?',
  },
  summary: {
    'safe-control-plane':
      'Safe to reboot {{node}}: the control plane stays available on the other members and no workload loses its last replica.',
    'safe-worker': 'Safe to reboot {{node}}: its pods can move elsewhere and the control plane is healthy.',
    'safe-worker-nothing-moves':
      'Safe to reboot {{node}}: none of its pods needs to move (DaemonSet and static pods come back with it) and the control plane is healthy.',
    'safe-unseen':
      'Nothing found against rebooting {{node}}, but the snapshot has no pods: what runs on it was not checked.',
    caution: 'You can reboot {{node}}, with care: {{count}} things below need attention first.',
    caution_one: 'You can reboot {{node}}, with care: one thing below needs attention first.',
    'caution-none-required': 'You can reboot {{node}}, with care: read the warnings below first.',
    unsafe: 'Do not reboot {{node}} now: {{count}} blocking problems below.',
    unsafe_one: 'Do not reboot {{node}} now: one blocking problem below.',
    'not-found': 'No node named {{node}} in {{cluster}}.',
    'not-found-list': 'No node named {{node}} in {{cluster}}. Its nodes: {{nodes}}.',
    'not-found-suggest': 'No node named {{node}} in {{cluster}}; did you mean {{suggestions}}?',
    status: '{{health}}: {{gist}}',
  },
  plane: {
    control: 'Control plane',
    data: 'Data plane',
    affected: 'affected',
    unaffected: 'not affected',
    'affected-not-touched':
      'affected by its own state (the reboot does not touch it: {{node}} runs none of it)',
    why: 'Why',
    stops: 'Stops',
    keeps: 'Keeps working',
    'keeps-serving': 'keeps serving, capacity {{before}} → {{after}} nodes',
    'no-interruption': 'no interruption, API capacity {{before}} → {{after}}',
  },
  // The first screen and Details (issue 30, item 4; src/explain/first-screen.ts).
  screen: {
    details: 'Details',
    quorum: 'etcd {{before}} → {{after}} (★ leader, ● up, ○ down; quorum {{quorum}}: {{state}})',
    'quorum-now': 'etcd {{now}} (★ leader, ● up, ○ down, ? not seen; quorum {{quorum}}: {{state}})',
    'quorum-kept': 'kept',
    'quorum-lost': 'lost',
    'quorum-unknown': 'unknown',
    'quorum-removed':
      'etcd {{before}} → {{after}} (member removed: ★ leader, ● up, ○ down, ? not seen; quorum after {{quorum}}: {{state}})',
    'quorum-refused': 'refused by etcd, nothing changes',
    more: '+{{what}} in Details',
    'more-and': ' and ',
    'more-reasons': '{{count}} more reasons',
    'more-reasons_one': '1 more reason',
    'more-steps': '{{count}} more steps',
    'more-steps_one': '1 more step',
  },
  role: {
    'control-plane': 'control-plane node',
    worker: 'worker node',
  },
  stops: {
    'pods-evicted-refused':
      '{{count}} pods on {{node}} are evicted by the drain, but admission webhook {{webhook}} refuses their replacements while it has no backend: they are not recreated until it is back',
    'pods-evicted-refused_one':
      'the pod on {{node}} is evicted by the drain, but admission webhook {{webhook}} refuses its replacement while it has no backend: it is not recreated until it is back',
    'single-down-refused':
      '{{workloads}}: down, and not started elsewhere while admission webhook {{webhook}} refuses the replacement',
    'api-all': 'every API call and kubectl command (the API server is the only way in)',
    'vip-move':
      'the control-plane VIP on {{node}}: clients that reach the API through it pause for a few seconds while it moves (if it moves)',
    'api-writes':
      'every change through the API (creating, editing and scaling objects, evictions): etcd refuses writes',
    scheduling: 'scheduling of new pods',
    'self-healing': 'self-healing: a crashed pod is not replaced',
    'node-failure': 'node-failure detection and rescheduling',
    scaling: 'scaling (HPA) and rollouts',
    endpoints: 'Endpoints/EndpointSlice updates: a pod that dies keeps receiving Service traffic',
    'apiserver-capacity': 'the API server on {{node}}: API capacity drops from {{before}} to {{after}}',
    'etcd-member':
      'the etcd member on {{node}}: {{after}} of {{voters}} members remain (quorum {{quorum}}); {{spareText}}',
    'spare-none': 'no further failure is tolerated until it is back',
    'spare-some': '{{spare}} more failure(s) tolerated meanwhile',
    'leader-failover':
      '{{component}} work for about {{seconds}} s while leader election moves its Lease to a standby',
    'etcd-election': 'etcd writes for a moment while leadership passes to another member',
    'pods-evicted': '{{count}} pods on {{node}} are evicted by the drain and recreated on other nodes',
    'pods-evicted_one': 'the pod on {{node}} is evicted by the drain and recreated on another node',
    'pods-writes-blocked':
      'the {{count}} pods on {{node}} stop with it: etcd refuses writes, so the drain can neither evict them nor have them recreated elsewhere',
    'pods-writes-blocked_one':
      'the pod on {{node}} stops with it: etcd refuses writes, so the drain can neither evict it nor have it recreated elsewhere',
    'pods-on-dead-node':
      'the {{count}} pods still bound to {{node}}: it is NotReady, so they get no Service traffic already, and a drain cannot move them (no kubelet confirms the evictions)',
    'pods-on-dead-node_one':
      'the pod still bound to {{node}}: it is NotReady, so it gets no Service traffic already, and a drain cannot move it (no kubelet confirms the eviction)',
    'pods-lost': '{{pods}}: deleted for good, no controller recreates them',
    'pods-lost_one': '{{pods}}: deleted for good, no controller recreates it',
    'away-history': '; {{node}} was away {{seconds}} s, median of the last {{count}} maintenances',
    'away-history_one': '; {{node}} was away {{seconds}} s at its last maintenance',
    'away-none': '; no maintenance of {{node}} was observed yet, so this is the typical reboot',
    'node-agents':
      'kubelet, kube-proxy and the CNI on {{node}} until it is back (typically about {{seconds}} s)',
    // Only the node agents the snapshot shows on the node (issue 16).
    'node-agents-no-proxy':
      'kubelet and the CNI on {{node}} until it is back (typically about {{seconds}} s); no kube-proxy runs there in the snapshot',
    'node-agents-no-cni':
      'kubelet and kube-proxy on {{node}} until it is back (typically about {{seconds}} s); its CNI plugin is not in the snapshot',
    'node-agents-kubelet-only':
      'kubelet on {{node}} until it is back (typically about {{seconds}} s); kube-proxy and the CNI plugin there are not in the snapshot',
    'single-down': '{{workloads}}: downtime until rescheduled and started elsewhere',
    'single-down-no-room':
      '{{workloads}}: down until room is made on another node or {{node}} is back and uncordoned',
    // Evicted pods no other node takes (the eviction model's `no-room`): not "the only node" (issue 28).
    'pods-stranded':
      '{{count}} pods evicted from {{node}}: no other node can take them, so they stay Pending until room is made or {{node}} is back and uncordoned',
    'pods-stranded_one':
      'the pod evicted from {{node}}: no other node can take it, so it stays Pending until room is made or {{node}} is back and uncordoned',
    'only-node-down': '{{workloads}}: down for the whole reboot ({{node}} is the only node)',
    // The only node, rebooted without a drain (issue 16, F17).
    'pods-only-node':
      'the {{count}} pods on {{node}}: they stop with it and start again when it is back (it is the only node; not drained)',
    'pods-only-node_one':
      'the pod on {{node}}: it stops with it and starts again when it is back (it is the only node; not drained)',
    'pinned-down': '{{workloads}}: down for the whole reboot, pinned to {{node}} (not rescheduled elsewhere)',
    // The eviction model (src/analysis/eviction-model.ts): a budget refuses the eviction (HTTP 429).
    'drain-waits-reboot':
      'the drain, at {{pods}}: {{budgets}} refuses their eviction (HTTP 429) and kubectl retries until it is allowed, so the drain does not finish and {{node}} is not ready to reboot',
    'drain-waits-reboot_one':
      'the drain, at {{pods}}: {{budgets}} refuses its eviction (HTTP 429) and kubectl retries until it is allowed, so the drain does not finish and {{node}} is not ready to reboot',
    'node-pods': 'pods running on {{node}} itself',
  },
  keeps: {
    'running-pods': 'pods already running on the other nodes',
    'api-reads': 'reads through the API servers (kubectl get, watches) and deletes',
    'pod-traffic': 'pod-to-pod traffic (the CNI is node-local)',
    'service-traffic':
      'Service traffic to existing endpoints: the Service rules already programmed in the kernel stay and keep forwarding',
    dns: 'cluster DNS, as long as one of its pods runs elsewhere',
    'api-others': 'kubectl and the API through the other API server(s): {{others}}',
    'api-others-direct':
      'kubectl and the API for clients that reach the other API servers directly, not through the VIP: {{others}}',
    'leaders-elsewhere': 'scheduling and reconciliation: the leaders run elsewhere',
    'leaders-after-failover': 'scheduling and reconciliation, after the leader failover',
    'control-untouched': 'the control plane itself: {{node}} runs none of it',
    'control-managed': 'the control plane: your provider runs it, not a node you can see',
    'other-workloads': 'workloads on the other nodes keep running and serving',
    'spread-workloads': 'Services with replicas elsewhere keep serving from them',
    'refused-pods':
      '{{pods}} on {{node}}: not evicted while {{budgets}} allows no disruption, so they keep running',
    'refused-pods_one':
      '{{pods}} on {{node}}: not evicted while {{budgets}} allows no disruption, so it keeps running',
  },
  checks: {
    'node-not-found': {
      unknown: 'There is no node named {{node}}.',
      'empty-group': 'No node is in {{node}}.',
    },
    'node-role': {
      'control-plane-etcd':
        '{{node}} is a control-plane node with a stacked etcd member (one of {{controlPlaneNodes}} control-plane nodes).',
      'control-plane': '{{node}} is a control-plane node (one of {{controlPlaneNodes}}).',
      'control-plane-etcd_one': '{{node}} is the only control-plane node, with a stacked etcd member.',
      'control-plane_one': '{{node}} is the only control-plane node.',
      // For locales without a `_one` plural form (Korean): the only control-plane node.
      'control-plane-etcd-single': '{{node}} is the only control-plane node, with a stacked etcd member.',
      'control-plane-single': '{{node}} is the only control-plane node.',
      'worker-etcd': '{{node}} is a worker that hosts an etcd member.',
      worker: '{{node}} is a worker node: a reboot touches the data plane only.',
      'worker-lost': '{{node}} is a worker node: losing it touches the data plane only.',
      'worker-replaced': '{{node}} is a worker node: replacing it touches the data plane only.',
    },
    'managed-control-plane': {
      managed:
        'The control plane is managed by your provider (no control-plane nodes are visible; {{apiservers}} API server identity Lease(s) seen): no node you can see affects it, so only data-plane checks apply.',
      'managed-status':
        'The control plane is managed by your provider: its HA and etcd quorum cannot be seen from the cluster; {{apiservers}} API server identity Lease(s) are present.',
      'managed-leases-unseen':
        'The control plane is managed by your provider (no control-plane nodes are visible; the API server identity Leases are not in the snapshot): no node you can see affects it, so only data-plane checks apply.',
      'managed-status-leases-unseen':
        'The control plane is managed by your provider: its HA and etcd quorum cannot be seen from the cluster, and the API server identity Leases are not in the snapshot.',
      provider:
        "The control plane is {{provider}}'s to keep: its API servers and etcd run outside the nodes you can see.",
    },
    'node-health': {
      'not-ready': '{{node}} is already NotReady (Ready={{ready}}): it is already out of the data plane.',
      'lease-stale':
        'The node Lease of {{node}} was last renewed {{ageS}} s ago (more than the {{graceS}} s node-monitor grace period): its kubelet has not reached the API server since (hung, stopped or cut off). Such a kubelet cannot confirm evictions, so a drain of {{node}} can hang with its evicted pods left Terminating.',
    },
    'concurrent-disruption': {
      'control-plane':
        'Another control-plane node is already down or cordoned: {{nodes}}. Two members down at once is how clusters lose quorum.',
      'control-plane-no-member':
        'A control-plane node is already down or cordoned: {{nodes}}; the control plane runs with less margin until it is back. {{node}} hosts no etcd member, so its reboot takes none down.',
      workers: 'Other nodes are already NotReady or cordoned: {{nodes}}; they cannot take evicted pods.',
      'kured-lock': 'kured holds its reboot lock for {{holder}}: other nodes are being rebooted.',
      'kured-lock_one': 'kured holds its reboot lock for {{holder}}: another node is being rebooted.',
      'kured-lock-held':
        'kured holds its reboot lock for {{holder}}: they are still Ready, schedulable and not marked, but kured may cordon, drain and reboot them at any moment.',
      'kured-lock-held_one':
        'kured holds its reboot lock for {{holder}}: it is still Ready, schedulable and not marked, but kured may cordon, drain and reboot it at any moment.',
      'status-kured-lock': 'kured holds its reboot lock for {{holder}}, and their reboot has started.',
      'status-kured-lock_one': 'kured holds its reboot lock for {{holder}}, and its reboot has started.',
      'status-kured-lock-held':
        'kured holds its reboot lock for {{holder}} (still Ready and schedulable): kured may reboot them at any moment.',
      'status-kured-lock-held_one':
        'kured holds its reboot lock for {{holder}} (still Ready and schedulable): kured may reboot it at any moment.',
      'status-nodes': 'Nodes NotReady or cordoned: {{nodes}}.',
    },
    'control-plane-count': {
      single:
        '{{node}} is the single control plane node: rebooting it takes down the API server, etcd, the scheduler and the controller-manager for the whole reboot.',
      'single-lost':
        '{{node}} is the single control plane node: losing it takes down the API server, etcd, the scheduler and the controller-manager until it is back.',
      'single-etcd-unknown-lost':
        '{{node}} is the single control plane node: losing it takes down the API server, the scheduler and the controller-manager until it is back, and etcd too if it runs there (where etcd runs is not in the snapshot).',
      'single-sqlite-lost':
        "{{node}} is the single control plane node: losing it takes down the API server, the scheduler, the controller-manager and k3s's SQLite datastore (all inside the k3s server process) until it is back.",
      'single-datastore-lost':
        "{{node}} is the single control plane node: losing it takes down the API server, the scheduler and the controller-manager until it is back (k3s's state is in SQLite on it or in an external datastore, not in etcd).",
      'single-etcd-unknown':
        '{{node}} is the single control plane node: rebooting it takes down the API server, the scheduler and the controller-manager for the whole reboot, and etcd too if it runs there (where etcd runs is not in the snapshot).',
      'no-other-ready-etcd-unknown':
        'No other control-plane node is Ready: rebooting {{node}} takes down the API server, the scheduler and the controller-manager, and etcd too if it runs there (where etcd runs is not in the snapshot).',
      'status-single-etcd-unknown':
        'Single control plane: one control-plane node ({{ready}} Ready). There is no HA: losing it stops the API server, scheduling and self-healing, and etcd too if it runs there (where etcd runs is not in the snapshot).',
      'single-sqlite':
        "{{node}} is the single control plane node: rebooting it takes down the API server, the scheduler, the controller-manager and k3s's SQLite datastore (all inside the k3s server process) for the whole reboot.",
      'single-datastore':
        "{{node}} is the single control plane node: rebooting it takes down the API server, the scheduler and the controller-manager for the whole reboot (k3s's state is in SQLite on it or in an external datastore, not in etcd).",
      'no-other-ready':
        'No other control-plane node is Ready: rebooting {{node}} takes down the API server, etcd, the scheduler and the controller-manager.',
      'no-other-ready-sqlite':
        "No other control-plane node is Ready: rebooting {{node}} takes down the API server, the scheduler, the controller-manager and k3s's SQLite datastore.",
      'no-other-ready-datastore':
        "No other control-plane node is Ready: rebooting {{node}} takes down the API server, the scheduler and the controller-manager (k3s's state is in SQLite or an external datastore, not in etcd).",
      redundant: '{{readyOthers}} other control-plane node(s) stay Ready.',
      partial:
        "The file is partial: OpenShift's etcd quorum guard counts {{total}} masters, but only {{node}} is in it. The other masters, whether they are Ready, and etcd membership and quorum are unknown.",
      'status-partial':
        "The file is partial: OpenShift's etcd quorum guard counts {{total}} masters, but only {{seen}} is in it. The other masters, and etcd membership and quorum, are unknown.",
      'partial-from-guard':
        "The file is partial: OpenShift's etcd quorum guard counts {{total}} masters, but only {{node}} is in it. The other masters' nodes (and whether they are Ready) are unknown; their etcd members are known only from the guard's count of Ready guard pods.",
      'status-partial-from-guard':
        "The file is partial: OpenShift's etcd quorum guard counts {{total}} masters, but only {{seen}} is in it. The other masters' nodes (and whether they are Ready) are unknown; their etcd members are known only from the guard's count of Ready guard pods.",
      'status-single':
        'Single control plane: one control-plane node ({{ready}} Ready). There is no HA: losing it stops the API server, etcd, scheduling and self-healing.',
      'status-single-sqlite':
        "Single control plane: one control-plane node ({{ready}} Ready). There is no HA: losing it stops the API server, k3s's SQLite datastore, scheduling and self-healing.",
      'status-single-datastore':
        "Single control plane: one control-plane node ({{ready}} Ready). There is no HA: losing it stops the API server, scheduling and self-healing (k3s's state is in SQLite or an external datastore, not in etcd).",
      'status-not-ready': '{{ready}} of {{total}} control-plane nodes are Ready; NotReady: {{notReady}}.',
      'status-ready': '{{ready}} of {{total}} control-plane nodes are Ready.',
    },
    'control-plane-taint': {
      untainted:
        '{{node}} has no control-plane NoSchedule taint, so ordinary workloads are scheduled on it and go down with it.',
    },
    'apiserver-redundancy': {
      'none-other':
        'No other API server is alive: kubectl and every controller lose the API during the reboot.',
      'none-other-lost':
        'No other API server is alive: kubectl and every controller lose the API until the node is back.',
      capacity:
        'API server capacity drops from {{before}} to {{after}}; clients behind the load balancer keep working through {{others}}.',
      'already-down':
        'The API server on {{node}} is already down, so the reboot takes no API capacity away; clients behind the load balancer keep working through {{others}}.',
      'capacity-no-quorum':
        'API server capacity drops from {{before}} to {{after}}, but without etcd quorum the API servers left ({{others}}) can neither write nor answer consistent reads: clients get errors until quorum is back.',
      'already-down-no-quorum':
        'The API server on {{node}} is already down; without etcd quorum the API servers left ({{others}}) can neither write nor answer consistent reads: clients get errors until quorum is back.',
      'capacity-vip':
        'API server capacity drops from {{before}} to {{after}}; {{others}} keep serving, but only clients that reach them directly keep working throughout: clients that use the control-plane VIP are interrupted with it (see the VIP).',
      'already-down-vip':
        'The API server on {{node}} is already down, so the reboot takes no API capacity away; {{others}} keep serving, but only clients that reach them directly keep working throughout: clients that use the control-plane VIP are interrupted with it (see the VIP).',
      status:
        '{{alive}} of {{total}} API server(s) alive ({{endpoints}} address(es) in the kubernetes EndpointSlice){{downText}}.',
      'status-no-slice':
        '{{alive}} of {{total}} API server(s) alive (the kubernetes EndpointSlice is not in the snapshot){{downText}}.',
      'status-unseen_one':
        '1 API server, on the control-plane node; whether it serves was not seen (no /readyz, API server identity Lease or kube-apiserver pod in the data: a Ready node is not a serving API server).',
      'status-unseen':
        '{{total}} API servers, one per control-plane node; whether they serve was not seen (no /readyz, API server identity Lease or kube-apiserver pod in the data: a Ready node is not a serving API server).',
    },
    'leader-scheduler': {
      'held-here':
        '{{node}} holds the kube-scheduler leader Lease: after the reboot starts, leader election gives it to a standby ({{standbys}}) once the {{leaseDurationSeconds}} s lease expires; no new pods are scheduled meanwhile.',
      'held-here-no-quorum':
        '{{node}} holds the kube-scheduler leader Lease; without quorum no standby can take it over (the Lease cannot be written), so no pods are scheduled until quorum is back.',
      'held-here-writes-blocked':
        '{{node}} holds the kube-scheduler leader Lease; while etcd refuses writes no standby can take it over (the Lease cannot be written), so no pods are scheduled until the alarm is cleared.',
      'no-standby': '{{node}} runs the only kube-scheduler: no pods are scheduled until it is back.',
      stale:
        'The kube-scheduler leader Lease (holder {{holder}}) was last renewed {{renewAgeS}} s ago, longer than its {{leaseDurationSeconds}} s duration: scheduling is already failing.',
      missing: 'No kube-scheduler leader Lease was found in kube-system.',
      'held-elsewhere': 'The kube-scheduler leader is {{holder}}, not {{node}}.',
      'status-held':
        'kube-scheduler leader: {{holder}} (Lease renewed {{renewAgeS}} s ago, {{transitions}} leader change(s)).',
    },
    'leader-controller-manager': {
      'held-here':
        '{{node}} holds the kube-controller-manager leader Lease: leader election moves it to a standby ({{standbys}}) after about {{leaseDurationSeconds}} s; no reconciliation (self-healing, endpoint updates) meanwhile.',
      'held-here-no-quorum':
        '{{node}} holds the kube-controller-manager leader Lease; without quorum no standby can take it over (the Lease cannot be written), so nothing is reconciled until quorum is back.',
      'held-here-writes-blocked':
        '{{node}} holds the kube-controller-manager leader Lease; while etcd refuses writes no standby can take it over (the Lease cannot be written), so nothing is reconciled until the alarm is cleared.',
      'no-standby': '{{node}} runs the only kube-controller-manager: no reconciliation until it is back.',
      stale:
        'The kube-controller-manager leader Lease (holder {{holder}}) was last renewed {{renewAgeS}} s ago, longer than its {{leaseDurationSeconds}} s duration: controllers are already stalled.',
      missing: 'No kube-controller-manager leader Lease was found in kube-system.',
      'held-elsewhere': 'The kube-controller-manager leader is {{holder}}, not {{node}}.',
      'status-held':
        'kube-controller-manager leader: {{holder}} (Lease renewed {{renewAgeS}} s ago, {{transitions}} leader change(s)).',
    },
    readyz: {
      'etcd-failing':
        'The API server reports etcd failing in /readyz ({{failing}}): the control plane is already failing.',
      failing: 'The API server reports failing readiness checks: {{failing}}.',
      unavailable: "The API server's /readyz answered HTTP {{status}}: it is not ready.",
      passing: '/readyz passes on the API server that answered.',
    },
    'etcd-topology': {
      stacked: 'etcd is stacked: one member per control-plane node ({{sourceText}}).',
      external:
        'etcd runs outside the cluster nodes (external topology): rebooting a node does not touch it ({{sourceText}}).',
      managed: 'etcd is run by your provider and cannot be observed.',
      unknown: 'etcd could not be observed: no etcd pods and no etcd data; quorum is not known.',
      'unknown-no-pods':
        'etcd could not be observed: the pods are not in the snapshot and it holds no etcd data; quorum is not known.',
      embedded: 'etcd is embedded in the servers: one member per server with the etcd role ({{sourceText}}).',
      'datastore-sqlite':
        "No node has the etcd role, and the k3s server's recorded configuration (k3s.io/node-args, k3s.io/node-env) chooses no other datastore (no --cluster-init, --server or --datastore-endpoint): k3s keeps its state in SQLite, its default datastore, on the server. There is no etcd and no quorum to check.",
      datastore:
        'No node has the etcd role: k3s keeps its state in SQLite or an external datastore, so there is no etcd quorum on the nodes to check.',
      'probe-tls':
        "etcd at {{endpoint}}{{memberText}}: {{message}}. etcd could not be verified there; check the bot's etcd ca, cert and key.",
      'probe-timeout': 'etcd at {{endpoint}}{{memberText}}: {{message}}; it counts as down.',
      'probe-refused': 'etcd at {{endpoint}}{{memberText}}: {{message}}; it counts as down.',
      'probe-unreachable': 'etcd at {{endpoint}}{{memberText}}: {{message}}; it counts as down.',
      'probe-http': 'etcd at {{endpoint}}{{memberText}}: {{message}}.',
      'probe-error': 'etcd at {{endpoint}}{{memberText}}: {{message}}.',
      'probe-no-endpoints': 'etcd could not be probed: {{message}}.',
    },
    'etcd-voters': {
      two: 'etcd has 2 voting members: quorum is 2, so it tolerates no failure; two members are worse than one.',
      even: 'etcd has {{voters}} voting member(s) (even): quorum {{quorum}} tolerates only {{tolerated}} failure(s), no more than with one member fewer.',
      odd: 'etcd has {{voters}} voting member(s): quorum {{quorum}}, tolerates {{tolerated}} failure(s).',
    },
    'etcd-quorum-after': {
      lost: 'etcd quorum would be lost: only {{after}} of {{voters}} members would stay healthy (quorum is {{quorum}}){{downText}}. Without quorum all writes stop cluster-wide: no kubectl changes, no scheduling, no recovery.',
      'kept-no-spare':
        'etcd quorum is kept: {{after}} of {{voters}} members stay healthy (quorum is {{quorum}}), but no further failure is tolerated while {{node}} is down.',
      kept: 'etcd quorum is kept: {{after}} of {{voters}} members stay healthy (quorum is {{quorum}}), {{spare}} more failure(s) tolerated meanwhile.',
      'learner-only': 'The etcd member on {{node}} is a learner: it does not vote, so quorum is unchanged.',
      'status-lost':
        'etcd quorum is LOST: {{healthy}} of {{voters}} members healthy, quorum {{quorum}}{{downText}}. Writes are stopped.',
      'status-no-spare':
        'etcd quorum holds with no spare: {{healthy}} of {{voters}} members healthy (quorum {{quorum}}){{downText}}; one more failure stops all writes.',
      'status-single':
        'etcd has a single member, and it is healthy, but there is no spare; while it is down, all writes stop cluster-wide.',
      'status-single-from-pods':
        "etcd has a single member; its etcd pod is Ready (the member's own health was not seen: no etcd status in the data), and there is no spare: while it is down, all writes stop cluster-wide.",
      'status-no-spare-from-pods':
        'etcd quorum holds with no spare, as far as the etcd pods show: {{healthy}} of {{voters}} members have a Ready etcd pod (quorum {{quorum}}; member health itself not seen: no etcd status in the data){{downText}}; one more failure stops all writes.',
      'status-kept-from-pods':
        'etcd quorum holds, as far as the etcd pods show: {{healthy}} of {{voters}} members have a Ready etcd pod (quorum {{quorum}}; member health itself not seen: no etcd status in the data), tolerates {{spare}} more failure(s){{leaderText}}.',
      'status-kept-from-guard':
        "etcd quorum holds, as OpenShift's etcd quorum guard reports: its {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget counts {{guardHealthy}} of {{guardExpected}} guard pods Ready, and a guard pod is Ready only while the etcd member on its master answers etcd's health endpoint (etcd itself was not read; the budget's status as recorded). So {{healthy}} of {{voters}} members are healthy (quorum {{quorum}}, {{spare}} to spare).",
      'status-no-spare-from-guard':
        "etcd quorum holds with no spare, as OpenShift's etcd quorum guard reports: its {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget counts {{guardHealthy}} of {{guardExpected}} guard pods Ready, and a guard pod is Ready only while the etcd member on its master answers etcd's health endpoint (etcd itself was not read; the budget's status as recorded). So {{healthy}} of {{voters}} members are healthy (quorum {{quorum}}){{downText}}; one more failure stops all writes.",
      'kept-from-guard':
        "etcd quorum is kept, as OpenShift's etcd quorum guard reports: its {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget counts {{guardHealthy}} of {{guardExpected}} guard pods Ready, and a guard pod is Ready only while the etcd member on its master answers etcd's health endpoint (etcd itself was not read; the budget's status as recorded). So {{after}} of {{voters}} members stay healthy (quorum is {{quorum}}, {{spare}} to spare while {{node}} is down).",
      'kept-no-spare-from-guard':
        "etcd quorum is kept, as OpenShift's etcd quorum guard reports: its {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget counts {{guardHealthy}} of {{guardExpected}} guard pods Ready, and a guard pod is Ready only while the etcd member on its master answers etcd's health endpoint (etcd itself was not read; the budget's status as recorded). So {{after}} of {{voters}} members stay healthy (quorum is {{quorum}}), but no further failure is tolerated while {{node}} is down.",
      'status-unknown-single':
        'etcd has one voting member (listed from the nodes), but its health was not seen (neither etcd status nor etcd pods in the data){{downText}}: whether it is up is unknown.',
      'status-unknown-guard-count':
        "etcd has {{voters}} voting members (quorum {{quorum}}), as OpenShift's etcd quorum guard counts the masters (one guard pod per master), but the health of {{unknown}} of the {{voters}} etcd members was not seen (neither etcd status nor an etcd pod in the data, and the guard does not count them all healthy){{downText}}: whether etcd has quorum is unknown.",
      'unknown-guard-count':
        "etcd quorum before and after the reboot is unknown: {{voters}} voting members (quorum {{quorum}}), as OpenShift's etcd quorum guard counts the masters (one guard pod per master), but the health of {{unknown}} of the {{voters}} etcd members was not seen (neither etcd status nor an etcd pod in the data, and the guard does not count them all healthy){{downText}}. Check etcd member health before rebooting {{node}}.",
      'status-unknown':
        'etcd has {{voters}} voting member(s) (quorum {{quorum}}, listed from the nodes), but the health of {{unknown}} of the {{voters}} etcd members was not seen (neither etcd status nor an etcd pod in the data){{downText}}: whether etcd has quorum is unknown.',
      unknown:
        'etcd quorum before and after the reboot is unknown: {{voters}} voting member(s) (quorum {{quorum}}) are listed from the nodes, but the health of {{unknown}} of the {{voters}} etcd members was not seen (neither etcd status nor an etcd pod in the data){{downText}}. Check etcd member health before rebooting {{node}}.',
      'unknown-lost':
        'etcd quorum with {{node}} lost is unknown: {{voters}} voting member(s) (quorum {{quorum}}) are listed from the nodes, but the health of {{unknown}} of the {{voters}} etcd members was not seen (neither etcd status nor an etcd pod in the data){{downText}}. Check etcd member health first.',
      'status-kept':
        'etcd quorum holds: {{healthy}} of {{voters}} members healthy (quorum {{quorum}}), tolerates {{spare}} more failure(s){{leaderText}}.',
      'lost-single':
        'etcd has one member, on {{node}}: while it is down, all writes stop cluster-wide (no kubectl changes, no scheduling, no recovery).',
    },
    'etcd-learner': {
      learner:
        'An etcd membership change is in progress: learner {{learners}} does not vote and does not count toward quorum until it is promoted.',
      'learner-reboot':
        'An etcd membership change is in progress: learner {{learners}} does not vote and does not count toward quorum until it is promoted, so no etcd member should be taken down until it finishes.',
      unmatched: 'etcd members {{unmatched}} match no control-plane node: membership and nodes disagree.',
    },
    'etcd-leader': {
      // A failed leader hands nothing over (only a clean stop transfers leadership; etcd tuning docs):
      // the sentence of a lost node (fate `lost`, what-if/node-down.ts asLoss; reader5 F2).
      'leader-here-lost':
        '{{node}} is the etcd leader: a failed leader hands nothing over; the other members elect a new leader after the election timeout ({{electionTimeoutMs}} ms by default), and writes wait until then.',
      'leader-here-writes-blocked-lost':
        '{{node}} is the etcd leader: a failed leader hands nothing over, and the other members elect a new leader after the election timeout ({{electionTimeoutMs}} ms by default); writes stay refused all the same: the active alarm blocks them, whoever leads, until it is disarmed (for NOSPACE, after compaction and defragmentation).',
      'leader-here':
        '{{node}} is the etcd leader: on a clean shutdown etcd hands leadership to another member first (writes pause for a moment; nothing to do beforehand).',
      'leader-here-no-quorum':
        '{{node}} is the etcd leader; the members left cannot elect a new one without quorum.',
      'leader-here-writes-blocked':
        '{{node}} is the etcd leader: on a clean shutdown etcd hands leadership to another member, but writes stay refused whoever leads: the active alarm blocks them until it is disarmed (for NOSPACE, after compaction and defragmentation).',
      'leader-elsewhere': 'The etcd leader is {{leader}}, not {{node}}.',
      lag: 'etcd member {{behind}} trails the most advanced member by {{lag}} applied Raft entries (etcd refuses new writes when a member falls {{limit}} behind).',
      'in-step': 'etcd voting members are in step: applied-index spread {{lag}} entries.',
      'in-step-answered':
        'The {{answered}} etcd members that answered are in step: applied-index spread {{lag}} entries.',
      'status-leader': 'etcd leader: {{leader}} (member id {{leaderId}}).',
      'status-no-leader':
        'No etcd member reports a leader ({{healthy}} member(s) answered): an election is under way or quorum is gone, and writes wait.',
    },
    'etcd-alarms': {
      alarms:
        'etcd alarms are raised: {{alarms}}. The cluster accepts only reads and deletes; evictions fail too.',
      nospace:
        'etcd has an active NOSPACE alarm ({{alarms}}): its database reached the space quota, so etcd accepts only reads and deletes. The API servers stay up and /readyz still passes, but nothing can be changed: no kubectl changes, no evictions (a drain fails), no scheduling, no Lease renewals.',
      unknown:
        'The etcd alarm list could not be read (etcd answers it only with a leader): a NOSPACE or CORRUPT alarm cannot be ruled out.',
    },
    'etcd-db-size': {
      high: 'The etcd database uses {{dbSizeMiB}} MiB of its {{quotaMiB}} MiB quota ({{percent}} %).',
      fine: 'The etcd database uses {{dbSizeMiB}} MiB of its {{quotaMiB}} MiB quota ({{percent}} %).',
    },
    'orphaned-daemonset-pods': {
      missing:
        'DaemonSet pods on {{node}} whose DaemonSet is not in the cluster ({{daemonSets}}): {{pods}}. The drain refuses them (daemonsets.apps "NAME" not found) even with --ignore-daemonsets; only --force deletes them, for good (nothing recreates them).',
      missing_one:
        'A DaemonSet pod on {{node}} whose DaemonSet is not in the cluster ({{daemonSets}}): {{pods}}. The drain refuses it (daemonsets.apps "NAME" not found) even with --ignore-daemonsets; only --force deletes it, for good (nothing recreates it).',
      unseen:
        'DaemonSet pods on {{node}} whose DaemonSet the snapshot does not hold ({{daemonSets}}): {{pods}}. If it is not in the cluster either, the drain refuses them (daemonsets.apps "NAME" not found) even with --ignore-daemonsets, and only --force deletes them, for good; with the DaemonSet there, --force leaves them as --ignore-daemonsets does.',
      unseen_one:
        'A DaemonSet pod on {{node}} whose DaemonSet the snapshot does not hold ({{daemonSets}}): {{pods}}. If it is not in the cluster either, the drain refuses it (daemonsets.apps "NAME" not found) even with --ignore-daemonsets, and only --force deletes it, for good; with the DaemonSet there, --force leaves it as --ignore-daemonsets does.',
    },
    'unmanaged-pods': {
      present:
        'Pods with no controller on {{node}}: {{pods}}. Drain refuses them without --force, and once deleted they never come back.',
      present_one:
        'A pod with no controller on {{node}}: {{pods}}. Drain refuses it without --force, and once deleted it never comes back.',
      // The only node, rebooted: no drain (kubectl drain reference; issue 16, F17).
      'only-node':
        'Pods with no controller on {{node}}: {{pods}}. Once deleted they never come back: a drain of {{node}}, the only node, would delete them (--force) and move nothing; a reboot without a drain keeps them.',
      'only-node_one':
        'A pod with no controller on {{node}}: {{pods}}. Once deleted it never comes back: a drain of {{node}}, the only node, would delete it (--force) and move nothing; a reboot without a drain keeps it.',
    },
    'emptydir-pods': {
      present:
        'Pods with emptyDir data on {{node}}: {{pods}}. Drain needs {{emptyDirFlag}} ({{emptyDirOldFlag}} in a kubectl older than v1.20) and that data is lost.',
      present_one:
        'A pod with emptyDir data on {{node}}: {{pods}}. Drain needs {{emptyDirFlag}} ({{emptyDirOldFlag}} in a kubectl older than v1.20) and that data is lost.',
      // The only node, rebooted: an emptyDir lives as long as its pod is on the node; a tmpfs
      // (medium: Memory) is emptied by any reboot (Volumes, emptyDir; issue 16, F17).
      'only-node':
        "Pods with emptyDir data on {{node}}: {{pods}}. A drain would delete that data ({{emptyDirFlag}}); a reboot without a drain keeps it on the node's disk.",
      'only-node_one':
        "A pod with emptyDir data on {{node}}: {{pods}}. A drain would delete that data ({{emptyDirFlag}}); a reboot without a drain keeps it on the node's disk.",
      'only-node-memory':
        "Pods with emptyDir data on {{node}}: {{pods}}. A drain would delete that data ({{emptyDirFlag}}); a reboot without a drain keeps it on the node's disk, except the in-memory (medium: Memory) emptyDir of {{inMemory}}, which any reboot empties.",
      'only-node-memory_one':
        "A pod with emptyDir data on {{node}}: {{pods}}. A drain would delete that data ({{emptyDirFlag}}); a reboot without a drain keeps it on the node's disk, except an in-memory (medium: Memory) emptyDir, which any reboot empties.",
      // The only node failed (fate `lost`, what-if/node-down.ts): no drain, no reboot of yours.
      'only-node-lost':
        "Pods with emptyDir data on {{node}}: {{pods}}. That data is on {{node}}'s disk: it is lost if these pods are deleted or evicted, and kept for them when {{node}} is back otherwise.",
      'only-node-lost_one':
        "A pod with emptyDir data on {{node}}: {{pods}}. That data is on {{node}}'s disk: it is lost if the pod is deleted or evicted, and kept for it when {{node}} is back otherwise.",
      'only-node-memory-lost':
        "Pods with emptyDir data on {{node}}: {{pods}}. That data is on {{node}}'s disk: it is lost if these pods are deleted or evicted, and kept for them when {{node}} is back otherwise; the in-memory (medium: Memory) emptyDir of {{inMemory}} is lost with the failure.",
      'only-node-memory-lost_one':
        "A pod with emptyDir data on {{node}}: {{pods}}. Its in-memory (medium: Memory) emptyDir is lost with the failure; what is on {{node}}'s disk is kept for it when {{node}} is back, unless the pod is deleted or evicted.",
    },
    'daemonset-pods': {
      present:
        'DaemonSet pods on {{node}} ({{daemonSets}}) and static pods are not evicted; they come back with the node.',
      'daemonsets-only':
        'DaemonSet pods on {{node}} ({{daemonSets}}) are not evicted; they come back with the node.',
      'static-only': 'Static pods on {{node}} are not evicted; they come back with the node.',
      // A drain answer: the node is not rebooted (reader5 F7).
      'present-drain':
        'DaemonSet pods on {{node}} ({{daemonSets}}) and static pods are not evicted: the drain leaves them running there.',
      'daemonsets-only-drain':
        'DaemonSet pods on {{node}} ({{daemonSets}}) are not evicted: the drain leaves them running there.',
      'static-only-drain': 'Static pods on {{node}} are not evicted: the drain leaves them running there.',
      // A drain of a NotReady node (issue 16, reader6 B15/F10): the drain leaves them, but no kubelet
      // reports whether they still run there.
      'present-not-ready-drain':
        'DaemonSet pods on {{node}} ({{daemonSets}}) and static pods are not evicted: the drain leaves them on {{node}}, which is NotReady, so whether they still run there is not known.',
      'daemonsets-only-not-ready-drain':
        'DaemonSet pods on {{node}} ({{daemonSets}}) are not evicted: the drain leaves them on {{node}}, which is NotReady, so whether they still run there is not known.',
      'static-only-not-ready-drain':
        'Static pods on {{node}} are not evicted: the drain leaves them on {{node}}, which is NotReady, so whether they still run there is not known.',
    },
    'pdb-blocks': {
      'quorum-guard':
        "OpenShift's {{namespace}}/{{pdb}} PodDisruptionBudget guards etcd quorum: its status as recorded allows {{disruptionsAllowed}} master disruption(s) ({{currentHealthy}} healthy, {{desiredHealthy}} needed, by the budget's own count, not the bot's); drain masters one at a time.",
      'quorum-guard-blocked':
        "OpenShift's {{namespace}}/{{pdb}} PodDisruptionBudget allows no master disruption, by its status as recorded ({{currentHealthy}} healthy, {{desiredHealthy}} needed, by the budget's own count): another etcd member is down or being drained; the drain of this master would wait.",
      'max-unavailable-zero':
        'PodDisruptionBudget {{namespace}}/{{pdb}} has maxUnavailable 0: every eviction is refused (HTTP 429) and the drain waits forever.',
      'min-available-all':
        'PodDisruptionBudget {{namespace}}/{{pdb}} requires minAvailable {{minAvailable}} of {{expectedPods}} expected pods (disruptionsAllowed {{disruptionsAllowed}}): every eviction is refused with HTTP 429 and the drain waits forever.',
      'stops-webhook':
        "PodDisruptionBudget {{namespace}}/{{pdb}} (disruptionsAllowed {{disruptionsAllowed}}) refuses the eviction of {{pods}} with HTTP 429, and its retry fails on webhook {{webhook}} (HTTP 500): the drain stops there. The retry comes after the drain evicted the webhook's backends (failurePolicy Fail), and kubectl retries only 429, so the drain ends unfinished.",
      'no-disruptions':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows no disruption now (disruptionsAllowed 0, {{currentHealthy}} healthy of {{desiredHealthy}} needed): evicting {{pods}} is refused with HTTP 429.',
      'more-than-allowed':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s) but {{podsHere}} of its pods are on {{node}}: the drain waits until replacements are healthy.',
      'more-than-allowed-stuck':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s) but {{podsHere}} of its pods are on {{node}}: the drain evicts the first, whose replacement no other node takes, so the budget never comes back and {{stuck}} is refused (HTTP 429) for ever.',
      // Why that replacement is Pending, in the scheduler's terms (src/analysis/drain-sequence.ts).
      'more-than-allowed-stuck-why':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s) but {{podsHere}} of its pods are on {{node}}: the drain evicts the first, whose replacement stays Pending ({{pendingWhy}}), so the budget never comes back and {{stuck}} is refused (HTTP 429) for ever.',
      'more-than-allowed_one':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s) but 1 of its pods is on {{node}}: the drain waits until its replacement is healthy.',
      'not-computed':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: the disruption controller has not computed its status for its current spec (no status, or observedGeneration behind generation), so the API server refuses every eviction of its pods ({{pods}}) with HTTP 429 ("still being processed") until it does.',
      'unhealthy-evictable':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s), but its pods on {{node}} ({{pods}}) are not Ready and its unhealthyPodEvictionPolicy ({{policy}}) lets their eviction through without counting against it.',
      allows:
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s); {{podsHere}} of its pods are on {{node}}, so the drain can proceed.',
      allows_one:
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s); 1 of its pods is on {{node}}, so the drain can proceed.',
      overlapping:
        'Pod {{pod}} is selected by more than one PodDisruptionBudget ({{pdbs}}): the eviction API answers 500 and the drain cannot evict it.',
      'status-blocking':
        'PodDisruptionBudgets that allow no disruption now (a drain would wait on them): {{pdbs}}.',
    },
    // No CoreDNS pod Ready (src/analysis/cluster-dns.ts): DNS is down before anything changes.
    'cluster-dns': {
      'already-down':
        'Cluster DNS is already down: none of the {{count}} pods of {{workloads}} is Ready ({{stateText}}), so in-cluster name resolution fails now, before {{node}} is touched. An existing problem: this change neither causes it nor fixes it.',
      'already-down_one':
        'Cluster DNS is already down: the only pod of {{workloads}} is not Ready ({{stateText}}), so in-cluster name resolution fails now, before {{node}} is touched. An existing problem: this change neither causes it nor fixes it.',
      'down-now':
        'Cluster DNS is already down: none of the {{count}} pods of {{workloads}} is Ready ({{stateText}}), so in-cluster name resolution fails now, whatever happens here: an existing problem.',
      'down-now_one':
        'Cluster DNS is already down: the only pod of {{workloads}} is not Ready ({{stateText}}), so in-cluster name resolution fails now, whatever happens here: an existing problem.',
      'status-down':
        'Cluster DNS is down: none of the {{count}} pods of {{workloads}} is Ready ({{stateText}}), so in-cluster name resolution fails.',
      'status-down_one':
        'Cluster DNS is down: the only pod of {{workloads}} is not Ready ({{stateText}}), so in-cluster name resolution fails.',
    },
    'single-replica': {
      // A lost node whose pods nothing replaces (what-if/node-down.ts `stranded`; issue 16, reader5 F14, F22).
      'single-stranded':
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, on {{node}}: it is down until {{node}} is back; it is not rescheduled elsewhere: {{strandedText}}.',
      'all-here-stranded':
        'Every replica of {{workload}} ({{kind}}, {{namespace}}; {{replicas}}) is on {{node}}: it is down until {{node}} is back; none is rescheduled elsewhere: {{strandedText}}.',
      'dns-single-stranded':
        'Cluster DNS ({{workload}}) runs a single replica, on {{node}}: in-cluster name resolution stops for every workload until {{node}} is back; it is not rescheduled elsewhere: {{strandedText}}.',
      'dns-all-here-stranded':
        'Every replica of cluster DNS ({{workload}}, {{replicas}}) is on {{node}}: in-cluster name resolution stops for every workload until {{node}} is back; none is rescheduled elsewhere: {{strandedText}}.',
      'spread-stranded':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the {{readyElsewhere}} Ready on other nodes keep serving; none is replaced elsewhere until {{node}} is back: {{strandedText}}.',
      'spread-stranded_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the one Ready on another node keeps serving; none is replaced elsewhere until {{node}} is back: {{strandedText}}.',
      'none-ready-elsewhere-stranded':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}, and no replica on another node is Ready: it is down until {{node}} is back; none is rescheduled elsewhere: {{strandedText}}.',
      'dns-none-ready-elsewhere-stranded':
        'Cluster DNS ({{workload}}): {{here}} of {{replicas}} replicas on {{node}}, and no replica on another node is Ready: in-cluster name resolution stops for every workload until {{node}} is back; none is rescheduled elsewhere: {{strandedText}}.',
      single:
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, on {{node}}: downtime until it is rescheduled and started elsewhere.',
      // No other node has room for its pods (the eviction model's `no-room`, issue 28).
      'single-no-room':
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, on {{node}}, and no other node can take it: it is down until room is made on another node or {{node}} is back and uncordoned.',
      'all-here-no-room':
        'All {{replicas}} replicas of {{workload}} ({{kind}}, {{namespace}}) are on {{node}}, and no other node can take them: they are down until room is made on another node or {{node}} is back and uncordoned.',
      'all-here-no-room-two':
        'Both replicas of {{workload}} ({{kind}}, {{namespace}}) are on {{node}}, and no other node can take them: they are down until room is made on another node or {{node}} is back and uncordoned.',
      'all-here':
        'All {{replicas}} replicas of {{workload}} ({{kind}}, {{namespace}}) are on {{node}}: downtime until they are rescheduled and started elsewhere.',
      'all-here-two':
        'Both replicas of {{workload}} ({{kind}}, {{namespace}}) are on {{node}}: downtime until they are rescheduled and started elsewhere.',
      'dns-single':
        'Cluster DNS ({{workload}}) runs a single replica, on {{node}}: in-cluster name resolution stops until it is rescheduled.',
      'dns-all-here-two':
        'Both replicas of cluster DNS ({{workload}}) are on {{node}}: in-cluster name resolution stops for every workload until they are rescheduled.',
      'dns-all-here':
        'All {{replicas}} replicas of cluster DNS ({{workload}}) are on {{node}}: in-cluster name resolution stops for every workload until they are rescheduled.',
      // The only node (reader 2.5): nothing is rescheduled elsewhere; down until the node is back.
      'dns-single-only-node':
        'Cluster DNS ({{workload}}) runs a single replica, on {{node}}, the only node: it cannot be rescheduled elsewhere, so in-cluster name resolution stops for every workload until {{node}} is back and uncordoned, and {{workload}} runs on it again.',
      'dns-all-here-only-node':
        'All {{replicas}} replicas of cluster DNS ({{workload}}) are on {{node}}, the only node: they cannot be rescheduled elsewhere, so in-cluster name resolution stops for every workload until {{node}} is back and uncordoned, and {{workload}} runs on it again.',
      'dns-all-here-only-node-two':
        'Both replicas of cluster DNS ({{workload}}) are on {{node}}, the only node: they cannot be rescheduled elsewhere, so in-cluster name resolution stops for every workload until {{node}} is back and uncordoned, and {{workload}} runs on it again.',
      'single-only-node':
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, on {{node}}, the only node: it cannot run elsewhere, so it is down until {{node}} is back and uncordoned.',
      'all-here-only-node':
        'All {{replicas}} replicas of {{workload}} ({{kind}}, {{namespace}}) are on {{node}}, the only node: they cannot run elsewhere, so it is down until {{node}} is back and uncordoned.',
      'all-here-only-node-two':
        'Both replicas of {{workload}} ({{kind}}, {{namespace}}) are on {{node}}, the only node: they cannot run elsewhere, so it is down until {{node}} is back and uncordoned.',
      'dns-single-only-node-lost':
        'Cluster DNS ({{workload}}) runs a single replica, on {{node}}, the only node: it cannot run elsewhere, so in-cluster name resolution stops for every workload until {{node}} is back and {{workload}} runs on it again.',
      'dns-all-here-only-node-lost':
        'Every replica of cluster DNS ({{workload}}, {{replicas}}) is on {{node}}, the only node: none can run elsewhere, so in-cluster name resolution stops for every workload until {{node}} is back and {{workload}} runs on it again.',
      'single-only-node-lost':
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, on {{node}}, the only node: it cannot run elsewhere, so it is down until {{node}} is back.',
      'all-here-only-node-lost':
        'Every replica of {{workload}} ({{kind}}, {{namespace}}; {{replicas}}) is on {{node}}, the only node: none can run elsewhere, so it is down until {{node}} is back.',
      'dns-all-here-only-node-two-lost':
        'Both replicas of cluster DNS ({{workload}}) are on {{node}}, the only node: they cannot be rescheduled elsewhere, so in-cluster name resolution stops for every workload until {{node}} is back and {{workload}} runs on it again.',
      'all-here-only-node-two-lost':
        'Both replicas of {{workload}} ({{kind}}, {{namespace}}) are on {{node}}, the only node: they cannot run elsewhere, so it is down until {{node}} is back.',
      spread:
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the {{readyElsewhere}} Ready on other nodes keep serving while it is rescheduled.',
      spread_one:
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the one Ready on another node keeps serving while it is rescheduled.',
      'none-ready-elsewhere':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}, and no replica on another node is Ready: downtime until one is rescheduled and Ready elsewhere.',
      'dns-none-ready-elsewhere':
        'Cluster DNS ({{workload}}): {{here}} of {{replicas}} replicas on {{node}}, and no replica on another node is Ready: in-cluster name resolution stops for every workload until one is rescheduled and Ready.',
      'status-list': 'Single-replica workloads (down whenever their node is): {{workloads}}.',
      'single-pinned':
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, pinned to {{node}}: it cannot run elsewhere and is down for the whole reboot, until {{node}} is back and uncordoned.',
      'all-here-pinned':
        'Every replica of {{workload}} ({{kind}}, {{namespace}}) is on {{node}} and pinned to it: they cannot run elsewhere and are down for the whole reboot, until {{node}} is back and uncordoned.',
      'spread-pinned':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}, pinned to it: it stays Pending until {{node}} is back and uncordoned; the {{readyElsewhere}} Ready on other nodes keep serving meanwhile.',
      'spread-pinned_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}, pinned to it: it stays Pending until {{node}} is back and uncordoned; the one Ready on another node keeps serving meanwhile.',
      'single-pinned-lost':
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, pinned to {{node}}: it cannot run elsewhere and is down until {{node}} is back.',
      'all-here-pinned-lost':
        'Every replica of {{workload}} ({{kind}}, {{namespace}}) is on {{node}} and pinned to it: they cannot run elsewhere and are down until {{node}} is back.',
      'spread-pinned-lost':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}, pinned to it: it is down until {{node}} is back; the {{readyElsewhere}} Ready on other nodes keep serving meanwhile.',
      'spread-pinned-lost_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}, pinned to it: it is down until {{node}} is back; the one Ready on another node keeps serving meanwhile.',
      'single-statefulset-lost':
        '{{workload}} ({{kind}}, {{namespace}}) runs a single replica, on {{node}}: it is down until {{node}} is back, its pod is force-deleted once {{node}} is surely off, or {{node}} gets the node.kubernetes.io/out-of-service taint (a StatefulSet pod on a lost node stays Terminating and is not recreated elsewhere).',
      'all-here-statefulset-lost':
        'Every replica of {{workload}} ({{kind}}, {{namespace}}) is on {{node}}: it is down until {{node}} is back, its pods are force-deleted once {{node}} is surely off, or {{node}} gets the node.kubernetes.io/out-of-service taint (a StatefulSet pod on a lost node stays Terminating and is not recreated elsewhere).',
      'none-ready-elsewhere-statefulset-lost':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}, and no replica on another node is Ready: it is down. Its pod there is not recreated elsewhere (a StatefulSet pod on a lost node stays Terminating) until {{node}} is back, the pod is force-deleted once {{node}} is surely off, or {{node}} gets the node.kubernetes.io/out-of-service taint.',
      'spread-statefulset-lost':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the {{readyElsewhere}} Ready on other nodes keep serving. Its pod there is not recreated elsewhere (a StatefulSet pod on a lost node stays Terminating) until {{node}} is back, the pod is force-deleted once {{node}} is surely off, or {{node}} gets the node.kubernetes.io/out-of-service taint.',
      'spread-statefulset-lost_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the one Ready on another node keeps serving. Its pod there is not recreated elsewhere (a StatefulSet pod on a lost node stays Terminating) until {{node}} is back, the pod is force-deleted once {{node}} is surely off, or {{node}} gets the node.kubernetes.io/out-of-service taint.',
      'operator-daemon':
        '{{workload}} ({{kind}}, {{namespace}}) is the Ceph {{daemon}} that the Rook operator runs on {{node}}, with its data there: it is not rescheduled elsewhere and is down for the whole reboot; Ceph serves from its other daemons while its PodDisruptionBudgets allow the drain.',
      // A node lost, not drained (what-if/node-down.ts asLoss): no budget is involved.
      'operator-daemon-lost':
        '{{workload}} ({{kind}}, {{namespace}}) is the Ceph {{daemon}} that the Rook operator runs on {{node}}, with its data there: it is not rescheduled elsewhere and is down until {{node}} is back.',
      // The eviction model (src/analysis/eviction-model.ts, reader5 F5, F6, F32).
      'operator-daemon-drain':
        '{{workload}} ({{kind}}, {{namespace}}) is the Ceph {{daemon}} that the Rook operator runs on {{node}}, with its data there: evicted, it is not rescheduled elsewhere and stays Pending until {{node}} is uncordoned; Ceph serves from its other daemons while its PodDisruptionBudgets allow the drain.',
      'operator-daemon-refused':
        '{{workload}} ({{kind}}, {{namespace}}) is the Ceph {{daemon}} that the Rook operator runs on {{node}}, with its data there: PodDisruptionBudget {{refusedBy}} refuses its eviction now (HTTP 429), so it keeps running there and the drain waits on it.',
      'operator-daemon-down':
        '{{workload}} ({{kind}}, {{namespace}}) is the Ceph {{daemon}} that the Rook operator runs on {{node}}, and it is already not Ready ({{state}}): Ceph runs without it now, degraded, and taking {{node}} down does not bring it back.',
      refused:
        '{{workload}} ({{kind}}, {{namespace}}): PodDisruptionBudget {{refusedBy}} refuses the eviction of its {{count}} pods on {{node}} (HTTP 429), so they are not evicted: they keep running there while the drain waits.',
      refused_one:
        '{{workload}} ({{kind}}, {{namespace}}): PodDisruptionBudget {{refusedBy}} refuses the eviction of its pod on {{node}} (HTTP 429), so it is not evicted: it keeps running there while the drain waits.',
      stopped:
        '{{workload}} ({{kind}}, {{namespace}}): more than one PodDisruptionBudget ({{stoppedBy}}) selects its {{count}} pods on {{node}}, so their eviction is answered HTTP 500 and the drain stops: they keep running there.',
      stopped_one:
        '{{workload}} ({{kind}}, {{namespace}}): more than one PodDisruptionBudget ({{stoppedBy}}) selects its pod on {{node}}, so its eviction is answered HTTP 500 and the drain stops: it keeps running there.',
      'stopped-webhook':
        '{{workload}} ({{kind}}, {{namespace}}): the drain stops at its {{count}} pods on {{node}} (admission webhook {{stoppedWebhook}} answers their eviction HTTP 500), so they are not evicted: they keep running there.',
      'stopped-webhook_one':
        '{{workload}} ({{kind}}, {{namespace}}): the drain stops at its pod on {{node}} (admission webhook {{stoppedWebhook}} answers its eviction HTTP 500), so it is not evicted: it keeps running there.',
    },
    'workloads-on-control-plane': {
      user: 'Workloads run on control-plane node {{node}}: {{pods}}. They go down with the master.',
      'user-drain':
        'Workloads run on control-plane node {{node}}: {{pods}}. The drain evicts them like any other pods.',
      'user-drain_one':
        'A workload runs on control-plane node {{node}}: {{pods}}. The drain evicts it like any other pod.',
      system: 'Add-on pods on {{node}} ({{pods}}) are evicted by the drain and rescheduled.',
      system_one: 'The add-on pod on {{node}} ({{pods}}) is evicted by the drain and rescheduled.',
      // Nodes lost together (fate `lost`, issue 16, reader6 B17): no drain; the taint manager evicts
      // them once the node is NotReady and their NoExecute toleration runs out (`system-lost`), or,
      // with no control plane to do it or no node left, nothing moves them (`system-down-lost`).
      'system-lost':
        'Add-on pods on {{node}} ({{pods}}) go down with it; once {{node}} is marked NotReady and their NoExecute toleration runs out, the taint manager evicts them and they are rescheduled.',
      'system-lost_one':
        'The add-on pod on {{node}} ({{pods}}) goes down with it; once {{node}} is marked NotReady and its NoExecute toleration runs out, the taint manager evicts it and it is rescheduled.',
      'system-down-lost':
        'Add-on pods on {{node}} ({{pods}}) go down with it, and nothing moves them elsewhere: they are down until {{node}} is back.',
      'system-down-lost_one':
        'The add-on pod on {{node}} ({{pods}}) goes down with it, and nothing moves it elsewhere: it is down until {{node}} is back.',
    },
    'local-volumes': {
      pinned:
        'Pods bound to {{node}} (hostPath data or a hostname node selector): {{pods}}. They are down for the whole reboot.',
      'pinned-drain':
        'Pods bound to {{node}} (hostPath data or a hostname node selector): {{pods}}. Once evicted, they can run nowhere else: Pending until {{node}} is uncordoned.',
      pinned_one:
        'A pod bound to {{node}} (hostPath data or a hostname node selector): {{pods}}. It is down for the whole reboot.',
      'pinned-drain_one':
        'A pod bound to {{node}} (hostPath data or a hostname node selector): {{pods}}. Once evicted, it can run nowhere else: Pending until {{node}} is uncordoned.',
      'pinned-lost':
        'Pods bound to {{node}} (hostPath data or a hostname node selector): {{pods}}. They are down until {{node}} is back.',
    },
    capacity: {
      'status-one-node':
        '{{node}} is the only node: every workload runs there and stops while it is down, with nowhere to be rescheduled.',
      'status-one-runnable':
        '{{node}} is the only Ready, schedulable node without a NoSchedule taint: ordinary workloads run there and stop while it is down, with nowhere to be rescheduled.',
      fits: 'The other Ready, schedulable nodes have room for the {{evictable}} pods that move there.{{pendingText}}',
      fits_one: 'The other Ready, schedulable nodes have room for the pod that moves there.{{pendingText}}',
      'some-pending':
        'No room elsewhere for {{unplaced}}: they would stay Pending after the drain.{{pendingText}}',
      'none-fit':
        'No other node can take the evicted pods ({{unplaced}}): they would stay Pending.{{pendingText}}',
      'only-node':
        '{{node}} is the only node of the cluster: the pods a drain evicts ({{unplaced}}) have nowhere else to run and stay Pending until it is back and uncordoned.',
      'only-node-unseen-partial':
        "{{node}} is the only Ready, schedulable node without a NoSchedule taint in the data, but the file is partial (OpenShift's etcd quorum guard counts {{count}} more masters than it holds), so whether another node could take what runs on {{node}} (its pods are not in the snapshot) is unknown.",
      'only-node-unseen-partial_one':
        "{{node}} is the only Ready, schedulable node without a NoSchedule taint in the data, but the file is partial (OpenShift's etcd quorum guard counts one more master than it holds), so whether another node could take what runs on {{node}} (its pods are not in the snapshot) is unknown.",
      // Pods bound to nodes the node list lacks (real cluster 14): the list is incomplete.
      'only-node-unseen-absent':
        'No other node in the node list could take what runs on {{node}}, but pods in the data run on nodes the list does not hold ({{absentNodes}}): the node list is incomplete, so whether another node could take what runs on {{node}} (its pods are not in the snapshot) is unknown.',
      'only-node-unseen':
        '{{node}} is the only Ready, schedulable node without a NoSchedule taint: whatever runs on it (its pods are not in the snapshot) has nowhere to go and stops for the whole reboot.',
      'only-node-lost':
        '{{node}} is the only node of the cluster: its pods ({{unplaced}}) have nowhere else to run and are down until it is back.',
      'only-node-unseen-lost':
        '{{node}} is the only Ready, schedulable node without a NoSchedule taint: whatever runs on it (its pods are not in the snapshot) has nowhere to go and is down until it is back.',
      'only-node-replaced':
        "{{node}} is the only node of the cluster: its node pool's surge upgrade adds the new node first, and the pods drained from {{node}} ({{unplaced}}) start there, each once, after its eviction; with a max surge of 0 they stay Pending until the replacement node is Ready.",
      'only-node-unseen-replaced':
        "{{node}} is the only Ready, schedulable node without a NoSchedule taint: its node pool's surge upgrade adds the new node first, and what runs on {{node}} (its pods are not in the snapshot) starts there after its eviction; with a max surge of 0 it stays Pending until the replacement node is Ready.",
    },
    'grace-period': {
      estimate:
        'The drain evicts {{count}} pods; the longest terminationGracePeriodSeconds is {{seconds}} s.',
      estimate_one: 'The drain evicts 1 pod; its terminationGracePeriodSeconds is {{seconds}} s.',
      // The eviction model (src/analysis/eviction-model.ts): not every evicted pod moves.
      'estimate-fates':
        'The drain evicts {{count}} pods ({{fatesList}}); the longest terminationGracePeriodSeconds is {{seconds}} s.',
      'estimate-fates_one':
        'The drain evicts 1 pod ({{fatesList}}); its terminationGracePeriodSeconds is {{seconds}} s.',
      // An eviction error other than 429 (several budgets: 500): kubectl drain stops on it.
      stops:
        'The drain stops with an error at {{stoppedPods}}: more than one PodDisruptionBudget ({{stoppedBy}}) selects it, the eviction API answers HTTP 500, and kubectl retries only 429, so the drain ends unfinished and the pod keeps running.',
      // A failing-closed webhook on pods/eviction whose backends were evicted (issue 29): 500 from then on.
      'stops-webhook':
        'The drain stops with an error at {{stoppedPods}}: the admission webhook {{stoppedWebhooks}} (failurePolicy Fail) intercepts pod evictions and its only backends ran on {{node}}; once the drain evicted them, each later eviction is answered HTTP 500 ("failed calling webhook"), and kubectl retries only 429, so the drain ends unfinished and those pods keep running.',
      'all-refused':
        'The drain evicts no pod: {{refusedBy}} refuses the eviction of every pod it would evict ({{refusedPods}}), so it waits there.',
      // The only node, rebooted without a drain: its pods stay bound to it (issue 16, F17).
      'only-node':
        'Not drained, its {{count}} pods stop when {{node}} shuts down and start again when it is back (unless it stays NotReady longer than their 300 s NoExecute toleration); the longest terminationGracePeriodSeconds is {{seconds}} s.',
      'only-node_one':
        'Not drained, its pod stops when {{node}} shuts down and starts again when it is back (unless it stays NotReady longer than its 300 s NoExecute toleration); its terminationGracePeriodSeconds is {{seconds}} s.',
    },
    'control-plane-healthy-for-worker': {
      down: 'The control plane is not serving (etcd quorum lost or no API server alive): a rebooted node cannot get its pods and Service rules back: its Service rules are rebuilt from the API server after the reboot, so they may come up empty.',
      degraded:
        'The control plane is degraded (NotReady: {{notReadyText}}; etcd members down: {{membersDownText}}); it still serves, but a rebooted node depends on it to get its pods and Service rules back.',
      healthy:
        'The control plane is healthy (/readyz passing), so {{node}} gets its pods and Service rules back after the reboot.',
      unseen:
        "The control plane's health was not seen (/readyz is not in the snapshot): {{node}} gets its pods and Service rules back after the reboot only if it serves. Check it first (kubectl get --raw {{health}}).",
      'down-lost':
        'The control plane is not serving (etcd quorum lost or no API server alive): nothing marks a lost node NotReady or replaces its pods elsewhere until it serves again.',
      'degraded-lost':
        'The control plane is degraded (NotReady: {{notReadyText}}; etcd members down: {{membersDownText}}); it still serves, and it is what marks a lost node NotReady and replaces its pods elsewhere.',
      'healthy-lost':
        'The control plane is healthy (/readyz passing): it marks {{node}} NotReady and replaces its pods elsewhere, on the timeline below.',
      'unseen-lost':
        "The control plane's health was not seen (/readyz is not in the snapshot): {{node}} is marked NotReady and its pods are replaced elsewhere only if it serves. Check it first (kubectl get --raw {{health}}).",
      'down-replaced':
        "The control plane is not serving (etcd quorum lost or no API server alive): the node pool's upgrade cannot drain {{node}} nor schedule its pods on the new node until it serves again.",
      'degraded-replaced':
        'The control plane is degraded (NotReady: {{notReadyText}}; etcd members down: {{membersDownText}}); it still serves, but the drain of {{node}} and the scheduling of its pods on the new node depend on it.',
      'healthy-replaced':
        'The control plane is healthy (/readyz passing), so the pods drained from {{node}} are scheduled on the new node and the others.',
      'unseen-replaced':
        "The control plane's health was not seen (/readyz is not in the snapshot): the pods drained from {{node}} are scheduled on the new node and the others only if it serves. Check it first (kubectl get --raw {{health}}).",
    },
    'not-observed': {
      missing: 'Not in the snapshot, so not judged (unknown, not failing): {{resourceNames}}.',
    },
    'kubectl-drain': {
      cordon:
        'kubectl cordon sets spec.unschedulable on {{node}}: the scheduler places no new pod there; to move the pods running there, drain it.',
      uncordon:
        'kubectl uncordon clears spec.unschedulable on {{node}}: the scheduler may place new pods there; pods evicted earlier stay where they were rescheduled.',
      refused:
        'As pasted, the drain cordons {{node}}, then stops before evicting anything: it refuses {{pods}} (the flag each needs in brackets), and {{node}} stays cordoned.',
      refused_one:
        'As pasted, the drain cordons {{node}}, then stops before evicting anything: it refuses {{pods}} (the flag it needs in brackets), and {{node}} stays cordoned.',
      'force-deletes':
        '--force deletes {{count}} pods with no controller for good (nothing recreates them): {{pods}}.',
      'force-deletes_one':
        '--force deletes a pod with no controller for good (nothing recreates it): {{pods}}.',
      'force-nothing': '--force changes nothing on {{node}}: every pod there has a controller.',
      'emptydir-deletes':
        'The emptyDir flag deletes the emptyDir data of {{count}} pods (volumes in brackets): {{pods}}.',
      'emptydir-deletes_one':
        'The emptyDir flag deletes the emptyDir data of one pod (volumes in brackets): {{pods}}.',
      'emptydir-nothing':
        'The emptyDir flag deletes nothing on {{node}}: no running pod there has an emptyDir volume.',
      'eviction-disabled':
        '--disable-eviction deletes the pods instead of evicting them, so these PodDisruptionBudgets are not checked: {{budgets}}.',
      'eviction-disabled_one':
        '--disable-eviction deletes the pods instead of evicting them, so this PodDisruptionBudget is not checked: {{budgets}}.',
      'eviction-disabled-refusing':
        '--disable-eviction deletes the pods instead of evicting them, so these PodDisruptionBudgets are not checked: {{budgets}}; {{refusing}} allows fewer disruptions now than the healthy pods it deletes at once (or its status is not computed), so it goes below its minimum.',
      'eviction-disabled-refusing_one':
        '--disable-eviction deletes the pods instead of evicting them, so this PodDisruptionBudget is not checked: {{budgets}}; it allows fewer disruptions now than the healthy pods it deletes at once (or its status is not computed), so it goes below its minimum.',
      'eviction-disabled-none':
        '--disable-eviction bypasses no PodDisruptionBudget on {{node}}: none selects its pods.',
      'pod-selector':
        '--pod-selector {{selector}} drains {{count}} pods of {{node}} and leaves {{left}} there; the rest of this answer is about the pods it drains.',
      'pod-selector_one':
        '--pod-selector {{selector}} drains 1 pod of {{node}} and leaves {{left}} there; the rest of this answer is about the pod it drains.',
      'pod-selector-unread':
        '--pod-selector {{selector}} is a form this answer does not read: it is judged as if every pod of {{node}} were drained, which may say more than the command does.',
      'grace-period':
        '--grace-period {{seconds}} gives each pod {{seconds}} s to stop instead of its own terminationGracePeriodSeconds.',
      timeout:
        '--timeout {{timeout}}: kubectl gives up after that long and leaves {{node}} cordoned; no eviction here waits on a PodDisruptionBudget, so only a pod slower to stop than that makes it give up.',
      'timeout-gives-up':
        '--timeout {{timeout}}: the drain waits on {{pods}}, whose PodDisruptionBudget refuses the eviction, and gives up after {{timeout}}: {{node}} is left cordoned and partly drained, the pods evicted before running elsewhere and {{pods}} still on {{node}}.',
      'dry-run': '--dry-run changes nothing: this is what the same command without it would do.',
      'unused-flags':
        '{{flags}}: kubectl’s global flags (which API server, user or namespace kubectl talks to), not used here: this answer is about the cluster the bot reads as configured (a --context naming a configured cluster picks it), and a node has no namespace.',
    },
    'kubectl-delete-node': {
      'force-deletes':
        'Deleting {{node}} makes the pod garbage collector force-delete its {{count}} pods at once (grace period 0, no eviction): {{pods}}; their controllers recreate them on other nodes.',
      'force-deletes_one':
        'Deleting {{node}} makes the pod garbage collector force-delete its pod (grace period 0, no eviction): {{pods}}; its controller recreates it on another node.',
      'force-deletes-lost':
        'Deleting {{node}} makes the pod garbage collector force-delete its {{count}} pods at once (grace period 0, no eviction): {{pods}}; a pod with no controller is gone for good, the emptyDir data in brackets is lost, and the controllers recreate the others on other nodes.',
      'force-deletes-lost_one':
        'Deleting {{node}} makes the pod garbage collector force-delete its pod (grace period 0, no eviction): {{pods}}; it is lost as marked in brackets.',
      'budgets-bypassed':
        'The pod garbage collector deletes, it does not evict, so these PodDisruptionBudgets are not consulted: {{budgets}}.',
      'budgets-bypassed_one':
        'The pod garbage collector deletes, it does not evict, so this PodDisruptionBudget is not consulted: {{budgets}}.',
      'budgets-bypassed-below':
        'The pod garbage collector deletes, it does not evict, so these PodDisruptionBudgets are not consulted: {{budgets}}; {{below}} allows fewer disruptions now than the healthy pods deleted here at once (or its status is not computed), so it goes below its minimum.',
      'budgets-bypassed-below_one':
        'The pod garbage collector deletes, it does not evict, so this PodDisruptionBudget is not consulted: {{budgets}}; it allows fewer disruptions now than the healthy pods deleted here at once (or its status is not computed), so it goes below its minimum.',
      'etcd-member-stays':
        'The etcd member {{member}} of {{node}} stays in the member list: deleting the Node object does not remove it. Once the machine is gone, etcd still counts it among its {{voters}} voting members, as a member down.',
      registration:
        '{{node}} leaves the cluster until its kubelet restarts and registers it again (the kubelet registers its Node only when it starts); labels and taints set on it by hand are not restored.',
    },
    'target-pods': {
      unseen:
        'The pods on {{node}} are not in the snapshot: what runs there (single replicas, PodDisruptionBudgets, local volumes) was not checked. Check them first (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
      incomplete:
        "The data lists only some of the pods on {{node}} ({{listed}}): OpenShift's etcd quorum guard ({{namespace}}/{{pdb}}) counts {{guardExpected}} Ready guard pods, one on every master, and the one on {{node}} is not in the data. What else runs there (single replicas, PodDisruptionBudgets, local volumes) was not seen, so it was not checked. Check them first (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).",
      'daemonsets-unlisted':
        'The data lists pods of other nodes but none of {{node}}, while its own DaemonSets count pods it does not list ({{daemonSet}}: status.{{field}} {{scheduled}}, pods of it in the data {{listed}}): the pods on {{node}} were not seen, so what runs there (single replicas, PodDisruptionBudgets, local volumes) was not checked. Check them first (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
      'none-listed':
        'The data lists pods of other nodes but none of {{node}}: what runs there (single replicas, PodDisruptionBudgets, local volumes) was not seen, so it was not checked. Check them first (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
    },
    'read-error': {
      forbidden: 'Could not read {{resource}}: forbidden (HTTP 403). The checks that need it were not run.',
      unauthorized:
        'Could not read {{resource}}: unauthorized (HTTP 401). The checks that need it were not run.',
      timeout: 'Could not read {{resource}}: timed out. The checks that need it were not run.',
      unreachable: 'Could not read {{resource}}: unreachable. The checks that need it were not run.',
      'not-found':
        'Could not read {{resource}}: not found on this API server. The checks that need it were not run.',
      error:
        'Could not read {{resource}}: the API answered with an error. The checks that need it were not run.',
    },
  },
  advice: {
    'node-health': {
      'lease-stale':
        'Check the kubelet on {{node}} first (on the node: systemctl status kubelet and journalctl -u kubelet; from here: kubectl get lease {{node}} -n kube-node-lease --output=yaml shows spec.renewTime), and ask again once its Lease is renewed.',
    },
    when: 'You asked about {{when}}: this answer describes the cluster as it is now; ask again right before you start.',
    'concurrent-disruption': {
      // Replacing a failed etcd member: remove it first, then add the new one; adding first raises
      // the quorum while the dead member still counts (etcd FAQ, "Should I add a member before
      // removing an unhealthy member?", https://etcd.io/docs/v3.5/faq/).
      'control-plane':
        'Bring {{nodes}} back first (or replace its etcd member: remove the dead member, then add a new one), then reboot {{node}}.',
      'control-plane-no-member':
        'Bring {{nodes}} back first (or replace its etcd member: remove the dead member, then add a new one), then reboot {{node}}.',
      'control-plane-upgrade':
        'Bring {{nodes}} back first (or replace its etcd member: remove the dead member, then add a new one), then upgrade {{node}}.',
      'control-plane-no-member-upgrade':
        'Bring {{nodes}} back first (or replace its etcd member: remove the dead member, then add a new one), then upgrade {{node}}.',
      'kured-lock': 'Wait for kured to finish with {{holder}}.',
      'kured-lock-held': 'Wait for kured to reboot {{holder}} and release its lock, then ask again.',
    },
    'control-plane-count': {
      single:
        'Add control-plane nodes (3 or 5) before maintenance, or plan a maintenance window: running pods keep serving, but nothing can be changed or healed.',
      'no-other-ready': 'Bring another control-plane node back to Ready first.',
    },
    'etcd-quorum-after': {
      lost: 'Restore the unhealthy etcd member(s) first; never take down a second member while one is down.',
      // Remove the failed member first, then add its replacement (etcd FAQ,
      // https://etcd.io/docs/v3.5/faq/): a 4th voter added to 3 with one down raises the quorum to 3.
      'lost-remove-not-enough':
        'Repair the etcd member on {{down}} first, or replace it (remove the dead member, then add a new one); never take down a second member while one is down. Removing a dead member alone is not enough: {{removeVoters}} voting members keep a quorum of {{removeQuorum}}, and rebooting {{node}} would still leave only {{after}}.',
      'lost-single':
        'Grow etcd to 3 members (3 control-plane/etcd nodes) before maintenance, or plan a window: with one member nothing can be written while it is down.',
    },
    // Every etcdctl command suggested says where it runs: on kubeadm, etcdctl needs the cluster's
    // endpoints and certificates (https://kubernetes.io/docs/tasks/administer-cluster/configure-upgrade-etcd/#snapshot-using-etcdctl-options).
    'etcd-learner': {
      'learner-reboot-no-id':
        'Finish the membership change first: promote the learner once it has caught up, or remove it (on a control-plane node with etcdctl set up for the cluster, etcdctl member list shows its id), then ask again.',
      'learner-reboot':
        'Finish the membership change first, on a control-plane node with etcdctl set up for the cluster: promote the learner once it has caught up (etcdctl member promote {{learnerId}}) or remove it (etcdctl member remove {{learnerId}}), then ask again.',
    },
    'etcd-alarms': {
      alarms:
        'Clear the cause first, on a control-plane node with etcdctl set up for the cluster (NOSPACE: compact, defragment, then etcdctl alarm disarm), then ask again.',
      nospace:
        'Free space first, on a control-plane node with etcdctl set up for the cluster: compact the key history up to the current revision (etcdctl compact $(etcdctl endpoint status --write-out=json | grep -o \'"revision":[0-9]*\' | head -n1 | cut -d: -f2)), defragment every member (etcdctl defrag --cluster), then clear the alarm (etcdctl alarm disarm); raise --quota-backend-bytes if the data really needs more, then ask again.',
    },
    'etcd-topology': {
      'probe-tls':
        "Fix the bot's etcd TLS settings (etcd.ca must be the etcd CA; etcd.cert/etcd.key a client pair it signed, e.g. kubeadm's healthcheck-client) and ask again.",
    },
    'leader-scheduler': {
      'held-here':
        'Optional: restart kube-scheduler on {{node}} first (move its static pod manifest away and back) so the Lease moves before the reboot.',
    },
    'leader-controller-manager': {
      'held-here':
        'Optional: restart kube-controller-manager on {{node}} first (move its static pod manifest away and back) so its Lease moves to a standby while you watch.',
    },
    'pdb-blocks': {
      'min-available-all':
        'Scale {{namespace}} pods above {{minAvailable}} or relax {{pdb}} (for example maxUnavailable: 1); do not bypass it with --disable-eviction.',
      'no-disruptions': 'Wait until {{pdb}} allows a disruption (its pods healthy), or scale up first.',
      'stops-webhook': 'Wait until {{pdb}} allows a disruption (its pods healthy), or scale up first.',
      'max-unavailable-zero': 'Change {{pdb}} to allow at least one disruption, or scale up first.',
      'not-computed':
        'Waiting for replicas will not help: check that kube-controller-manager runs with its disruption controller (kubectl -n kube-system get pods -l component=kube-controller-manager; its log) so it computes {{pdb}}; then its status.observedGeneration equals its metadata.generation.',
      overlapping: 'Remove the overlap so each pod is selected by one PodDisruptionBudget.',
    },
    'cluster-dns': {
      'down-now':
        'Bring cluster DNS back first: find out why no pod of {{workloads}} is Ready (the events of its pods say why they are not scheduled or not Ready); workloads that resolve names are failing already.',
      'already-down':
        'Bring cluster DNS back first: find out why no pod of {{workloads}} is Ready (the events of its pods say why they are not scheduled or not Ready); workloads that resolve names are failing already.',
    },
    'single-replica': {
      single: 'Scale {{workload}} to 2+ replicas first, or accept the downtime in a window.',
      'all-here': 'Spread {{workload}} across nodes (topology spread or anti-affinity) first.',
      'none-ready-elsewhere':
        'Bring the replicas of {{workload}} on other nodes back to Ready first (their events say why they are not), or accept the downtime in a window.',
      'dns-none-ready-elsewhere':
        'Bring the cluster DNS replicas on other nodes back to Ready first (their events say why they are not): until then {{node}} serves all of cluster DNS.',
      // Cordon the node first: a rollout restart alone may put the new pods back on it.
      'dns-all-here':
        'Cordon {{node}} first (kubectl cordon {{node}}), then restart {{workload}} (kubectl -n {{namespace}} rollout restart deployment/{{workload}}) so its pods start on other nodes, and keep them spread (topology spread or anti-affinity).',
      'dns-single': 'Scale {{workload}} to 2+ replicas on different nodes first.',
      'dns-single-only-node':
        'Plan a window: {{node}} is the only node, so cluster DNS ({{workload}}) is down until it is back.',
      'dns-all-here-only-node':
        'Plan a window: {{node}} is the only node, so cluster DNS ({{workload}}) is down until it is back.',
      'single-only-node': 'Plan the downtime of {{workload}} in a window: {{node}} is the only node.',
      'all-here-only-node': 'Plan the downtime of {{workload}} in a window: {{node}} is the only node.',
      'single-pinned':
        'Plan the downtime of {{workload}} in a window: its data is on {{node}}, so no other node can run it.',
      'all-here-pinned':
        'Plan the downtime of {{workload}} in a window: its data is on {{node}}, so no other node can run it.',
      'single-statefulset-lost':
        'Scale {{workload}} so that its replicas run on different nodes; if {{node}} is lost for good, free its pods with the node.kubernetes.io/out-of-service taint once it is surely off.',
      'all-here-statefulset-lost':
        'Scale {{workload}} so that its replicas run on different nodes; if {{node}} is lost for good, free its pods with the node.kubernetes.io/out-of-service taint once it is surely off.',
      // A ReplicaSet owned by a Deployment is changed through the Deployment: its controller reverts
      // the ReplicaSet (https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#when-to-use-a-replicaset).
      'single-replicaset':
        'Scale the Deployment that owns ReplicaSet {{workload}} to 2+ replicas first (not the ReplicaSet: the Deployment controller reverts it), or accept the downtime in a window.',
      'all-here-replicaset':
        'Spread the Deployment that owns ReplicaSet {{workload}} across nodes (topology spread or anti-affinity) first.',
      'dns-all-here-replicaset':
        'Cordon {{node}} first (kubectl cordon {{node}}), then do a rollout restart of the Deployment that owns ReplicaSet {{workload}} so its pods start on other nodes, and keep them spread (topology spread or anti-affinity).',
      'dns-single-replicaset':
        'Scale the Deployment that owns ReplicaSet {{workload}} to 2+ replicas on different nodes first.',
    },
    'emptydir-pods': {
      present: 'Make sure the emptyDir data can be lost, then drain with {{emptyDirFlag}}.',
      'only-node':
        'Do not drain {{node}} for its emptyDir data: a plain reboot keeps it; a drain of the only node would delete it and move nothing.',
      'only-node-memory':
        'Do not drain {{node}} for its emptyDir data: a plain reboot keeps what is on disk; a drain of the only node would delete it and move nothing. The in-memory emptyDir of {{inMemory}} is emptied by any reboot: save what it holds first if it matters.',
    },
    'orphaned-daemonset-pods': {
      missing:
        'Drain with --force: kubectl refuses these pods otherwise; check first that nothing needs them.',
      unseen:
        'If the drain says daemonsets.apps "NAME" not found, add --force (it deletes those pods for good).',
    },
    'unmanaged-pods': {
      present: 'Recreate these pods under a controller, or accept losing them (drain --force).',
      'only-node':
        'Do not drain {{node}}: it is the only node, so a drain moves nothing (what it evicts stays Pending until {{node}} is uncordoned) and its --force would delete for good the pods with no controller ({{pods}}), which a reboot without a drain keeps.',
    },
    'control-plane-healthy-for-worker': {
      down: 'Restore the control plane first; rebooting a node now risks its traffic.',
    },
    'workloads-on-control-plane': {
      user: 'Drain {{node}} first so its workloads move, and consider restoring the control-plane NoSchedule taint.',
      // A failure answer (fate `lost`): no "first", the workloads are moved ahead of a failure.
      'user-lost':
        'Move ordinary workloads off {{node}} ahead of a failure (drain it), and consider restoring the control-plane NoSchedule taint: pods on a failed node are down with it.',
    },
    capacity: {
      'none-fit': 'Add capacity or uncordon a node before draining.',
      'only-node':
        'Plan the work on {{node}} in a maintenance window: it is the only node, so everything on it is down until it is back (or add a node first).',
      'some-pending': 'Add capacity first, or accept that these pods stay Pending.',
      'only-node-unseen-partial':
        'Check which nodes the file leaves out (kubectl get nodes) and whether one of them can take the pods of {{node}} before rebooting it.',
      'only-node-unseen':
        'Add a node first, or plan a window in which every workload of the cluster is down.',
      'only-node-replaced':
        "Keep the node pool's max surge above 0 for this upgrade (a GKE or AKS pool setting; an EKS managed node group adds its new nodes first itself), so the new node is Ready before {{node}} is drained.",
      'only-node-unseen-replaced':
        "Keep the node pool's max surge above 0 for this upgrade (a GKE or AKS pool setting; an EKS managed node group adds its new nodes first itself), so the new node is Ready before {{node}} is drained.",
    },
    'read-error': {
      forbidden:
        'Grant the bot read access to {{resource}} (see docs/clusters.md, "What the bot reads") and ask again.',
    },
  },
  context: {
    line: 'cluster {{cluster}} · snapshot {{snapshotAt}} · request {{requestId}}',
    captured: 'cluster {{cluster}} · captured at {{snapshotAt}} ({{from}}) · request {{requestId}}',
    from: {
      captured_at: 'captured_at of the file',
      given: 'given',
      leases: 'inferred from the Leases',
      'node-heartbeats': 'inferred from the node heartbeats',
      'managed-fields': 'inferred from managedFields',
      read: 'read now',
      unknown:
        'unknown: the file has no captured_at and no timestamp to infer it from; ages are measured against now',
    },
    profile: 'distribution: {{profile}}',
    // The distribution profile's qualifier (profiles/*.ts `variant`), per locale.
    variant: {
      'embedded etcd': 'embedded etcd',
      SQLite: 'SQLite',
      'SQLite or external datastore': 'SQLite or external datastore',
    },
    profileUnknown: 'not recognised (no distribution mark in the data)',
    etcdGuard: "{{source}}, member health from OpenShift's etcd quorum guard",
    cache: 'from the watch cache, in sync, last event {{seconds}} s ago',
    etcd: {
      live: 'etcd: read from etcd',
      recorded: 'etcd: recorded in the snapshot',
      inferred: 'etcd: inferred from the etcd pods',
      'inferred-nodes': 'etcd: inferred from the nodes',
      none: 'etcd: not observable',
    },
  },
  source: {
    live: 'read from etcd',
    recorded: 'recorded in the snapshot',
    inferred: 'inferred from the etcd pods',
    'inferred-nodes': 'inferred from the nodes: etcd role label and EtcdIsVoter condition, or the masters',
    none: 'not observable',
  },
  status: {
    controlPlane: 'Control plane',
    etcd: 'etcd',
    leases: 'Leader Leases',
    nodes: 'Nodes',
    workloads: 'Workloads',
    singlePoints: 'Single points of failure for the whole cluster',
    unseen: 'Not seen',
    gistHealthy: 'the control plane can take a failure today',
    gistDegradedData:
      'the control plane can take a failure today; the problem is in the data plane: nodes or workloads (below)',
    gistCriticalData:
      'the control plane can take a failure today; the data plane has a blocking problem: nodes or workloads (below)',
    gistDataCpUnknown:
      "nodes or workloads need attention (below); whether the control plane can take a failure is unknown: the etcd members' health was not seen",
    gistDegraded: 'the control plane runs, but cannot take (another) failure safely',
    gistDegradedMembership:
      'the control plane can take a failure today, but an etcd membership change is in progress (below): take no etcd member down on purpose until it finishes',
    gistDegradedCanTake:
      'the control plane can take a failure today, but its etcd membership needs attention (below)',
    gistDegradedCanTakeData:
      'the control plane can take a failure today, but its etcd membership, and nodes or workloads, need attention (below)',
    gistDegradedMembershipData:
      'the control plane can take a failure today, but an etcd membership change is in progress, and nodes or workloads need attention (below)',
    gistCritical: 'the control plane is failing or one failure away from stopping',
    gistDegradedQuorumUnknown:
      "the control plane runs, but cannot take (another) failure safely (below); whether etcd has quorum is unknown too: the etcd members' health was not seen",
    gistCriticalQuorumUnknown:
      "the control plane is failing or one failure away from stopping (below); whether etcd has quorum is unknown too: the etcd members' health was not seen",
    gistUnknownPartial:
      'could not tell whether the control plane can take a failure: the file holds only some of the masters',
    gistUnknown:
      'could not tell whether the control plane can take a failure: the health of the etcd members was not seen',
    gistManaged: 'the control plane is managed by your provider; data-plane checks only',
    gistManagedDegradedData:
      'the control plane is managed by your provider; the problem is in the data plane: nodes or workloads (below)',
    gistManagedCriticalData:
      'the control plane is managed by your provider; the data plane has a blocking problem: nodes or workloads (below)',
    nodeCount: '{{count}} nodes in all; {{disrupted}} NotReady or cordoned.',
    nodeCount_one: '1 node in all; {{disrupted}} NotReady or cordoned.',
    allNodesFine: '{{count}} nodes, all Ready and schedulable.',
    allNodesFine_one: '1 node, Ready and schedulable.',
    allNodesFineSingle: '1 node, Ready and schedulable.',
    allReadyLeaseStale:
      '{{count}} nodes Ready and none cordoned, but the kubelet of {{nodes}} has stopped renewing its node Lease (below).',
    allReadyLeaseStale_one:
      '1 node, Ready and not cordoned, but its kubelet ({{nodes}}) has stopped renewing its node Lease (below).',
  },
  help: {
    intro:
      'Ask me whether a node can be rebooted, drained or upgraded, what happens if it fails, or for the HA status of a cluster.',
    forms: 'Request forms (with an example)',
    choose: 'Press one, or send its text:',
    clusters:
      'Clusters: {{clusters}} (default {{default}}). Add "in CLUSTER" or --cluster NAME; --lang en|ko picks the language.',
    schedules:
      'Daily HA posts in a Slack channel or Teams conversation (typed there; the console lists them)',
  },
  error: {
    'not-understood': 'I did not understand that.',
    ambiguous: 'I am not sure which question this is.',
    'several-commands':
      'This paste runs {{count}} commands (each node of a loop or list counted) that I cannot answer as one request, and I never answer part of a paste. Ask about one command at a time. Nothing was changed.',
    'several-commands_one':
      'This paste runs a command over several nodes that I cannot answer as one request, and I never answer part of a paste. Ask about one node at a time. Nothing was changed.',
    'tool-refuses': {
      'grace-period':
        'kubectl refuses this command: --grace-period takes a whole number of seconds (30, or a negative number for each pod’s own terminationGracePeriodSeconds). Nothing was changed.',
      'integer-flag':
        'kubectl refuses this command: --chunk-size and --skip-wait-for-delete-timeout take a whole number. Nothing was changed.',
      timeout:
        'kubectl refuses this command: --timeout takes a duration, numbers each with a unit ns, us, ms, s, m or h (90s, 5m, 1h30m); 0 waits forever. Nothing was changed.',
      'dry-run':
        'kubectl refuses this command: --dry-run takes none, server or client ("Invalid dry-run value"); a bare --dry-run is client. Nothing was changed.',
      'bool-flag':
        'kubectl refuses this command: --force, --ignore-daemonsets, --delete-emptydir-data and --disable-eviction take no value, or =true or =false (Go also reads 1, t, T, TRUE, True and 0, f, F, FALSE, False). Nothing was changed.',
      'node-and-selector':
        'kubectl refuses this command: kubectl drain takes node names or a --selector (-l), not both ("cannot specify both a node name and a --selector option"). Nothing was changed.',
      'member-id':
        'etcdctl refuses this command: member remove takes the member’s ID in hexadecimal, as etcdctl member list prints it (8e9e05c52164694d; "expecting ID in Hex"). Nothing was changed.',
      'member-id-hex':
        'etcdctl refuses this command: member remove takes the member’s ID in hexadecimal, as etcdctl member list prints it ("expecting ID in Hex"). If it is a decimal ID, as etcdctl member list -w json prints them, its hexadecimal form is {{hex}}: ask about etcdctl member remove {{hex}}. Nothing was changed.',
      'member-id-missing':
        'etcdctl refuses this command: member remove needs the ID of the member to remove ("member ID is not provided"). Which member? Ask about etcdctl member remove ID, or about the node whose member it is. Nothing was changed.',
    },
    'no-earlier-node':
      'No node was named earlier for that to refer to. Which node do you mean? Name it in the request (can I drain NODE).',
    empty: 'The request is empty.',
    'too-long': 'The request is too long.',
    'control-characters': 'The request contains control characters or terminal escape sequences.',
    'invalid-node-name':
      'That is not a valid node name: node names are lowercase letters, digits, "-" and ".", at most 253 characters.',
    'node-name-characters':
      'Not part of a node name: {{chars}}. Node names are lowercase letters, digits, "-" and ".", at most 253 characters.',
    'node-exclusion':
      'I cannot leave nodes out of a group ("except", "but not"): name the nodes you mean (NODE and NODE), or ask about the whole group.',
    'invalid-cluster-name': 'That is not a valid cluster name.',
    'invalid-option': 'Unknown or invalid option: use --lang en|ko or --cluster NAME.',
    'invalid-request-id':
      'That is not a maintenance request id or plan id: request ids look like mr-abcdefgh23 and plan ids like mp-abcdefgh23 (mr- or mp- and 10 letters a-z or digits 2-7), as shown on the card.',
    'cluster-unknown': 'No cluster named {{cluster}}; configured: {{clusters}}.',
    'cluster-unknown-suggest':
      'No cluster named {{cluster}}; did you mean {{suggestions}}? Configured: {{clusters}}.',
    'cluster-unreachable':
      'The API server of {{cluster}} could not be reached, so I give no verdict. An unreachable API server does not by itself stop running workloads: the data plane (kubelet, kube-proxy, kernel rules, CNI) keeps serving existing pods and Services without it; changes, scheduling and self-healing wait until it is back.',
    'cluster-unreachable-at':
      'The API server of {{cluster}} at {{server}} could not be reached: {{why}}. So I give no verdict. An unreachable API server does not by itself stop running workloads: the data plane (kubelet, kube-proxy, kernel rules, CNI) keeps serving existing pods and Services without it; changes, scheduling and self-healing wait until it is back.',
    connection: {
      refused: 'connection refused (nothing listens on that address and port, or a firewall rejects it)',
      'timed-out': 'the connection timed out (a firewall drops it, or the host is down)',
      dns: 'its host name does not resolve (DNS)',
      tls: 'the TLS handshake failed (the certificate is not trusted, has expired or names another host)',
      network: 'no route to the host, or the connection was reset',
      unknown: 'a connection error',
    },
    'cluster-empty':
      'The API server of {{cluster}} lists no nodes, so there is nothing to analyse. Check that the bot reads the right cluster.',
    'cluster-timeout':
      'The API server of {{cluster}} did not answer within {{seconds}} s, so I give no verdict. Running workloads keep serving; check the API server and try again.',
    'credential-plugin-timeout':
      "The kubeconfig's credential plugin (exec) for {{cluster}} did not finish within {{seconds}} s, so the API server was not asked and I give no verdict. Run the plugin's command by hand to see why it hangs (a login prompt, an unreachable identity provider).",
    'cluster-unauthorized':
      "The API server of {{cluster}} refused the bot's credentials (HTTP 401), so I give no verdict. Check the kubeconfig or ServiceAccount token.",
    'cluster-not-ready-etcd':
      'The API server of {{cluster}} answers, but its /readyz reports etcd failing (HTTP {{status}}) and {{failure}}, so I give no verdict. Without etcd the API server can neither read nor write cluster state: restore etcd (its members on the control-plane nodes) before any reboot. Running workloads keep serving meanwhile.',
    'cluster-not-ready':
      'The API server of {{cluster}} answers, but its /readyz reports failing checks (HTTP {{status}}) and {{failure}}, so I give no verdict. Fix the failing checks below and try again; running workloads keep serving meanwhile.',
    'nodes-read-timeout': 'the node list got no answer within {{seconds}} s',
    'nodes-read-failed': 'the node list failed',
    'readyz-heading': "What the API server's /readyz reports (HTTP {{status}})",
    'readyz-no-lines': 'no failing check named',
    'job-timeout':
      'The check did not finish within {{seconds}} s. Try again, or ask for "status" to see if the cluster answers.',
    'queue-unavailable': 'The job queue is unavailable right now; try again in a minute.',
    internal: "Something went wrong on my side (request {{requestId}}); the details are in the bot's logs.",
    hint: 'Type "help" for the request forms.',
    tryHelp: 'Try: {{example}}',
  },
  /** Console-only answers (adapters/console). */
  console: {
    'maintenance-needs-redis':
      'Maintenance needs Redis: approvals are shared between people, so requests, approvals and the audit log live there. Set REDIS_URL (or redis.url in the configuration), start `k8s-ha-bot worker`, then ask again; see docs/maintenance.md.',
    'no-worker':
      'No worker is consuming the queue of cluster {{cluster}} under the key prefix {{prefix}}; start one with `k8s-ha-bot worker` on the same Redis (REDIS_URL) and the same prefix (K8S_HA_BOT_QUEUE_PREFIX={{prefix}}, or `k8s-ha-bot worker --prefix {{prefix}}`). Nothing was queued.',
    'no-worker-withdrawn':
      'No worker is consuming the queue of cluster {{cluster}} under the key prefix {{prefix}}; start one with `k8s-ha-bot worker` on the same Redis (REDIS_URL) and the same prefix (K8S_HA_BOT_QUEUE_PREFIX={{prefix}}, or `k8s-ha-bot worker --prefix {{prefix}}`). The request was withdrawn: it will not run later.',
    'redis-unreachable':
      'Redis at {{target}} cannot be reached, so the request could not go to a worker: check REDIS_URL (or redis in the configuration file; REDIS_SENTINELS for Sentinel), or start redis-server there.',
    'timeout-withdrawn':
      'The check did not finish within {{seconds}} s; the request was withdrawn, so it will not run later. Try again, or ask for "status" to see if the cluster answers.',
    'timeout-running':
      'The check did not finish within {{seconds}} s and a worker is still running it, so it could not be withdrawn; its answer will not be shown here. Ask again in a moment (for a maintenance request, look for it with `maintenance status`).',
    'maintenance-usage':
      'Say which node to maintain, or which request to decide on; the maintenance forms are below.',
    'schedule-nowhere':
      'The console cannot be posted to later, so it makes no schedules: a schedule posts to the Slack channel or Teams conversation it was made in. Type the same command there (Slack: /k8s {{example}}; Teams: @k8s-ha-bot {{example}}). Nothing was scheduled.',
    'unschedule-in-chat':
      'Schedules are removed where they post: type "unschedule ID" in that Slack channel or Teams conversation ("schedules" here lists each one with where it posts). Nothing was removed.',
    'schedules-need-redis':
      "Schedules live in Redis, and this console has none configured: set REDIS_URL (or redis.url in the configuration) to the gateway's Redis to list them.",
    'schedules-heading': 'Scheduled HA posts of every chat (they post there, not here)',
    'schedules-line':
      '{{id}}: {{cluster}} every day at {{time}} ({{timeZone}}){{quiet}}, to {{platform}} {{conversation}}',
    'schedules-empty':
      'No scheduled HA posts in any chat. Make one in a Slack channel (/k8s schedule daily 09:00 Asia/Seoul) or a Teams conversation (@k8s-ha-bot schedule daily 09:00 Asia/Seoul).',
  },
  actions: {
    'request-maintenance': 'Request maintenance',
    refresh: 'Refresh',
    'ha-status': 'HA status',
  },
  derived: {
    // Why replacements stay Pending, in the scheduler's own terms (src/analysis/scheduling/).
    pending: "Why, in the scheduler's terms: {{list}}.",
    preempting: 'Only by preempting lower-priority pods could they run: {{list}}.',
    // A replacement placed where the volume filters could not decide (a claim not bound yet, or not read).
    volumeUnknown:
      'Where the volumes of {{list}} can be mounted is not known (a claim not bound yet, which its provisioner decides, or not in the data read): that they run there is unknown.',
    // The fates of the pods a drain evicts (src/analysis/eviction-model.ts).
    'fate-recreated': '{{count}} started again on other nodes',
    'fate-recreated_one': '1 started again on another node',
    'fate-pinned': '{{count}} tied to {{node}}, Pending until they can run there again',
    'fate-pinned_one': '1 tied to {{node}}, Pending until it can run there again',
    'fate-pinned-nodes': '{{count}} tied to their node ({{nodes}}), Pending until they can run there again',
    'fate-pinned-nodes_one': '1 tied to its node ({{nodes}}), Pending until it can run there again',
    'fate-stranded': '{{count}} Pending for lack of room elsewhere',
    'fate-stranded-only-node': '{{count}} Pending until {{node}} is back and uncordoned (the only node)',
    // Every node of the cluster drained or rebooted together (issue 16, reader6 B4).
    'fate-stranded-every-node': '{{count}} Pending with no node left to run them',
    'fate-bare': '{{count}} deleted for good (no controller)',
    'fate-unscheduled': '{{count}} never scheduled, Pending as before',
    'fate-orphaned':
      '{{count}} DaemonSet pods whose DaemonSet is not in the snapshot, deleted for good under --force if it is gone (else left running)',
    'fate-orphaned_one':
      '1 DaemonSet pod whose DaemonSet is not in the snapshot, deleted for good under --force if it is gone (else left running)',
    'fate-finished': '{{count}} finished (Succeeded or Failed) and deleted without any flag',
    'fate-replacement-refused':
      '{{count}} not started again: the admission webhook refuses their replacements',
    'fate-replacement-refused_one': '1 not started again: the admission webhook refuses its replacement',
    // Why nothing replaces a lost node's pods elsewhere (what-if/node-down.ts `stranded`).
    'stranded-no-controller':
      'no control plane serves without {{node}} to mark it NotReady or evict its pods',
    'stranded-writes-blocked': 'etcd refuses writes, so nothing marks {{node}} NotReady or evicts its pods',
    dnsNotReady: 'running, but not Ready',
    dnsSomePending: '{{count}} of them Pending, the others not Ready',
    dnsPending: 'Pending',
    dnsPendingReason: 'Pending: {{reason}}',
    down: '; already down: {{list}}',
    apiserversDown: '; down: {{list}}',
    leader: '; leader {{leader}}',
    cordonBy: ' by {{by}}',
    since: ' {{age}} ago',
    kuredMark: ', and marked it weave.works/kured-reboot-in-progress {{age}} ago',
    kuredMarkNoAge: ', and marked it weave.works/kured-reboot-in-progress',
    markAge: ', set {{age}} ago',
    replaced: '{{workload}} ({{ready}} of {{desired}} replica(s) Ready on other nodes: {{nodes}})',
    'pending-statefulset': '{{name}} (a StatefulSet pod: created again only once this pod is gone)',
    'pending-bare': '{{name}} (no controller: never recreated)',
    'pending-short': '{{name}} ({{ready}} of {{desired}} replica(s) Ready elsewhere)',
    noneTerminating: 'none yet',
  },
  list: { and: 'and', or: 'or', none: 'none' },
  /**
   * Phrases the analysis writes into facts in English (src/explain/fact-terms.ts): the scheduler's
   * "0/N nodes are available" summary and its terms (src/analysis/scheduling: each filter's short
   * term), a replacement pinned to a node or placed by preemption (src/analysis/drain-sequence.ts,
   * scheduling/placement.ts), a node's `cordoned` state (analysis/ha-status.ts) and a pod marked
   * `(no controller)` (analysis/what-if/delete-node.ts). These English forms are the patterns; another
   * locale's texts of the same keys replace them.
   */
  factTerms: {
    pendingSummary: '0/{{total}} nodes can take it: {{terms}}',
    termCount: '{{n}} {{term}}',
    term: {
      drained: 'drained',
      unschedulable: 'unschedulable',
      'untolerated-taint': 'untolerated taint ({{taint}})',
      'too-many-pods': 'too many pods',
      insufficient: 'insufficient {{resource}}',
      'host-port': 'host port {{port}} in use',
      'node-affinity-selector': 'node affinity/selector',
      'node-affinity': 'node affinity',
      'other-node-name': 'other node name',
      'invalid-pod-affinity': 'invalid pod affinity',
      'pod-affinity': 'pod affinity',
      'pod-anti-affinity': 'pod anti-affinity',
      'topology-spread-missing-label': 'topology spread (missing label)',
      'topology-spread': 'topology spread',
      'volume-claim-not-found': 'volume claim not found',
      'volume-claim-lost': 'volume claim lost',
      'volume-claim-deleted': 'volume claim being deleted',
      'volume-claim-unbound': 'unbound volume claim',
      'volume-not-found': 'volume not found',
      'volume-node-affinity': 'volume node affinity conflict',
      'volume-zone': 'no available volume zone',
      'disk-in-use': 'disk in use',
      'rwop-in-use': 'ReadWriteOncePod claim {{claim}} in use',
    },
    pinnedTo: 'pinned to {{node}}',
    preempting: '{{pod}} on {{node}}, preempting {{victims}}',
    cordoned: 'cordoned',
    noController: 'no controller',
  },
  /** Slack Block Kit rendering (adapters/slack/render-blocks.ts). */
  slack: {
    advice: 'What to do first',
    more: '…and {{count}} more',
    more_one: '…and 1 more',
    continued: '{{title}}, continued ({{part}}/{{total}})',
    contextNoSnapshot: 'cluster {{cluster}} · request {{requestId}}',
    close: 'Close',
    detailsOf: 'Details: {{title}} ({{part}}/{{total}})',
    detailsExpired: 'These details have expired: ask again.',
    detailsInThread: "This answer's details are in its thread.",
    detailsSentPrivately: "This answer's details were sent to you privately above.",
    detailsCut:
      '{{count}} more sections are not shown here: ask in the console or with --format json for the whole answer.',
  },
  /** Microsoft Teams (adapters/teams/): acknowledgements, card actions. */
  teams: {
    checkingNode: 'Checking {{node}} in {{cluster}}…',
    checkingDrain: 'Checking a drain and reboot of {{node}} in {{cluster}}…',
    checkingDrainOnly: 'Checking a drain of {{node}} in {{cluster}}…',
    checkingUpgrade: 'Checking an upgrade of {{node}} in {{cluster}}…',
    checkingStatus: 'Checking HA and quorum status of {{cluster}}…',
    checkingCluster: 'Checking {{cluster}}…',
    checkingPlan: 'Planning the maintenance in {{cluster}} before asking for approval…',
    refreshing: 'Refreshing: the card updates when the check is done.',
    cardExpired: 'This card is too old to refresh; ask again.',
    actionUnavailable: 'This button is not available yet.',
    shortened: 'The full answer was too large for Teams; this is a shorter version.',
  },
  /** Who the gateways take requests from (adapters/slack/slack-identity.ts, adapters/teams/teams-identity.ts). */
  identity: {
    slackTeamNotAllowed:
      'This bot answers members of the Slack workspaces it is set up for, and your workspace ({{team}}) is not one of them. Nothing was done.',
    teamsTenantNotAllowed:
      'This bot answers members of the Microsoft Teams organisations it is set up for, and yours is not one of them. Nothing was done.',
  },
  /** Per-user rate limit of chat requests (src/ops/rate-limit.ts). */
  rateLimit: {
    title: 'Too many requests',
    minute: 'You have asked {{count}} times in a minute; try again in {{seconds}} s.',
    minute_one: 'You have asked once in a minute; try again in {{seconds}} s.',
    window: 'You have asked {{count}} times in {{window}} s; try again in {{seconds}} s.',
    window_one: 'You have asked once in {{window}} s; try again in {{seconds}} s.',
  },
  /** A reply the chat platform kept refusing until its delivery deadline (src/queue/reply-queue.ts). */
  delivery: {
    undeliverableTitle: 'Answer not posted',
    undeliverable:
      'Your answer could not be posted here within {{minutes}} min: the chat service kept refusing new messages in this conversation. Please ask again later.',
  },
  schedule: {
    postTitle: 'Daily HA status of {{cluster}}',
    late: '(late: due {{when}})',
    changesHeading: 'Changed since the last post',
    firstPost: 'First post of this schedule: nothing to compare with yet.',
    noChanges: 'Nothing changed since the last post.',
    noWorker:
      'The HA status of {{cluster}} could not be read: no worker answered for cluster {{cluster}}. Start `k8s-ha-bot worker` for it; the next post reads it again.',
    quiet: '{{cluster}}: {{health}}, nothing changed since the last post.',
    none: 'none',
    change: {
      memberDown: 'etcd member {{member}} went down.',
      memberBack: 'etcd member {{member}} is back.',
      voters: 'etcd voting members: {{before}} → {{after}}.',
      etcdLeader: 'etcd leader moved: {{before}} → {{after}}.',
      leaseMoved:
        'Leader Lease {{lease}} moved: {{before}} → {{after}} ({{transitions}} transitions in all).',
      new: 'New: {{line}}',
      cleared: 'Cleared: {{line}}',
      health: 'Overall status: {{before}} → {{after}}.',
    },
    created:
      'Scheduled {{id}}: the HA status of {{cluster}} every day at {{time}} ({{timeZone}}) in this channel.',
    replaced:
      'Updated {{id}}: the HA status of {{cluster}} every day at {{time}} ({{timeZone}}) in this channel (still one schedule).',
    notScheduled: 'Nothing scheduled',
    listCount: '{{count}} schedules',
    listCount_one: '1 schedule',
    listHeading: 'Scheduled HA posts in this channel',
    listLine: '{{id}}: {{cluster}} every day at {{time}} ({{timeZone}}){{quiet}}',
    quietTag: ', quiet',
    listEmpty: 'No scheduled HA posts in this channel. Try: schedule daily 09:00 Asia/Seoul',
    removed: 'Removed {{id}} ({{cluster}} at {{time}} {{timeZone}}): no more posts from it.',
    notFound: 'No schedule {{id}} in this channel. "schedules" lists them.',
    invalidTime: 'Not a time of day: {{value}}. Use 24-hour HH:MM, e.g. 09:00. Nothing was scheduled.',
    invalidTimeZone:
      'Unknown time zone: {{value}}. Use an IANA name such as Asia/Seoul, Europe/Berlin or UTC. Nothing was scheduled.',
    unavailable: 'Schedules are not available here: they need Redis (REDIS_URL).',
  },
};

/**
 * A message tree where the English-only singular forms (`*_one`, i18next plurals) are optional:
 * Korean has no grammatical number.
 */
export type PluralOptional<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : PluralOptional<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

/** The shape every locale must provide (English is the reference). */
export type Messages = PluralOptional<typeof en>;
