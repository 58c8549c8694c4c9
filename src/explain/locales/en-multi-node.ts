/**
 * English texts of the answer to a question about several nodes, under `multiNode`:
 * the joint answer (all of them down at once) and the rolling plan (one after another).
 */
export const enMultiNode = {
  title: 'Several nodes ({{mode}}): {{nodes}}',
  mode: { together: 'together', 'one-by-one': 'one by one' },
  action: { reboot: 'reboot', drain: 'drain', upgrade: 'upgrade', 'node-down': 'lose' },
  summary: {
    together: {
      safe: 'Safe to {{action}} {{nodes}} together: {{reason}}',
      caution: 'Possible with care to {{action}} {{nodes}} together: {{reason}}',
      unsafe: 'Unsafe to {{action}} {{nodes}} together: {{reason}}',
    },
    // "What if A and B go down": nobody acts, the nodes are lost (Korean needs its own verb form).
    togetherDown: {
      safe: 'Safe to {{action}} {{nodes}} together: {{reason}}',
      caution: 'Possible with care to {{action}} {{nodes}} together: {{reason}}',
      unsafe: 'Unsafe to {{action}} {{nodes}} together: {{reason}}',
    },
    // https://kubernetes.io/docs/concepts/workloads/pods/disruptions/: budgets cover voluntary disruptions only
    safeReasonDown: '{{control}}, and the pods lost with the nodes fit on the other nodes.',
    safeReason: '{{control}}, and every evicted pod fits elsewhere within its PodDisruptionBudget.',
    // What the joint analysis found of the control plane (JointImpact.controlPlane).
    safeControl: {
      kept: 'etcd keeps its quorum, the control plane keeps a leader for each component',
      untouched: 'no etcd member or control-plane component on these nodes goes down',
      managed:
        "the control plane is your provider's and its etcd is not observable here, so its quorum is not judged",
    },
    plan: {
      possible:
        'Possible one by one in {{count}} steps: {{order}}. The riskiest step is step {{risky}} ({{riskyNodes}}).',
      partial:
        'Only part of it can be done now: {{order}}. Left out, because each is unsafe even alone right now: {{excluded}}.',
      none: 'None of {{nodes}} can go now, not even alone: each is unsafe on its own right now.',
    },
  },
  heading: {
    joint: 'All of them down at once',
    alone: 'Each node alone',
    plan: 'The plan (each step starts only when the previous one is back)',
    excluded: 'Left out of the plan',
    order: 'Why this order',
  },
  aloneLine: '{{node}} alone: {{verdict}}',
  aloneNote:
    'Nodes that are each fine alone can still lose etcd quorum or spend a PodDisruptionBudget together: the joint answer above is the one that counts.',
  aloneNoteNoEtcd:
    'Nodes that are each fine alone can still spend a PodDisruptionBudget, take every replica of a workload down or run out of room together: the joint answer above is the one that counts.',
  aloneNoteDrain:
    'Nodes that are each fine to drain alone can still spend a PodDisruptionBudget, evict every replica of a workload or run out of room together: the joint answer above is the one that counts.',
  step: 'Step {{index}}: {{nodes}} [{{verdict}}]{{risky}}{{concern}} Then wait for: {{waits}}.',
  riskyMark: ' (the riskiest step)',
  stepConcern: ': {{concern}}.',
  stepNoConcern: '.',
  wait: {
    'node-ready': '{{node}} Ready and uncordoned',
    'etcd-member-healthy':
      'its etcd member {{member}} healthy (etcdctl endpoint health, with etcdctl set up for the cluster)',
    'pdb-allows':
      'PodDisruptionBudget {{namespace}}/{{pdb}} allowing {{disruptionsAllowed}} disruption(s) again',
  },
  excludedLine: '{{node}} [unsafe even alone now]: {{reason}}',
  excludedNoReason: '{{node}} [unsafe even alone now]: ask about it alone for the details.',
  orderWhy: {
    control:
      'Control-plane nodes one at a time, so that never two etcd voters are down at once (quorum = floor(n/2)+1 voting members); members without a vote first; the etcd leader ({{leader}}) last, so that leadership moves once, not at every step.',
    'control-no-leader':
      'Control-plane nodes one at a time, so that never two etcd voters are down at once (quorum = floor(n/2)+1 voting members); members without a vote first.',
    workers:
      'Workers after the control plane, at most {{batch}} at a time; a batch only grows while every PodDisruptionBudget and the room for its evicted pods still hold.',
  },
  askOneByOne: 'Ask "{{example}}" for an order that keeps quorum and every PodDisruptionBudget.',
  askOneByOneDrain: 'Ask "{{example}}" for an order that keeps every PodDisruptionBudget.',
  askTogether: 'Ask "{{example}}" for the impact of all of them down at once.',
  tooMany: 'Only the first {{shown}} of {{count}} nodes are analysed here; ask about the others separately.',
  unknown: 'No node named {{names}} in {{cluster}}, so nothing was analysed. Its nodes: {{all}}.',
  emptyGroup: 'No node of cluster {{cluster}} is in {{group}}. Its nodes: {{all}}.',
  group: {
    workers: 'the workers',
    'control-plane': 'the control-plane nodes',
    all: 'all nodes',
    zone: 'zone {{zone}}',
    selector: 'the nodes matching {{selector}}',
    badSelector: 'The label selector {{selector}} cannot be read; nothing was checked.',
  },
  checks: {
    'etcd-quorum-after': {
      'joint-lost':
        'etcd quorum lost: with {{nodes}} down, {{after}} of {{voters}} voting members stay healthy, below the quorum of {{quorum}}. All writes stop cluster-wide: no kubectl changes, no scheduling, no recovery until members come back.',
      'joint-lost-none':
        'etcd quorum lost: with {{nodes}} down, none of the {{voters}} voting members stays healthy (quorum {{quorum}}). All writes stop cluster-wide: no kubectl changes, no scheduling, no recovery until members come back.',
      'joint-lost-single':
        'etcd quorum lost: {{nodes}} runs the only etcd member, so with it down etcd has no member left. All writes stop cluster-wide: no kubectl changes, no scheduling, no recovery until it comes back.',
      'joint-lost_one':
        'etcd quorum lost: with {{nodes}} down, 1 of {{voters}} voting members stays healthy, below the quorum of {{quorum}}. All writes stop cluster-wide: no kubectl changes, no scheduling, no recovery until members come back.',
      'joint-lost-unseen':
        'etcd quorum lost: with {{nodes}} down, at most {{atMost}} of {{voters}} voting members can stay up (the health of the members left was not seen for {{unknown}} of them: neither etcd status nor etcd pods in the data){{downText}}, below the quorum of {{quorum}}. All writes stop cluster-wide: no kubectl changes, no scheduling, no recovery until members come back.',
      'joint-unknown':
        'etcd quorum with {{nodes}} down is unknown: quorum needs {{quorum}} of {{voters}} voting members (listed from the nodes), and the health of the members left was not seen for {{unknown}} of them (neither etcd status nor etcd pods in the data){{downText}}. Check etcd member health before taking {{nodes}} down.',
      'joint-kept-no-spare':
        'etcd quorum kept with no spare: {{after}} of {{voters}} voting members stay healthy, exactly the quorum of {{quorum}}; one more failure meanwhile stops every write.',
      'joint-kept-no-spare_one':
        'etcd quorum kept with no spare: 1 of {{voters}} voting members stays healthy, exactly the quorum of {{quorum}}; one more failure meanwhile stops every write.',
      'joint-kept':
        'etcd quorum kept: {{after}} of {{voters}} voting members stay healthy (quorum {{quorum}}).',
      'joint-kept_one': 'etcd quorum kept: 1 of {{voters}} voting members stays healthy (quorum {{quorum}}).',
      'joint-learners-only':
        'Only etcd learners run on {{nodes}}: learners do not vote, quorum is untouched.',
    },
    'control-plane-count': {
      'joint-none-left':
        'No Ready control-plane node is left: no API, no scheduling, no self-healing while they are down (running pods keep running).',
      'joint-redundant': 'Control-plane nodes left Ready: {{left}}.',
    },
    'apiserver-redundancy': {
      'joint-none-left': 'No API server is left: every kubectl command and API call fails until one is back.',
      'joint-capacity': 'API servers drop from {{before}} to {{after}} (still serving: {{others}}).',
      'joint-already-down':
        'The API servers on {{nodes}} are already down: no API capacity is lost (still serving: {{others}}).',
      'joint-already-down-no-quorum':
        'The API servers on {{nodes}} are already down, and without etcd quorum the ones left ({{others}}) can neither write nor answer consistent reads: clients get errors until quorum is back.',
      'joint-capacity-no-quorum':
        'API servers drop from {{before}} to {{after}}, and without etcd quorum the ones left ({{others}}) can neither write nor answer consistent reads: clients get errors until quorum is back.',
    },
    leader: {
      'joint-missing': 'The {{lease}} leader Lease is missing: who leads it cannot be checked.',
      'joint-stale':
        'The {{lease}} leader Lease is already stale (held by {{holder}}): no working leader now.',
      'joint-no-standby':
        '{{holder}} holds the {{lease}} Lease and no other instance is left: {{lease}} stops until one is back.',
      'joint-held-here':
        '{{holder}} holds the {{lease}} Lease: a standby ({{standbys}}) takes over after about {{leaseDurationSeconds}} s.',
      'joint-held-here-no-quorum':
        '{{holder}} holds the {{lease}} Lease; without quorum no standby ({{standbys}}) can take it over (the Lease cannot be written): {{lease}} stops until quorum is back.',
      'joint-held-here-writes-blocked':
        '{{holder}} holds the {{lease}} Lease; while etcd refuses writes no standby ({{standbys}}) can take it over (the Lease cannot be written): {{lease}} stops until the alarm is cleared.',
      'joint-held-elsewhere': 'The {{lease}} leader ({{holder}}) is not among these nodes.',
    },
    'control-plane-endpoint': {
      'joint-vip-moves':
        '{{holder}} holds the control-plane VIP (kube-vip): API clients see a pause while it moves.',
      'joint-vip-moves-no-quorum':
        '{{holder}} holds the control-plane VIP (kube-vip), and kube-vip elects its next holder by writing its Lease (plndr-cp-lock) through the API server: without etcd quorum the VIP does not move, and clients that use it lose the API endpoint until quorum is back.',
      'joint-vip-moves-writes-blocked':
        '{{holder}} holds the control-plane VIP (kube-vip), and kube-vip elects its next holder by writing its Lease (plndr-cp-lock) through the API server: while etcd refuses writes the VIP does not move, and clients that use it lose the API endpoint until {{holder}} is back.',
      'joint-vip-none-left':
        'Every node that runs kube-vip ({{vipNodes}}) is among these nodes: the control-plane VIP has nowhere to go.',
    },
    'pdb-blocks': {
      // OpenShift's etcd quorum guard against the drains of several masters (src/analysis/quorum-guard.ts).
      'joint-quorum-guard-exceeds':
        "OpenShift's etcd quorum guard ({{namespace}}/{{pdb}} PodDisruptionBudget, one pod per master) allows {{disruptionsAllowed}} master disruption(s) ({{currentHealthy}} healthy, {{desiredHealthy}} needed, by the budget's own count), and draining {{nodes}} together evicts {{guardPods}} guard pods. An evicted guard pod runs on no other master, so the drain of the next master waits until the first is back, uncordoned and its guard pod Ready: the guard exists so that masters go down one at a time and etcd keeps its quorum.",
      'joint-quorum-guard-allows':
        "OpenShift's etcd quorum guard ({{namespace}}/{{pdb}} PodDisruptionBudget) allows {{disruptionsAllowed}} master disruption(s) for the {{guardPods}} guard pod(s) these drains evict.",
      'joint-max-unavailable-zero':
        'PodDisruptionBudget {{namespace}}/{{pdb}} has maxUnavailable 0: no eviction of its {{podsOnTargets}} pod(s) here is ever allowed; the drains wait forever.',
      'joint-min-available-all':
        'PodDisruptionBudget {{namespace}}/{{pdb}} requires every pod available (minAvailable {{minAvailable}}): its {{podsOnTargets}} pod(s) here can never be evicted; the drains wait forever.',
      'joint-no-disruptions':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows no disruption now (disruptionsAllowed 0): its {{podsOnTargets}} pod(s) here cannot be evicted.',
      'joint-exceeds-stuck':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: together these nodes need {{podsOnTargets}} evictions, it allows {{disruptionsAllowed}}, and the evicted pods have nowhere else to run, so the budget never recovers: the drains wait forever.',
      'joint-exceeds':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: together these nodes need {{podsOnTargets}} evictions, it allows {{disruptionsAllowed}}: the others wait (HTTP 429) until the evicted pods run again elsewhere, so the nodes cannot all be down at once before that.',
      // A one-node step of a plan (fact `targets` 1): one node, no "together these nodes" (issue 30 item 4).
      'joint-exceeds-stuck-one-node':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: {{podsOnTargets}} of its pods are on {{nodes}}, it allows {{disruptionsAllowed}}, and the evicted pods have nowhere else to run, so the budget never recovers: the drain waits forever.',
      'joint-exceeds-one-node':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: {{podsOnTargets}} of its pods are on {{nodes}}, it allows {{disruptionsAllowed}}: the drain evicts {{disruptionsAllowed}} and the others wait (HTTP 429) until the evicted pods run again elsewhere.',
      'joint-exceeds-involuntary':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: {{podsOnTargets}} of its pods are on these nodes, it allows {{disruptionsAllowed}} disruption(s). A budget does not stop a lost node: the workload runs below its budget until they are rescheduled.',
      'joint-exceeds-involuntary_one':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 1 of its pods is on these nodes, it allows {{disruptionsAllowed}} disruption(s). A budget does not stop a lost node: the workload runs below its budget until the pod is rescheduled.',
      'joint-exceeds-involuntary-stuck':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: {{podsOnTargets}} of its pods are on these nodes, it allows {{disruptionsAllowed}} disruption(s). A budget does not stop a lost node, and some of these pods can run nowhere else (pinned to their node, or no room): the workload runs below its budget until those nodes are back.',
      'joint-exceeds-involuntary-stuck_one':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 1 of its pods is on these nodes, it allows {{disruptionsAllowed}} disruption(s). A budget does not stop a lost node, and the pod can run nowhere else (pinned to its node, or no room): the workload runs below its budget until its node is back.',
      'joint-exceeds-involuntary-no-quorum':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: {{podsOnTargets}} of its pods are on these nodes, it allows {{disruptionsAllowed}} disruption(s). A budget does not stop a lost node, and without quorum nothing is rescheduled: the workload runs below its budget until quorum is back.',
      'joint-exceeds-involuntary-no-quorum_one':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 1 of its pods is on these nodes, it allows {{disruptionsAllowed}} disruption(s). A budget does not stop a lost node, and without quorum nothing is rescheduled: the workload runs below its budget until quorum is back.',
      'joint-allows':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s) for its {{podsOnTargets}} pod(s) here.',
    },
    'single-replica': {
      'joint-single':
        '{{kind}} {{namespace}}/{{workload}} has a single replica (on {{nodes}}): down until it is rescheduled and Ready.',
      'joint-all-here':
        'Every replica of {{kind}} {{namespace}}/{{workload}} ({{here}}) is on {{nodes}}: it is down until they are rescheduled and Ready.',
      // A workload with a quorum of its own (src/analysis/quorum-workloads.ts).
      'joint-quorum-lost':
        '{{kind}} {{namespace}}/{{workload}} ({{system}}) keeps a quorum of its own: it needs a majority of its {{replicas}} replicas ({{quorum}}) and has {{readyElsewhere}} Ready on other nodes, so it loses quorum and stops serving until its pods on {{nodes}} are back.',
      'joint-none-ready-elsewhere':
        '{{kind}} {{namespace}}/{{workload}} has {{here}} pod(s) on {{nodes}} and no Ready replica on another node: it is down until one is rescheduled and Ready.',
      'joint-spread':
        '{{kind}} {{namespace}}/{{workload}} keeps {{readyElsewhere}} Ready replica(s) on other nodes.',
      // A pod pinned to its node (its volume, hostPath data, a hostname node selector, a Rook mon or
      // OSD) is not rescheduled: it starts again only on that node
      // (https://kubernetes.io/docs/concepts/storage/volumes/#local).
      // A budget over several workloads' pinned pods lets only some go (joint-impact.ts sharedBudgetHolds).
      'joint-pinned-shared-budget':
        '{{kind}} {{namespace}}/{{workload}} is pinned to {{nodes}}; PodDisruptionBudget {{pdbNamespace}}/{{pdb}} guards {{guarded}} pinned pods on these nodes and lets the drains evict only {{allowed}}: if its pod is evicted, it stays Pending until its node is uncordoned; if not, its eviction is refused (HTTP 429) and it keeps running.',
      // Nodes lost (fate `lost`, joint-impact.ts): nobody cordoned them; a pinned pod is down until its node is back.
      'joint-pinned-down-lost':
        '{{kind}} {{namespace}}/{{workload}} is pinned to {{nodes}} (its data, a hostname node selector or a Rook mon/OSD there): it is not rescheduled elsewhere and is down until its node is back.',
      'joint-pinned-spread-lost':
        '{{kind}} {{namespace}}/{{workload}} keeps {{readyElsewhere}} Ready replica(s) on other nodes; its pods on {{nodes}} are pinned there and are down until their nodes are back.',
      'joint-pinned-down':
        '{{kind}} {{namespace}}/{{workload}} is pinned to {{nodes}} (its data, a hostname node selector or a Rook mon/OSD there): it is not rescheduled elsewhere and is down until it can start on its own node again (back up and uncordoned).',
      'joint-pinned-spread':
        '{{kind}} {{namespace}}/{{workload}} keeps {{readyElsewhere}} Ready replica(s) on other nodes; its pods on {{nodes}} are pinned there and stay Pending until they can start there again (back up and uncordoned).',
      'joint-statefulset-down':
        '{{kind}} {{namespace}}/{{workload}} has no Ready replica outside {{nodes}}, and a StatefulSet pod on a lost node is not recreated elsewhere (it stays Terminating): it is down until the nodes are back, or until its pods there are force-deleted once the nodes are surely off, or the nodes get the node.kubernetes.io/out-of-service taint.',
      'joint-statefulset-spread':
        '{{kind}} {{namespace}}/{{workload}} keeps Ready replicas on other nodes ({{readyElsewhere}}); its pods on {{nodes}} are not recreated elsewhere (they stay Terminating) until the nodes are back, or until they are force-deleted once the nodes are surely off, or the nodes get the node.kubernetes.io/out-of-service taint.',
      // Nowhere to run meanwhile (fact `nowhere`, issue 16, reader6 B4, B18).
      'joint-single-every-node':
        '{{kind}} {{namespace}}/{{workload}} has a single replica (on {{nodes}}), and no other node is left to run it: it is down until one of these nodes can run pods again.',
      'joint-single-no-room':
        '{{kind}} {{namespace}}/{{workload}} has a single replica (on {{nodes}}), and it fits on no remaining node: it is down until room is made or one of these nodes can run pods again.',
      'joint-all-here-every-node':
        'Every replica of {{kind}} {{namespace}}/{{workload}} ({{here}}) is on {{nodes}}, and no other node is left to run one: it is down until one of these nodes can run pods again.',
      'joint-all-here-no-room':
        'Every replica of {{kind}} {{namespace}}/{{workload}} ({{here}}) is on {{nodes}}, and none of them fits on a remaining node: it is down until room is made or one of these nodes can run pods again.',
      'joint-none-ready-elsewhere-every-node':
        '{{kind}} {{namespace}}/{{workload}} has {{here}} pod(s) on {{nodes}}, no Ready replica on another node, and no other node is left to run one: it is down until one of these nodes can run pods again.',
      'joint-none-ready-elsewhere-no-room':
        '{{kind}} {{namespace}}/{{workload}} has {{here}} pod(s) on {{nodes}}, no Ready replica on another node, and none of them fits on a remaining node: it is down until room is made or one of these nodes can run pods again.',
      'joint-dns-single-every-node':
        'The only cluster DNS replica ({{workload}}) is on {{nodes}}, and no other node is left to run it: name resolution fails cluster-wide until one of these nodes can run pods again.',
      'joint-dns-single-no-room':
        'The only cluster DNS replica ({{workload}}) is on {{nodes}}, and it fits on no remaining node: name resolution fails cluster-wide until room is made or one of these nodes can run pods again.',
      'joint-dns-all-here-every-node':
        'Every cluster DNS replica ({{workload}}, {{here}}) is on {{nodes}}, and no other node is left to run one: name resolution fails cluster-wide until one of these nodes can run pods again.',
      'joint-dns-all-here-no-room':
        'Every cluster DNS replica ({{workload}}, {{here}}) is on {{nodes}}, and none of them fits on a remaining node: name resolution fails cluster-wide until room is made or one of these nodes can run pods again.',
      // Nodes lost while the control plane serves and other nodes are left (fact `recovers`,
      // issue 16, reader6 B17): one timeline with the Stops line.
      'joint-dns-single-recovers':
        "The only cluster DNS replica ({{workload}}) is on {{nodes}}: name resolution fails cluster-wide until the control plane evicts it (once its node is marked NotReady and the pod's NoExecute toleration runs out, 300 s by default) and it is rescheduled and Ready on another node.",
      'joint-dns-all-here-recovers':
        "Every cluster DNS replica ({{workload}}, {{here}}) is on {{nodes}}: name resolution fails cluster-wide until the control plane evicts them (once their nodes are marked NotReady and the pods' NoExecute toleration runs out, 300 s by default) and one is rescheduled and Ready on another node.",
      'joint-dns-single':
        'The only cluster DNS replica ({{workload}}) is on {{nodes}}: name resolution fails cluster-wide until it is back.',
      'joint-dns-all-here':
        'Every cluster DNS replica ({{workload}}, {{here}}) is on {{nodes}}: name resolution fails cluster-wide until they are back.',
      'joint-dns-single-evicted':
        'The only cluster DNS replica ({{workload}}) is on {{nodes}}: once the drain evicts it, name resolution fails cluster-wide until it is rescheduled and Ready on another node.',
      'joint-dns-all-here-evicted':
        'Every cluster DNS replica ({{workload}}, {{here}}) is on {{nodes}}, and no PodDisruptionBudget holds one back: the drains evict them all, and name resolution fails cluster-wide until one is rescheduled and Ready on another node.',
      'joint-held-by-budget':
        '{{kind}} {{namespace}}/{{workload}} has {{here}} pods on {{nodes}}, but PodDisruptionBudget {{pdbNamespace}}/{{pdb}} lets the drains evict only {{allowed}} at a time (the next eviction waits, HTTP 429, until the evicted pod runs again elsewhere): it keeps {{kept}} Ready serving throughout.',
      'joint-held-by-budget-stuck':
        '{{kind}} {{namespace}}/{{workload}} has {{here}} pods on {{nodes}}, pinned there, and PodDisruptionBudget {{pdbNamespace}}/{{pdb}} lets the drains evict only {{allowed}}: an evicted one stays Pending, so the budget never recovers and the others are never evicted (HTTP 429): it keeps {{kept}} Ready serving.',
      'joint-held-by-budget-no-room':
        '{{kind}} {{namespace}}/{{workload}} has {{here}} pods on {{nodes}}, and PodDisruptionBudget {{pdbNamespace}}/{{pdb}} lets the drains evict only {{allowed}}: an evicted one fits on no remaining node and stays Pending, so the budget never recovers and the others are never evicted (HTTP 429): it keeps {{kept}} Ready serving.',
      'joint-held-by-budget-none':
        '{{kind}} {{namespace}}/{{workload}}: PodDisruptionBudget {{pdbNamespace}}/{{pdb}} allows no eviction now, so its pods on {{nodes}} are not evicted and it keeps {{kept}} Ready serving; the drains wait.',
    },
    capacity: {
      'joint-fits': 'The remaining nodes have room for the {{evictable}} evicted pods.',
      'joint-fits_one': 'The remaining nodes have room for the evicted pod.',
      'joint-fits-drain-first':
        'The drains evict the {{evictable}} pods before the nodes go down, while quorum still holds, and the remaining nodes have room for them.',
      'joint-fits-drain-first_one':
        'The drains evict the pod before the nodes go down, while quorum still holds, and the remaining nodes have room for it.',
      'joint-writes-blocked':
        'The {{evictable}} pods a drain would evict from these nodes can neither be evicted nor created elsewhere while etcd refuses writes: they stop with the nodes and come back with them.',
      'joint-writes-blocked_one':
        'The pod a drain would evict from these nodes can neither be evicted nor created elsewhere while etcd refuses writes: it stops with the nodes and comes back with them.',
      'joint-writes-blocked-drain':
        'The drain cannot evict the {{evictable}} pods on these nodes while etcd refuses writes (every eviction is a write): it fails, and they keep running where they are.',
      'joint-writes-blocked-drain_one':
        'The drain cannot evict the pod on these nodes while etcd refuses writes (an eviction is a write): it fails, and the pod keeps running where it is.',
      'joint-no-quorum':
        'The {{evictable}} pods on these nodes are not rescheduled while quorum is lost (evictions and new pods are writes): they stay down until quorum is back.',
      'joint-no-quorum_one':
        'The pod on these nodes is not rescheduled while quorum is lost (evictions and new pods are writes): it stays down until quorum is back.',
      'joint-some-pending':
        '{{unplacedCount}} of the {{evictable}} evicted pods fit on no remaining node and stay Pending: {{unplaced}}.{{pendingText}}',
      // One pod Pending (`-single`: "1 of … fits", not "fit").
      'joint-some-pending-single':
        '1 of the {{evictable}} evicted pods fits on no remaining node and stays Pending: {{unplaced}}.{{pendingText}}',
      'joint-some-pending-drain-first-single':
        'The drains evict {{evictable}} pods before the nodes go down, while quorum still holds; 1 of them fits on no remaining node and stays Pending: {{unplaced}}.{{pendingText}}',
      'joint-some-pending-drain-first':
        'The drains evict {{evictable}} pods before the nodes go down, while quorum still holds; {{unplacedCount}} of them fit on no remaining node and stay Pending: {{unplaced}}.{{pendingText}}',
      'joint-none-fit':
        'None of the {{evictable}} evicted pods fits on a remaining node (Ready, schedulable, taints tolerated, requests free): they all stay Pending.{{pendingText}}',
      'joint-none-fit_one':
        'The evicted pod fits on no remaining node (Ready, schedulable, taints tolerated, requests free): it stays Pending.{{pendingText}}',
    },
  },
  advice: {
    'etcd-quorum-after':
      'Take the control-plane nodes one at a time and wait for each etcd member to be healthy again.',
    'etcd-quorum-after-single':
      'etcd has a single member: taking the nodes one at a time does not keep quorum, since nothing can be written whenever its node is down. Grow etcd to 3 members before maintenance, or plan a window with no changes for the time that node is down.',
    'pdb-blocks':
      'Take these nodes one at a time and wait for each PodDisruptionBudget to allow its disruptions again.',
    capacity: 'Add capacity (or take fewer nodes at once) so the evicted pods have somewhere to run.',
    // Nodes lost (fate `lost`): a failure is not taken "at once" (issue 16, reader6 B18).
    'capacity-lost':
      'Add capacity so that the pods of nodes lost together have somewhere to run; until then they stay Pending.',
    'single-replica-lost':
      'Scale the named workloads up, with their replicas spread over nodes, so that losing these nodes together leaves one running.',
    'single-replica': 'Scale the named workloads up, or take their nodes one at a time.',
    'single-replica-quorum':
      'Take these nodes one at a time, each back with its pods Ready before the next: a workload with a quorum of its own needs a majority of its replicas Ready at all times.',
    'single-replica-pinned-lost':
      'Expect the pinned pods to be down until their own nodes are back: a pinned pod can start only on its own node. For planned work, take these nodes one at a time.',
    'single-replica-pinned':
      'Take the nodes with pinned pods one at a time, each back up and uncordoned before the next: a pinned pod can start only on its own node.',
  },
  /**
   * The data plane's Stops and Keeps-working lines of a joint answer: from the same model as the
   * findings (JointImpact.evictions and the capacity finding's variant), as for one node
   * (explain-reboot-impact.ts `dataSection`). kubectl drain evicts through the API server and skips
   * DaemonSet and mirror pods (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/).
   */
  stops: {
    'every-workload-down':
      'every workload of the cluster: no node is left to run its pods, so nothing is rescheduled; down until a node is back',
    'every-workload-down-drain':
      'every workload whose pods the drains evict: every node of the cluster is cordoned, so they stay Pending; down until a node is uncordoned',
    'every-workload-down-reboot':
      'every workload of the cluster: no node is left to run its pods, so the evicted ones stay Pending; down until a node is back and uncordoned',
    'pods-evicted': '{{count}} pods on {{nodes}} are evicted by the drains and recreated on other nodes',
    'pods-evicted_one': 'one pod on {{nodes}} is evicted by the drains and recreated on another node',
    'pods-evicted-drain-first':
      '{{count}} pods on {{nodes}} are evicted by the drains first, while quorum still holds, and recreated on other nodes',
    'pods-evicted-drain-first_one':
      'one pod on {{nodes}} is evicted by the drains first, while quorum still holds, and recreated on another node',
    'pods-rescheduled':
      "{{count}} pods on {{nodes}}: down until the node lifecycle controller evicts them (once the nodes are NotReady past the pods' not-ready toleration) and they are recreated on other nodes",
    'pods-rescheduled_one':
      'one pod on {{nodes}}: down until the node lifecycle controller evicts it (once the nodes are NotReady past its not-ready toleration) and it is recreated on another node',
    'pods-stranded':
      '{{count}} pods evicted from {{nodes}} fit on no remaining node: Pending until room is made or the nodes are back',
    'pods-stranded_one':
      'one pod evicted from {{nodes}} fits on no remaining node: Pending until room is made or the nodes are back',
    'pods-writes-blocked':
      'the {{count}} pods on {{nodes}} stop with them: etcd refuses writes, so none of them is evicted or recreated elsewhere',
    'pods-writes-blocked_one':
      'the pod on {{nodes}} stops with them: etcd refuses writes, so it is neither evicted nor recreated elsewhere',
    'pods-no-quorum':
      '{{count}} pods on {{nodes}} that would be recreated elsewhere: down until quorum is back (evictions and new pods are writes)',
    'pods-no-quorum_one':
      'one pod on {{nodes}} that would be recreated elsewhere: down until quorum is back (evictions and new pods are writes)',
    'drain-writes-blocked':
      'the drains themselves: cordoning {{nodes}} and evicting their pods are writes, which etcd refuses',
    'pinned-down':
      '{{pods}}: pinned to their node (their data, a hostname node selector or a Rook mon/OSD there), down for as long as that node is down, not rescheduled elsewhere',
    'pinned-down_one':
      '{{pods}}: pinned to its node (its data, a hostname node selector or a Rook mon/OSD there), down for as long as that node is down, not rescheduled elsewhere',
    // The eviction model (src/analysis/eviction-model.ts): a budget refuses these evictions (HTTP 429).
    'drain-waits':
      'the drains, at {{pods}}: a PodDisruptionBudget refuses their eviction (HTTP 429) and kubectl retries until it is allowed, so the drains do not finish meanwhile',
    'drain-waits_one':
      'the drains, at {{pods}}: a PodDisruptionBudget refuses its eviction (HTTP 429) and kubectl retries until it is allowed, so the drains do not finish meanwhile',
    'drain-waits-reboot':
      'the drains, at {{pods}}: a PodDisruptionBudget refuses their eviction (HTTP 429) and kubectl retries until it is allowed, so the drains do not finish and the nodes are not ready to go down',
    'drain-waits-reboot_one':
      'the drains, at {{pods}}: a PodDisruptionBudget refuses its eviction (HTTP 429) and kubectl retries until it is allowed, so the drains do not finish and the nodes are not ready to go down',
    'pinned-drain':
      '{{pods}}: pinned to their node (their data, a hostname node selector or a Rook mon/OSD there): evicted, they stay Pending until that node is uncordoned',
    'pinned-drain_one':
      '{{pods}}: pinned to its node (its data, a hostname node selector or a Rook mon/OSD there): evicted, it stays Pending until that node is uncordoned',
    'no-room-held':
      '{{pods}}: PodDisruptionBudget {{namespace}}/{{pdb}} lets the drains evict {{allowed}} of them, which fit on no remaining node and stay Pending; the rest stay where they are, running (their evictions are refused, HTTP 429), so the drains of their nodes never complete',
    'no-room-held_one':
      '{{pods}}: PodDisruptionBudget {{namespace}}/{{pdb}} lets the drains evict one of them, which fits on no remaining node and stays Pending; the rest stay where they are, running (their evictions are refused, HTTP 429), so the drains of their nodes never complete',
    'pinned-held':
      '{{pods}}: pinned to their node; PodDisruptionBudget {{namespace}}/{{pdb}} lets the drains evict {{allowed}} of them, which stay Pending until their node is uncordoned; the rest stay where they are, running (their evictions are refused, HTTP 429), so the drains of their nodes never complete',
    'pinned-held_one':
      '{{pods}}: pinned to their node; PodDisruptionBudget {{namespace}}/{{pdb}} lets the drains evict one of them, which stays Pending until its node is uncordoned; the rest stay where they are, running (their evictions are refused, HTTP 429), so the drains of their nodes never complete',
    'statefulset-lost':
      '{{pods}}: StatefulSet pods on the lost nodes, left Terminating and not recreated elsewhere until the nodes are back, the pods are force-deleted (only once the nodes are surely off) or the nodes get the node.kubernetes.io/out-of-service taint',
    'statefulset-lost_one':
      '{{pods}}: a StatefulSet pod on a lost node, left Terminating and not recreated elsewhere until the node is back, the pod is force-deleted (only once the node is surely off) or the node gets the node.kubernetes.io/out-of-service taint',
    'node-agents':
      'kubelet, kube-proxy and the CNI on {{nodes}} until they are back (typically about {{seconds}} s each)',
    'node-agents_one':
      'kubelet, kube-proxy and the CNI on {{nodes}} until it is back (typically about {{seconds}} s)',
    'node-agents-down': 'kubelet, kube-proxy and the CNI on {{nodes}} until they are back',
    'node-agents-down_one': 'kubelet, kube-proxy and the CNI on {{nodes}} until it is back',
    cordon: 'new pods on {{nodes}}: the nodes are cordoned until you uncordon them',
    'workloads-down': '{{workloads}}: downtime until rescheduled and started elsewhere',
    'workloads-down-no-room':
      '{{workloads}}: down until room is made on a remaining node or these nodes can run pods again',
    'workloads-quorum-lost': '{{workloads}}: quorum lost, not serving until enough of their pods are back',
    'workloads-quorum-lost_one': '{{workloads}}: quorum lost, not serving until enough of its pods are back',
    'etcd-members':
      'the etcd members on {{nodes}}: {{after}} of {{voters}} voting members remain (quorum {{quorum}}); {{spareText}}',
    'etcd-members_one':
      'the etcd member on {{nodes}}: {{after}} of {{voters}} voting members remain (quorum {{quorum}}); {{spareText}}',
    'spare-none': 'no further failure is tolerated until they are back',
    'control-plane-nodes':
      'the control-plane components on {{nodes}} (their API servers, etcd members, schedulers and controller managers) until they are back',
    'control-plane-nodes_one':
      'the control-plane components on {{nodes}} (its API server, etcd member, scheduler and controller manager) until it is back',
    apiservers: 'the API servers on {{nodes}}: API capacity drops from {{before}} to {{after}}',
    apiservers_one: 'the API server on {{nodes}}: API capacity drops from {{before}} to {{after}}',
  },
  keeps: {
    'refused-pods':
      '{{pods}}: not evicted while a PodDisruptionBudget allows no disruption, so they keep running',
    'refused-pods_one':
      '{{pods}}: not evicted while a PodDisruptionBudget allows no disruption, so it keeps running',
    'drained-nodes':
      'DaemonSet and static pods on {{nodes}} (drain leaves them) and the nodes themselves: they keep running',
    // The same for one Ready node beside NotReady ones (issue 16, reader6 B15): a NotReady node is
    // not said to keep running.
    'drained-nodes_one':
      'DaemonSet and static pods on {{nodes}} (drain leaves them) and the node itself: they keep running',
  },
};
