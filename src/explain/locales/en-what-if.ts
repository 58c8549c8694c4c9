/**
 * English texts of the "what if", drain and upgrade answers, merged into the i18next
 * resources under `whatIf`. Facts come from docs/domain.md; numbers are interpolated from the
 * constants in src/analysis/domain.ts (the node-monitor grace period of the cluster's version: 50 s
 * from Kubernetes 1.32, 40 s before; 300 s eviction toleration, 15 s leader lease).
 */
export const enWhatIf = {
  component: {
    'kube-apiserver': 'kube-apiserver',
    etcd: 'etcd',
    'kube-scheduler': 'kube-scheduler',
    'kube-controller-manager': 'kube-controller-manager',
    kubelet: 'kubelet',
    'kube-proxy': 'kube-proxy',
    coredns: 'CoreDNS',
    cni: 'the CNI plugin',
    'container-runtime': 'the container runtime',
  },
  title: {
    'component-restart': 'What if {{component}} restarts: {{cluster}}',
    'component-restart-node': 'What if {{component}} restarts on {{node}}: {{cluster}}',
    'rolling-update': 'Rolling update of {{component}}: {{cluster}}',
    'node-down': 'What if {{node}} goes down: {{cluster}}',
    'control-plane-down': 'What if all control-plane nodes go down: {{cluster}}',
    'etcd-quorum-loss': 'What if etcd loses quorum: {{cluster}}',
    'component-down': 'What if {{component}} is down: {{cluster}}',
    'component-down-node': 'What if {{component}} goes down on {{node}}: {{cluster}}',
    'etcd-member-remove': 'What if the etcd member of {{node}} is removed: {{cluster}}',
    'etcd-member-remove-id': 'What if etcd member {{member}} is removed: {{cluster}}',
    'etcd-member-remove-id-node': 'What if etcd member {{member}} ({{node}}) is removed: {{cluster}}',
    drain: 'Drain impact: {{node}} in {{cluster}}',
    cordon: 'Cordon: {{node}} in {{cluster}}',
    uncordon: 'Uncordon: {{node}} in {{cluster}}',
    'delete-node': 'Delete node: {{node}} in {{cluster}}',
    upgrade: 'Upgrade impact: {{node}} in {{cluster}}',
    // "How do I upgrade the cluster?": the answer is the upgrade of the node the order starts with.
    'upgrade-cluster': 'Cluster upgrade: {{cluster}}, from {{node}}',
  },
  what: {
    'component-restart': 'restarting {{component}}',
    'component-restart-node': 'restarting {{component}} on {{node}}',
    'rolling-update': 'a rolling update of {{component}}',
    drain: 'draining {{node}}',
    cordon: 'cordoning {{node}} (it only keeps new pods off: nothing is evicted, and its pods keep running)',
    uncordon: 'uncordoning {{node}} (it only lets new pods on: nothing moves back)',
    'delete-node': 'deleting the Node object of {{node}} (no drain: its pods are force-deleted)',
    upgrade: 'upgrading {{node}}',
    'node-down': '{{node}} goes down',
    'control-plane-down': 'all control-plane nodes go down',
    'etcd-quorum-loss': 'etcd loses quorum',
    'component-down': '{{component}} is down everywhere',
    'component-down-node': '{{component}} goes down on {{node}}',
    'etcd-member-remove': 'removing the etcd member of {{node}} for good',
    'etcd-member-remove-id': 'removing etcd member {{member}} for good',
    'etcd-member-remove-id-node': 'removing etcd member {{member}} of {{node}} for good',
  },
  summary: {
    planned: {
      safe: 'Safe: {{what}} touches the {{planes}} only, and nothing below needs attention first.',
      'safe-both': 'Safe: {{what}} touches the {{planes}}, and nothing below needs attention first.',
      'safe-prepare-both':
        'Safe: {{what}} touches the {{planes}} and nothing blocks it; before you start, do the {{count}} steps under "What to do first".',
      'safe-prepare-both_one':
        'Safe: {{what}} touches the {{planes}} and nothing blocks it; before you start, do the step under "What to do first".',
      'safe-prepare':
        'Safe: {{what}} touches the {{planes}} only and nothing blocks it; before you start, do the {{count}} steps under "What to do first".',
      'safe-prepare_one':
        'Safe: {{what}} touches the {{planes}} only and nothing blocks it; before you start, do the step under "What to do first".',
      caution: 'Possible, with care: {{what}} has {{count}} things below to check first.',
      caution_one: 'Possible, with care: {{what}} has one thing below to check first.',
      unsafe: 'Not now: {{what}} has {{count}} blocking problems below.',
      unsafe_one: 'Not now: {{what}} has one blocking problem below.',
    },
    outage: {
      safe: 'If {{what}}, the cluster copes ({{planes}} affected): nothing serious below.',
      caution: 'If {{what}}, part of the cluster is affected ({{planes}}): {{count}} things below.',
      caution_one: 'If {{what}}, part of the cluster is affected ({{planes}}): one thing below.',
      unsafe: 'If {{what}}, the cluster is seriously affected ({{planes}}): {{count}} serious effects below.',
      unsafe_one: 'If {{what}}, the cluster is seriously affected ({{planes}}): one serious effect below.',
    },
  },
  planes: { control: 'control plane', data: 'data plane', both: 'control plane and data plane' },
  section: {
    interrupt: 'Traffic would be interrupted if',
    duration: 'How long',
    steps: 'In order',
  },
  target: {
    'unknown-component': "I don't know component {{component}}; I can answer about: {{components}}.",
    'unknown-component-suggest':
      "I don't know component {{component}}; did you mean {{suggestions}}? I can answer about: {{components}}.",
    'unknown-node': 'No node named {{node}} in {{cluster}}.',
    'unknown-member':
      'No etcd member has ID {{member}} (etcdctl reads the ID as hexadecimal) in the member list read from {{cluster}} ({{members}}): check the ID with etcdctl member list, or ask about the node whose member it is.',
    'unknown-node-list': 'No node named {{node}} in {{cluster}}. Its nodes: {{nodes}}.',
    'unknown-node-suggest': 'No node named {{node}} in {{cluster}}; did you mean {{suggestions}}?',
    managed:
      'The control plane of {{cluster}} is run by your provider (no control-plane nodes are visible): {{componentName}} cannot be restarted or observed from the cluster, so I give no verdict.',
    'etcd-external':
      'etcd of {{cluster}} runs outside the cluster nodes (external topology): ask its operators; no node here restarts it.',
    'not-seen': 'I see no {{componentName}} in {{cluster}}, so I give no verdict about it.',
    'not-on-node': '{{componentName}} does not run on {{node}}; it runs on {{nodes}}.',
    'kube-proxy-absent':
      'kube-proxy is not deployed in {{cluster}} (no kube-system/kube-proxy DaemonSet){{cniText}}: Service routing is done by something else, so restarting kube-proxy does not apply.',
    'kube-proxy-absent-cni': '; {{cni}} probably replaces it',
    'down-on-node-not-analysed':
      'I analyse a failure on one node for the control-plane components (kube-apiserver, etcd, kube-scheduler, kube-controller-manager) and the node agents (kubelet, kube-proxy, the CNI) only, so I give no verdict for {{componentName}} on {{node}}; ask "what if {{component}} restarts on {{node}}" or "what if {{node}} goes down".',
  },
  checks: {
    // A permanent removal, not an outage: etcd docs, "Runtime reconfiguration"; FAQ "What is failure
    // tolerance?"; --strict-reconfig-check (src/analysis/what-if/member-remove.ts).
    'etcd-member-remove': {
      accepted:
        'etcd goes from {{voters}} to {{remaining}} voting members, quorum {{quorum}}, with {{started}} up: it still tolerates {{spare}} member failure(s) after this.',
      'accepted-no-spare':
        'etcd goes from {{voters}} to {{remaining}} voting member(s), quorum {{quorum}}, with {{started}} up: no member may fail after this (one more failure loses quorum, and every write stops).',
      refused:
        'etcd refuses this removal: it would leave {{remaining}} member(s) with quorum {{quorum}}, but only {{started}} of them are started (down: {{down}}). With --strict-reconfig-check, the default, etcd answers "re-configuration failed due to not enough started members" and nothing changes.',
      'refused-last':
        'etcd refuses this removal: {{member}} is its only voting member, and a cluster with no member left has no quorum ("re-configuration failed due to not enough started members"); nothing changes.',
      'health-unseen':
        'Whether etcd accepts this removal is unknown: it would leave {{remaining}} member(s) with quorum {{quorum}}, and only {{started}} of them were seen up (the health of the others was not read); etcd refuses a removal that leaves fewer started members than the quorum.',
      learner:
        '{{member}} is a learner, not a voting member: removing it leaves the quorum as it is ({{quorum}} of {{remaining}}).',
      'target-down':
        'The member of {{node}} is down already: removing it stops nothing that runs, and the members left keep the quorum they count on now.',
      leader:
        'The member of {{node}} is the etcd leader: after its removal the members left elect a new leader, and writes pause briefly until they have (about the election timeout at most, {{electionTimeoutMs}} ms by default).',
      'leader-writes-blocked':
        'The member of {{node}} is the etcd leader: after its removal the members left elect a new leader (about the election timeout at most, {{electionTimeoutMs}} ms by default); writes stay refused all the same: the active alarm blocks them, whoever leads, until it is disarmed.',
    },
    'control-plane-serving': {
      serving:
        'The control plane is serving ({{apiserversAlive}} of {{apiservers}} API server(s) alive, /readyz passing).',
      unseen:
        'Whether the control plane is serving was not seen (/readyz is not in the snapshot); nothing in it says the control plane is down.',
      'serving-writes-blocked':
        'The API servers answer ({{apiserversAlive}} of {{apiservers}} alive, /readyz passing), but etcd refuses writes (an active alarm): nothing can be changed.',
      degraded:
        'The control plane serves but is degraded (NotReady: {{notReadyText}}; etcd members down: {{membersDownText}}).',
      'api-down':
        'The API server is not serving (alive API servers: {{apiserversAlive}} of {{apiservers}}; /readyz status {{readyzStatus}}): nodes cannot resync from it.',
      'quorum-lost':
        'etcd has lost quorum: the API server cannot change anything, so nodes cannot get updates.',
      managed: 'The control plane is managed by your provider; its state cannot be seen from the cluster.',
      'managed-readyz':
        "The control plane is managed by your provider: its API answers (/readyz passing, status {{readyzStatus}}); its etcd and the provider's redundancy cannot be seen from the cluster.",
      'managed-readyz-failing':
        "The control plane is managed by your provider: its /readyz does not pass (status {{readyzStatus}}); its etcd and the provider's redundancy cannot be seen from the cluster.",
    },
    'kube-proxy-mode': {
      iptables:
        'kube-proxy runs in iptables mode (kube-system/kube-proxy ConfigMap): Service rules are iptables chains in the kernel.',
      ipvs: 'kube-proxy runs in IPVS mode (kube-system/kube-proxy ConfigMap): Service rules are IPVS virtual servers in the kernel.',
      nftables:
        'kube-proxy runs in nftables mode (kube-system/kube-proxy ConfigMap): Service rules are an nftables table in the kernel.',
      defaulted: "kube-proxy's ConfigMap leaves the mode empty, so it runs in the default iptables mode.",
      other: 'kube-proxy runs in {{mode}} mode (kube-system/kube-proxy ConfigMap).',
      unreadable:
        'The kube-system/kube-proxy ConfigMap could not be read (HTTP {{status}}), so the proxy mode (iptables, IPVS or nftables) is unknown.',
      absent: 'There is no kube-system/kube-proxy ConfigMap, so the proxy mode is unknown.',
      unparsable:
        'The kube-system/kube-proxy ConfigMap has no readable config.conf, so the proxy mode is unknown.',
    },
    'component-restart': {
      'kube-proxy':
        'kube-proxy on {{node}} only writes the Service rules; the kernel does the forwarding, and the rules stay in place while kube-proxy restarts. With the API server reachable it resyncs within seconds: existing connections keep flowing.',
      'kube-proxy-no-api':
        'Empty-rules risk: kube-proxy on {{node}} would restart while the API server is unreachable, so it cannot resync its Service and EndpointSlice view; the node may start with empty or stale rules and Service traffic from {{node}} may fail.',
      'kube-proxy-rollout-no-api':
        'Empty-rules risk on every node: a kube-proxy rollout while the API server is unreachable would restart kube-proxy without a way to resync; nodes may start with empty or stale rules.',
      kubelet:
        'Restarting kubelet on {{node}} does not stop running containers (the runtime keeps them); it re-registers and resumes its heartbeat within seconds. Only if it stays down {{graceS}} s is {{node}} marked NotReady, and its pods are evicted after {{tolerationS}} s more.',
      'kubelet-control-plane':
        'Restarting kubelet on control-plane node {{node}} does not stop the running static pods (API server, etcd, scheduler, controller-manager) or other containers; only if it stays down {{graceS}} s is {{node}} marked NotReady.',
      'kubelet-no-api':
        'The API server is not serving: the restarted kubelet on {{node}} keeps its containers and static pods running but cannot report status or receive changes until it is back.',
      apiserver:
        'Restarting the API server on {{node}}: API capacity drops from {{before}} to {{after}} for the restart; clients behind the load balancer keep working through {{others}}, and watches reconnect.',
      'apiserver-last':
        'The API server on {{node}} is the only one alive: while it restarts every API call stops (kubectl, controllers, scheduling). Running pods and Service traffic are not affected.',
      // The kube-vip VIP held on the node reaches this API server (issue 16, reader6 B1).
      'apiserver-vip':
        'Restarting the API server on {{node}}: API capacity drops from {{before}} to {{after}} for the restart; only clients that reach {{others}} directly, not through the VIP, keep working, and watches reconnect.',
      'apiserver-already-down':
        'The API server on {{node}} is not serving now, so restarting it takes no capacity away; clients behind the load balancer keep working through {{others}}.',
      'apiserver-already-down-vip':
        'The API server on {{node}} is not serving now, so restarting it takes no capacity away; only clients that reach {{others}} directly, not through the VIP, keep working.',
      'apiserver-last-k3d':
        'The API server on {{node}} is the only one alive: while it restarts every API call stops (kubectl, controllers, scheduling).',
      // etcd refuses writes (reader6 B2): etcd maintenance docs, Space quota; Kubernetes docs, Leases.
      'apiserver-writes-blocked':
        'etcd refuses every write ({{alarmsText}}): the API server restarted on {{node}} cannot write its identity Lease or its endpoint of the kubernetes Service, so whether it comes back ready is not known, and nothing can be changed through it until the alarm is cleared.',
      // k3s runs the API server inside the k3s server process (reader6 B10; https://docs.k3s.io/upgrades/killall).
      'apiserver-k3s':
        'On k3s the API server is not a process of its own: it runs inside the k3s server process on {{node}}, with the scheduler, the controller-manager, the datastore, and the kubelet and kube-proxy of {{node}}. Restarting it means restarting k3s there (sudo systemctl restart k3s; with OpenRC, sudo rc-service k3s restart), which restarts all of them; the pods keep running, since stopping the k3s service leaves its containers running.',
      'apiserver-k3d':
        'On k3d the API server is not a process of its own: it runs inside the k3s server process, the main process of the node container {{node}} of the k3d cluster {{cluster}}, with the scheduler, the controller-manager, the datastore and the kubelet of {{node}}. It restarts only with that container (docker restart {{node}}), which stops every container in it: every pod on {{node}} restarts too.',
      etcd: 'Restarting the etcd member on {{node}}: it rejoins and catches up from the leader; etcd has {{voters}} voting member(s), quorum {{quorum}}.',
      'etcd-follower':
        'Restarting the etcd member on {{node}}: it is not the leader ({{leader}} is), so no leader election; it rejoins and catches up from the leader. etcd has {{voters}} voting member(s), quorum {{quorum}}.',
      'etcd-leader':
        'Restarting the etcd member on {{node}}: it is the leader, and on a clean stop it hands leadership to another member first; it then rejoins as a follower. etcd has {{voters}} voting member(s), quorum {{quorum}}.',
      'etcd-leader-unknown':
        'Restarting the etcd member on {{node}}: it rejoins and catches up; which member leads was not seen. etcd has {{voters}} voting member(s), quorum {{quorum}}.',
      'etcd-no-quorum':
        'Restarting the etcd member on {{node}}: etcd has {{voters}} voting member(s), quorum {{quorum}}, and without this member quorum is lost: no leader, no writes until it is back.',
      'etcd-single':
        'Restarting the etcd member on {{node}}: it is the only etcd member (quorum 1), so while it restarts etcd has no quorum: no leader, no writes until it is back.',
      'scheduler-leader':
        '{{node}} holds the kube-scheduler leader Lease: a standby ({{standbys}}) takes over within about {{leaseDurationSeconds}} s; no new pods are scheduled meanwhile.',
      'scheduler-only': '{{node}} runs the only kube-scheduler: no pods are scheduled until it is back.',
      'scheduler-standby':
        'kube-scheduler on {{node}} is a standby (the leader is {{holder}}): restarting it changes nothing.',
      'controller-manager-leader':
        '{{node}} holds the kube-controller-manager leader Lease: a standby ({{standbys}}) takes over within about {{leaseDurationSeconds}} s; no reconciliation meanwhile.',
      'controller-manager-only':
        '{{node}} runs the only kube-controller-manager: no reconciliation (self-healing, endpoint updates) until it is back.',
      'controller-manager-standby':
        'kube-controller-manager on {{node}} is a standby (the leader is {{holder}}): restarting it changes nothing.',
      // kubeadm's kubeconfigs of kube-scheduler and kube-controller-manager point at the node's own
      // API server from v1.19.1 (kubernetes/kubernetes#94398): issue 16, reader5 F33.
      'leader-local-api':
        "{{component}} on {{node}} holds its leader Lease and reaches the API only through {{node}}'s own API server (kubeadm points its kubeconfig there, not at the load balancer): while that API server restarts it cannot renew the Lease, so it gives up leadership, and a standby ({{standbys}}) takes the Lease once it expires, within about {{leaseDurationSeconds}} s.",
      'leader-local-api-only':
        "{{component}} on {{node}} holds its leader Lease and reaches the API only through {{node}}'s own API server (kubeadm points its kubeconfig there, not at the load balancer), and no other node runs a standby: while that API server restarts it cannot renew the Lease and stops until the API server is back.",
      'leader-local-api-unknown':
        "{{component}} on {{node}} holds its leader Lease: if it reaches the API through {{node}}'s own API server (kubeadm's kubeconfig does from v1.19.1; the version here was not seen), it cannot renew the Lease while that API server restarts, and a standby ({{standbys}}) takes it over within about {{leaseDurationSeconds}} s.",
      coredns:
        'Cluster DNS ({{workload}}) has {{ready}} of {{replicas}} replicas ready on {{nodes}}: while one restarts, the others keep answering (with none answering, {{addonStops}})',
      'coredns-single':
        'Cluster DNS ({{workload}}) has only {{ready}} ready replica(s): while it restarts, {{addonStops}}',
      'coredns-not-here':
        'No cluster DNS pod runs on {{node}} (they run on {{nodes}}): nothing to restart there.',
      cni: 'Restarting the CNI agent ({{plugin}}) on {{node}}: existing pod networking stays in the kernel and keeps working; only new pods on {{node}} wait for networking until it is back.',
      'cni-no-api':
        'The API server is not serving: the CNI agent ({{plugin}}) may not come back Ready without it (most agents read their state through it), and new pods get no network.',
      'container-runtime':
        'Restarting the container runtime on {{node}}: with containerd (and CRI-O) running containers survive, but kubelet cannot start, stop or probe anything until it is back; with Docker without live-restore every container on {{node}} is killed.',
    },
    'rolling-update': {
      rolling:
        'DaemonSet {{daemonSet}}: RollingUpdate, maxUnavailable {{maxUnavailableText}}: its pods on {{desired}} nodes restart at most {{maxUnavailable}} at a time.',
      'on-delete':
        'DaemonSet {{daemonSet}} uses updateStrategy OnDelete: a new version reaches a node only when its pod is deleted by hand.',
      'all-at-once':
        'DaemonSet {{daemonSet}}: maxUnavailable {{maxUnavailableText}} lets all {{desired}} nodes restart at once.',
      'not-ready':
        'DaemonSet {{daemonSet}}: only {{ready}} of {{desired}} pods are Ready now; the rollout waits on the {{notReady}} that are not.',
      deployment:
        'Deployment {{workload}}: {{ready}} of {{replicas}} replicas ready; maxUnavailable {{maxUnavailableText}}: at most {{maxUnavailable}} down at a time.',
      'all-at-once-deployment':
        'Deployment {{workload}}: maxUnavailable {{maxUnavailableText}} lets all {{ready}} ready replicas go at once.',
      'no-api':
        'The API server is not serving: a rollout cannot run (the controllers need it), and pods deleted now are not replaced.',
      'static-pods':
        '{{component}} runs as static pods on {{nodes}}: no controller rolls them; they are updated one control-plane node at a time (manifest change, or an upgrade with kubeadm).',
      'static-single':
        '{{component}} runs on a single node ({{nodes}}): updating it stops it for the restart.',
      'etcd-spare-unknown':
        'Whether etcd has a spare member for the restarts is unknown: {{voters}} voting member(s) (quorum {{quorum}}) are listed from the nodes, but the health of {{unknown}} of the {{voters}} etcd members was not seen (neither etcd status nor etcd pods in the data). Check that every etcd member is healthy before restarting the first one.',
      'etcd-no-spare':
        'etcd has no spare member now ({{voters}} voters, quorum {{quorum}}): restarting any member loses quorum. Restore the missing member first.',
      'node-by-node':
        '{{component}} runs on every node ({{count}}): it is updated node by node, outside Kubernetes (packages, systemd).',
    },
    'node-down': {
      // StatefulSet pods stay Terminating on a lost node (node-down.ts; force-delete-stateful-set-pod docs).
      // What recovers a lost node's pods (node-down.ts LossRecovery; issue 16, reader5 F14, F19, F22): the node
      // lifecycle controller in kube-controller-manager marks, taints and evicts, through the API server, into etcd.
      'timeline-no-controller':
        'If {{node}} is lost, nothing marks it NotReady, takes its pods out of the Service endpoints or evicts them: that is the work of the node lifecycle controller in kube-controller-manager, through the API server, and no control plane serves without {{node}}. Its pods stay bound to it, down, until {{node}} is back.',
      'timeline-writes-blocked':
        'If {{node}} is lost while etcd refuses writes ({{alarms}} alarm), nothing marks it NotReady, takes its pods out of the Service endpoints or evicts them: each is a write. Its pods stay bound to it, down, until the alarm is disarmed (then {{node}} goes NotReady, and its pods are evicted {{tolerationS}} s later) or {{node}} is back.',
      'timeline-no-other-node':
        'If {{node}} is lost: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown and its pods are taken out of the Service endpoints; after {{tolerationS}} s more (default NoExecute toleration) the taint manager evicts them, if the control plane is up, but no other node is Ready to run them: they stay Pending, and every workload is down until {{node}} is back or a node is added.',
      'timeline-statefulset':
        'If {{node}} is lost without a drain: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown and its pods are taken out of the Service endpoints; after {{tolerationS}} s more (default NoExecute toleration) the taint manager deletes its {{count}} pods (about {{totalS}} s in all), if the control plane is up. Those of Deployments and ReplicaSets are recreated elsewhere; the StatefulSet pods ({{statefulSetPods}}) are not: they stay Terminating (Unknown) until the kubelet on {{node}} confirms they stopped, or someone force-deletes them once {{node}} is known to be off, and only then does the StatefulSet create them again.',
      'timeline-statefulset_one':
        'If {{node}} is lost without a drain: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown and its pod is taken out of the Service endpoints; after {{tolerationS}} s more (default NoExecute toleration) the taint manager deletes it (about {{totalS}} s in all), if the control plane is up. It is a StatefulSet pod ({{statefulSetPods}}): it stays Terminating (Unknown) until the kubelet on {{node}} confirms it stopped, or someone force-deletes it once {{node}} is known to be off, and only then does the StatefulSet create it again.',
      'timeline-unseen':
        'If {{node}} is lost without a drain: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown and its pods are taken out of the Service endpoints; after {{tolerationS}} s more (default NoExecute toleration) its pods (not all of them are in the data) are evicted by the taint manager and recreated elsewhere (about {{totalS}} s in all), if the control plane is up.',
      timeline:
        'If {{node}} is lost without a drain: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown and its pods are taken out of the Service endpoints; after {{tolerationS}} s more (default NoExecute toleration) its {{count}} pods are evicted by the taint manager and recreated elsewhere (about {{totalS}} s in all), if the control plane is up.',
      timeline_one:
        'If {{node}} is lost without a drain: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown and its pods are taken out of the Service endpoints; after {{tolerationS}} s more (default NoExecute toleration) its pod is evicted by the taint manager and recreated elsewhere (about {{totalS}} s in all), if the control plane is up.',
      // No pod to evict (only DaemonSet and static pods), or none listed (issue 16, reader5 F9/F18).
      'timeline-none':
        'If {{node}} is lost without a drain: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown, if the control plane is up. It runs no pod that would be evicted and recreated elsewhere (only DaemonSet and static pods, which stay with it).',
      'timeline-unlisted':
        'If {{node}} is lost without a drain: after {{graceS}} s (node-monitor grace period) it is marked NotReady/Unknown, if the control plane is up. The snapshot lists no pod on {{node}}, not even a DaemonSet pod, so what runs there is not known: any pod of it is taken out of the Service endpoints then, and evicted by the taint manager {{tolerationS}} s later (default NoExecute toleration) to be recreated elsewhere.',
      'pdb-no-protection':
        'PodDisruptionBudgets do not protect against this: they limit evictions, not node failures.',
    },
    'control-plane-down': {
      all_one:
        'The only control-plane node ({{nodes}}) down: no API server, no etcd, no scheduler, no controller-manager. Running pods keep running and serving; nothing can be changed, scheduled or healed until it is back.',
      all: 'All {{count}} control-plane nodes ({{nodes}}) down: no API server, no etcd, no scheduler, no controller-manager. Running pods keep running and serving; nothing can be changed, scheduled or healed until they are back.',
      apiservers:
        'Every API server ({{apiservers}}) down: nothing can read or write cluster state; running pods keep running and serving, and the scheduler and controllers wait.',
      managed:
        'The control plane is run by your provider: if it goes down, the same holds (running pods keep serving; nothing can be changed), but its HA cannot be seen from here.',
      'dns-on-masters':
        'Every cluster DNS pod ({{workload}}) runs on a control-plane node ({{nodes}}): cluster DNS would go down with them.',
      'workloads-on-masters': 'Workloads run on control-plane nodes and would go down with them: {{pods}}.',
    },
    'etcd-quorum-loss': {
      facts:
        'etcd has {{voters}} voting member(s): quorum is {{quorum}}, {{healthy}} are healthy now; quorum is lost after {{away}} more member failure(s). Without quorum etcd accepts no writes: the API server cannot change anything.',
      'already-lost':
        'etcd has ALREADY lost quorum: {{healthy}} of {{voters}} members healthy, quorum {{quorum}}. No writes are possible now.',
      managed:
        'etcd is run by your provider and cannot be observed; without quorum, the API server could change nothing.',
      unobserved:
        'etcd cannot be observed from here (no etcd pods or data); without quorum, the API server could change nothing.',
    },
    'component-down': {
      'etcd-leader-node':
        '{{node}} is the etcd leader: a failed leader hands nothing over; the other members elect a new leader only after the election timeout ({{electionTimeoutMs}} ms by default), and writes wait until then.',
      'etcd-leader-node-writes-blocked':
        '{{node}} is the etcd leader: a failed leader hands nothing over, and the other members elect a new leader after the election timeout ({{electionTimeoutMs}} ms by default); writes stay refused all the same: the active alarm blocks them, whoever leads, until it is disarmed (for NOSPACE, after compaction and defragmentation).',
      'etcd-member-node':
        'The etcd member on {{node}} stays down until it is restarted (the kubelet restarts its static pod when the process exits or its liveness probe fails, such as the probe of /livez or /health on port 2381 that kubeadm gives etcd; a member that hangs but still passes its probe is not restarted). etcd has {{voters}} voting member(s), quorum {{quorum}}.',
      'etcd-member-no-spare':
        'The etcd member on {{node}} stays down until it is restarted (the kubelet restarts its static pod when the process exits or its liveness probe fails, such as the probe of /livez or /health on port 2381 that kubeadm gives etcd; a member that hangs but still passes its probe is not restarted). Until then etcd ({{voters}} voting member(s), quorum {{quorum}}) has no spare: one more member failure loses quorum.',
      'apiserver-node':
        'The API server on {{node}} stays down until it is restarted: API capacity drops from {{before}} to {{after}}; clients behind the load balancer keep working through {{others}} once its health check drops {{node}}.',
      'apiserver-node-vip':
        'The API server on {{node}} stays down until it is restarted: API capacity drops from {{before}} to {{after}}; only clients that reach {{others}} directly, not through the VIP, keep working.',
      'apiserver-last-node':
        'The API server on {{node}} is the only one alive: if it fails, every API call stops (kubectl, controllers, scheduling) until it is restarted. Running pods and Service traffic are not affected.',
      // kubeadm's kubeconfigs point at the node's own API server from v1.19.1 (kubernetes/kubernetes#94398).
      'leader-local-api':
        "{{component}} on {{node}} holds its leader Lease and reaches the API only through {{node}}'s own API server (kubeadm points its kubeconfig there, not at the load balancer): with that API server down it cannot renew the Lease, so it gives up leadership, and a standby ({{standbys}}) takes the Lease once it expires, within about {{leaseDurationSeconds}} s.",
      'leader-local-api-only':
        "{{component}} on {{node}} holds its leader Lease and reaches the API only through {{node}}'s own API server (kubeadm points its kubeconfig there, not at the load balancer), and no other node runs a standby: with that API server down it cannot renew the Lease and stops until the API server is restarted.",
      'leader-local-api-unknown':
        "{{component}} on {{node}} holds its leader Lease: if it reaches the API through {{node}}'s own API server (kubeadm's kubeconfig does from v1.19.1; the version here was not seen), it cannot renew the Lease while that API server is down, and a standby ({{standbys}}) takes it over within about {{leaseDurationSeconds}} s.",
      'scheduler-leader-node':
        '{{node}} holds the kube-scheduler leader Lease: if it fails, a standby ({{standbys}}) takes the Lease only after the Lease expires ({{leaseDurationSeconds}} s); no new pods are scheduled meanwhile. kube-scheduler on {{node}} stays down until it is restarted.',
      'scheduler-only-node':
        '{{node}} runs the only kube-scheduler: no pods are scheduled until it is restarted.',
      'scheduler-standby-node':
        'kube-scheduler on {{node}} is a standby (the leader is {{holder}}): scheduling goes on; it stays down until it is restarted, one standby fewer meanwhile.',
      'controller-manager-leader-node':
        '{{node}} holds the kube-controller-manager leader Lease: if it fails, a standby ({{standbys}}) takes the Lease only after the Lease expires ({{leaseDurationSeconds}} s); no reconciliation meanwhile. kube-controller-manager on {{node}} stays down until it is restarted.',
      'controller-manager-only-node':
        '{{node}} runs the only kube-controller-manager: no reconciliation (self-healing, endpoint updates) until it is restarted.',
      'controller-manager-standby-node':
        'kube-controller-manager on {{node}} is a standby (the leader is {{holder}}): reconciliation goes on; it stays down until it is restarted, one standby fewer meanwhile.',
      scheduler:
        'kube-scheduler down everywhere (instances: {{instances}}; leader {{holder}}): new and replacement pods stay Pending. With one instance down, a standby takes over in about {{leaseDurationSeconds}} s.',
      'controller-manager':
        'kube-controller-manager down everywhere (instances: {{instances}}; leader {{holder}}): no self-healing, no endpoint updates, no node-failure handling. With one instance down, a standby takes over in about {{leaseDurationSeconds}} s.',
      'kube-proxy':
        'kube-proxy down on every node: the Service rules already in the kernel keep forwarding, but no rule is updated anywhere.',
      coredns:
        'Cluster DNS down: in-cluster name resolution stops for every workload; connections already open keep working.',
      kubelet:
        'kubelet down on every node: containers keep running, but after {{graceS}} s every node is NotReady and nothing is started, stopped or probed.',
      'container-runtime':
        'The container runtime down on every node: running containers survive with containerd, but nothing can start, and nodes go NotReady after {{graceS}} s.',
      cni: 'The CNI agent ({{plugin}}) down on every node: existing pod networking keeps working; new pods get no network.',
      'kubelet-node-writes-blocked':
        'kubelet down on {{node}}: the pods there keep running but are no longer managed (not started, stopped or probed). etcd has an active alarm ({{alarms}}) and refuses every write, so the node controller cannot mark {{node}} NotReady or taint it: its pods stay in the Service endpoints, nothing is evicted and nothing is recreated elsewhere until the alarm is disarmed.',
      'kubelet-node':
        'kubelet down on {{node}}: the pods there keep running but are no longer managed (not started, stopped or probed); after {{graceS}} s (the node-monitor grace period of this version) {{node}} goes NotReady and leaves the Service endpoints, and {{tolerationS}} s later its pods are evicted (those with a controller are recreated elsewhere).',
      'kube-proxy-node':
        'kube-proxy down on {{node}}: the Service rules already in its kernel keep forwarding but are no longer updated, so traffic from {{node}} can go to endpoints that are gone and never reaches new ones.',
      'cni-node':
        'The CNI agent ({{plugin}}) down on {{node}}: pods already running keep their network, but new pods scheduled to {{node}} get none and do not start.',
    },
    'drain-api': {
      'api-down':
        'The API server is not serving: kubectl drain cannot cordon {{node}} or evict anything (evictions are API calls).',
    },
    // Releases before v1.24 were only in the legacy repositories apt.kubernetes.io and
    // yum.kubernetes.io, frozen on 13 September 2023 and removed on 4 March 2024 (Kubernetes blog,
    // "Legacy Package Repository Deprecation"; kubernetes/release#3485): no command installs them.
    'upgrade-packages': {
      legacy:
        'The {{next}} packages (kubeadm, kubelet, kubectl) were published only in the legacy repositories apt.kubernetes.io and yum.kubernetes.io, frozen in September 2023 and removed in March 2024 (pkgs.k8s.io starts at v1.24): the documented upgrade procedure cannot install them, and {{current}} is long out of support.',
    },
    'version-skew': {
      versions:
        'Versions: kube-apiserver {{apiserverRange}} (image tags), kubelets {{kubeletRange}} (status.nodeInfo); {{node}} runs {{current}}.',
      'kubelets-only':
        'Kubelet versions {{kubeletRange}} (status.nodeInfo); API server versions are not visible.',
      'apiservers-apart':
        'The API servers are more than {{apiserverMaxSkew}} minor version apart ({{apiserverOldest}} and {{apiserverNewest}}): outside the supported skew; finish the upgrade first.',
      'upgrade-in-progress':
        'A control-plane upgrade is in progress: API servers run {{apiserverOldest}} and {{apiserverNewest}}.',
      'kubelet-newer':
        'A kubelet ({{kubeletNewest}}) is newer than the oldest API server ({{apiserverOldest}}): kubelets must never be newer than the API server.',
      'kubelet-too-old':
        'The oldest kubelet ({{kubeletOldest}}) is more than {{kubeletMaxSkew}} minor versions behind the API server ({{apiserverNewest}}).',
      'kubelets-fall-behind':
        'After this upgrade to {{target}}, kubelets at {{kubeletOldest}} would be more than {{kubeletMaxSkew}} minor versions behind: upgrade the workers soon after.',
      'skips-minor':
        'Upgrading {{node}} from {{current}} to {{target}} skips a minor version: upgrade one minor version at a time.',
      downgrade:
        '{{target}} is older than what {{node}} runs ({{current}}): that is a downgrade, not supported by kubeadm.',
    },
    'upgrade-order': {
      // A whole-cluster upgrade was asked (no node named): what this answer is, per upgrade method.
      'cluster-start':
        'You asked how to upgrade the whole cluster: it is upgraded node by node, the control plane first, in the order and with the steps under "In order", starting with {{node}}; the verdict is for {{node}}, the first step. For a verdict on every step, ask "upgrade all nodes one by one".',
      'cluster-next':
        'You asked how to upgrade the whole cluster: it is upgraded node by node, the control plane first, and the upgrade is under way; {{node}} is the next node, in the order and with the steps under "In order"; the verdict is for {{node}}.',
      'cluster-start-only':
        'You asked how to upgrade the whole cluster: {{node}} is its only node, upgraded with the steps under "In order"; the verdict is for it.',
      'cluster-start-openshift':
        'You asked how to upgrade the whole cluster: OpenShift upgrades it as a whole through the cluster version operator (the steps are under "In order"), not node by node by hand; the verdict is for {{node}}, one of the nodes its Machine Config Operator drains and reboots.',
      'cluster-start-provider':
        'You asked how to upgrade the whole cluster: your provider upgrades its control plane and then its node pools (the steps are under "In order"), not node by node by hand; the verdict is for {{node}}, one of the nodes it drains and replaces.',
      'cluster-start-unknown':
        'You asked how to upgrade the whole cluster: how this distribution is upgraded is not known from the cluster, so no tool\'s commands are given for it, only the general order under "In order"; the verdict is for {{node}}, the node an upgrade would start with.',
      'cluster-start-k3d':
        'You asked how to upgrade the whole cluster: it is the k3d cluster {{cluster}}, upgraded by creating a new cluster from the release\'s image (the steps are under "In order"), not node by node; the verdict is for {{node}}, one of its nodes.',
      'control-plane':
        'Upgrade order: control-plane nodes one at a time, starting with {{node}} (with upgrade apply), then {{others}} (kubeadm upgrade node), each Ready with etcd healthy before the next; then the workers.',
      'control-plane-only':
        'Upgrade order: {{node}} is the only control-plane node (with upgrade apply); then the workers.',
      // A partial file: the etcd quorum guard counts masters the file does not hold (issue 16).
      'control-plane-partial':
        "Upgrade order: control-plane nodes one at a time, each Ready with etcd healthy before the next; then the workers. The file holds only {{node}} of the {{total}} masters OpenShift's etcd quorum guard counts, so the other {{unseen}}, and which of them is already upgraded, are not known from it.",
      'control-plane-only-no-workers':
        'Upgrade order: {{node}} is the only control-plane node (with upgrade apply), and there are no workers.',
      'control-plane-next':
        'Upgrade order: {{upgraded}} already run {{upgradedVersion}}; {{node}} is next (kubeadm upgrade node), then {{others}}, each Ready with etcd healthy before the next; then the workers.',
      'control-plane-next_one':
        'Upgrade order: {{upgraded}} already runs {{upgradedVersion}}; {{node}} is next (kubeadm upgrade node), then {{others}}, each Ready with etcd healthy before the next; then the workers.',
      'control-plane-last':
        'Upgrade order: {{upgraded}} already run {{upgradedVersion}}; {{node}} is the last control-plane node (kubeadm upgrade node); then the workers.',
      'control-plane-last_one':
        'Upgrade order: {{upgraded}} already runs {{upgradedVersion}}; {{node}} is the last control-plane node (kubeadm upgrade node); then the workers.',
      worker:
        'Upgrade order: the control plane ({{controlPlaneNodes}}) first, then workers such as {{node}}, one or a few at a time.',
      'worker-no-control-plane-node':
        'Upgrade order: the control plane first (no control-plane node is among the nodes: upgrade it where it runs, e.g. through your provider), then workers such as {{node}}, one or a few at a time.',
      'control-plane-first':
        'Upgrade the control plane to {{target}} first: the API servers run {{apiserverOldest}}, and a kubelet must not be newer than the API server.',
      'control-plane-no-workers':
        'Upgrade order: control-plane nodes one at a time, starting with {{node}} (with upgrade apply), then {{others}} (kubeadm upgrade node), each Ready with etcd healthy before the next.',
      'control-plane-next-no-workers':
        'Upgrade order: {{upgraded}} already run {{upgradedVersion}}; {{node}} is next (kubeadm upgrade node), then {{others}}, each Ready with etcd healthy before the next.',
      'control-plane-next-no-workers_one':
        'Upgrade order: {{upgraded}} already runs {{upgradedVersion}}; {{node}} is next (kubeadm upgrade node), then {{others}}, each Ready with etcd healthy before the next.',
      'control-plane-last-no-workers':
        'Upgrade order: {{upgraded}} already run {{upgradedVersion}}; {{node}} is the last control-plane node (kubeadm upgrade node).',
      'control-plane-last-no-workers_one':
        'Upgrade order: {{upgraded}} already runs {{upgradedVersion}}; {{node}} is the last control-plane node (kubeadm upgrade node).',
      // Distributions not upgraded with kubeadm (profiles/types.ts UpgradeMethod, issue 16).
      openshift:
        'Upgrade order: OpenShift upgrades the whole cluster at once, not node by node: the cluster version operator (oc adm upgrade) updates the control plane, then the Machine Config Operator drains and reboots every node itself, {{node}} included, one at a time per machine config pool. Do not upgrade {{node}} by hand.',
      provider:
        'Upgrade order: the provider upgrades the control plane first, then the node pools; a pool is upgraded by surge: the provider adds a new node at the new version, then cordons, drains and deletes an old one, {{node}} included, itself. {{node}} is replaced, not upgraded in place: do not upgrade its kubelet by hand.',
      'unknown-distribution':
        "Upgrade order: the data shows no mark of the distribution that installed this cluster (kubeadm, k3s, RKE2, OpenShift or a managed service), so no tool's commands are given here. Upgrade it with the tool that installed it: the control plane first, one node at a time, then the workers, one minor version at a time (Kubernetes version skew policy).",
      k3d: "Upgrade order: {{node}} is a node of the k3d cluster {{cluster}}, which runs k3s in Docker containers (k3d.io). The k3s install script does not apply inside them, and k3d has no upgrade command: a new k3s release means new node containers from that release's rancher/k3s image, in a cluster created again.",
      'k3s-server':
        'Upgrade order: k3s servers one at a time, starting with {{node}}, then {{others}}, each Ready with etcd healthy before the next; then the agents.',
      'k3s-server-no-agents':
        'Upgrade order: k3s servers one at a time, starting with {{node}}, then {{others}}, each Ready with etcd healthy before the next.',
      'k3s-only-server': 'Upgrade order: {{node}} is the only k3s server; then the agents.',
      'k3s-only-server-no-agents': 'Upgrade order: {{node}} is the only k3s server, and there are no agents.',
      'k3s-agent':
        'Upgrade order: the k3s servers ({{controlPlaneNodes}}) first, then agents such as {{node}}, one or a few at a time.',
      'rke2-server':
        'Upgrade order: RKE2 servers one at a time, starting with {{node}}, then {{others}}, each Ready with etcd healthy before the next; then the agents.',
      'rke2-server-no-agents':
        'Upgrade order: RKE2 servers one at a time, starting with {{node}}, then {{others}}, each Ready with etcd healthy before the next.',
      'rke2-only-server': 'Upgrade order: {{node}} is the only RKE2 server; then the agents.',
      'rke2-only-server-no-agents':
        'Upgrade order: {{node}} is the only RKE2 server, and there are no agents.',
      'rke2-agent':
        'Upgrade order: the RKE2 servers ({{controlPlaneNodes}}) first, then agents such as {{node}}, one or a few at a time.',
    },
    'what-if-target': {
      'unknown-component': "I don't know component {{component}}.",
      'unknown-node': 'There is no node named {{node}}.',
    },
  },
  /**
   * Reboot findings told for a node that is lost without a drain (node down): nothing is drained;
   * after the grace period the node is tainted, and after the NoExecute toleration the taint manager
   * (kube-controller-manager) evicts its pods (docs/domain.md, "Node failure timings").
   */
  lost: {
    'leader-scheduler': {
      'held-here':
        '{{node}} holds the kube-scheduler leader Lease: once it goes down, leader election gives it to a standby ({{standbys}}) when the {{leaseDurationSeconds}} s lease expires; no new pods are scheduled meanwhile.',
    },
    'leader-controller-manager': {
      'held-here':
        '{{node}} holds the kube-controller-manager leader Lease: once it goes down, leader election moves it to a standby ({{standbys}}) after about {{leaseDurationSeconds}} s; no reconciliation (self-healing, endpoint updates) meanwhile.',
    },
    'workloads-on-control-plane': {
      'system-stranded':
        'Add-on pods on {{node}} ({{pods}}) are not evicted or rescheduled ({{strandedText}}): they are down until {{node}} is back.',
      'system-stranded_one':
        'The add-on pod on {{node}} ({{pods}}) is not evicted or rescheduled ({{strandedText}}): it is down until {{node}} is back.',
      system:
        'Add-on pods on {{node}} ({{pods}}) get no drain: after {{graceS}} s {{node}} is marked NotReady/Unknown and tainted, and once their {{tolerationS}} s NoExecute toleration runs out the taint manager evicts them and they are rescheduled.',
      system_one:
        'The add-on pod on {{node}} ({{pods}}) gets no drain: after {{graceS}} s {{node}} is marked NotReady/Unknown and tainted, and once its {{tolerationS}} s NoExecute toleration runs out the taint manager evicts it and it is rescheduled.',
    },
    'emptydir-pods': {
      'present-stranded':
        'Pods with emptyDir data on {{node}}: {{pods}}. They are not evicted ({{strandedText}}): they stay bound to {{node}} until it is back.',
      'present-stranded_one':
        'A pod with emptyDir data on {{node}}: {{pods}}. It is not evicted ({{strandedText}}): it stays bound to {{node}} until it is back.',
      present:
        'Pods with emptyDir data on {{node}}: {{pods}}. If {{node}} stays down longer than {{graceS}} s + {{tolerationS}} s, they are evicted and recreated elsewhere, and that data is lost.',
      present_one:
        'A pod with emptyDir data on {{node}}: {{pods}}. If {{node}} stays down longer than {{graceS}} s + {{tolerationS}} s, it is evicted and recreated elsewhere, and that data is lost.',
    },
    capacity: {
      fits: 'The other Ready, schedulable nodes have room for the {{evictable}} pods evicted once the toleration runs out.',
      fits_one:
        'The other Ready, schedulable nodes have room for the pod evicted once the toleration runs out.',
      'some-pending': 'No room elsewhere for {{unplaced}}: once evicted they would stay Pending.',
      'none-fit': 'No other node can take the pods ({{unplaced}}): once evicted they would stay Pending.',
      'only-node-unseen-partial':
        "{{node}} is the only Ready, schedulable node in the data, but the file is partial (OpenShift's etcd quorum guard counts {{count}} more masters than it holds), so whether another node could take what runs on {{node}} (its pods are not in the snapshot) while it is down is unknown.",
      'only-node-unseen-partial_one':
        "{{node}} is the only Ready, schedulable node in the data, but the file is partial (OpenShift's etcd quorum guard counts one more master than it holds), so whether another node could take what runs on {{node}} (its pods are not in the snapshot) while it is down is unknown.",
      'only-node-unseen-absent':
        'No other node in the node list could take what runs on {{node}}, but pods in the data run on nodes the list does not hold ({{absentNodes}}): the node list is incomplete, so whether another node could take what runs on {{node}} (its pods are not in the snapshot) while it is down is unknown.',
      'only-node-unseen':
        '{{node}} is the only Ready, schedulable node: whatever runs on it (the pods are not in the snapshot) has nowhere to go while it is down.',
    },
  },
  stops: {
    'etcd-member-removed':
      'the etcd member of {{node}}, for good: it leaves the member list and cannot rejoin with its old data (it joins again only as a new member, with an empty data directory)',
    'rule-updates':
      'Service rule updates on {{node}} (new Services, endpoint changes) for the few seconds kube-proxy is down',
    'rules-resync': 'Service rule updates on {{node}}: kube-proxy cannot resync until the API server is back',
    'rule-updates-rolling': 'Service rule updates on each node for the seconds its kube-proxy restarts',
    'rule-updates-all':
      'Service rule updates on every node: new Services, scaled or moved pods are not programmed',
    kubelet: 'on {{node}}: starting and stopping pods, probes, and status updates while kubelet is down',
    'kubelet-writes-blocked':
      'the pods on {{node}} that fail: while etcd refuses writes they are neither replaced nor taken out of the Service endpoints',
    'kubelet-down':
      'on {{node}}: starting, stopping and probing pods, and its status updates, until kubelet is restarted',
    'kubelet-evicted':
      'the pods on {{node}}: taken out of the Service endpoints once it is NotReady ({{graceS}} s), evicted {{tolerationS}} s later',
    'kube-proxy-down':
      'Service rule updates on {{node}} (new Services, endpoint changes) until kube-proxy is restarted: its rules go stale',
    'cni-down':
      'network setup for new pods on {{node}} ({{plugin}}): they do not start until the agent is back',
    'api-all': 'every API call and kubectl command',
    'api-changes': 'every change to the cluster: applying manifests, scaling, rollouts',
    'controllers-wait': 'scheduling and reconciliation, for the restart',
    'apiserver-one': 'the API server on {{node}}: API capacity drops from {{before}} to {{after}}',
    'vip-clients':
      'the API for every client that reaches it through the VIP, until the API server on {{node}} is back or the VIP moves',
    'vip-clients-stays':
      'the API for every client that reaches it through the VIP, until the API server on {{node}} is back',
    'k3d-node-pods': 'every pod on {{node}}, until the node container and its pods have started again',
    'apiserver-rolling': 'one API server at a time: capacity drops by one while each restarts',
    'etcd-rolling': 'one etcd member at a time; a leader change (short write stall) when the leader restarts',
    'leader-rolling': '{{component}} work for about {{seconds}} s when the leader restarts',
    writes: 'every write to etcd: the cluster state is frozen',
    'etcd-member': 'the etcd member on {{node}} for the restart',
    'etcd-election': 'etcd writes for a moment while leadership passes to another member',
    'etcd-member-down': 'the etcd member on {{node}}, until it is restarted',
    'etcd-election-timeout':
      'etcd writes until the other members elect a new leader, after the election timeout ({{electionTimeoutMs}} ms)',
    'scheduler-lease-expiry':
      'scheduling for up to {{leaseDurationSeconds}} s, until the Lease expires and a standby takes it',
    'controller-manager-lease-expiry':
      'reconciliation for up to {{leaseDurationSeconds}} s, until the Lease expires and a standby takes it',
    scheduler: 'scheduling of new pods until kube-scheduler is back',
    'scheduler-failover': 'scheduling for about {{leaseDurationSeconds}} s, until a standby holds the Lease',
    'controller-manager':
      'reconciliation (self-healing, endpoint updates) until kube-controller-manager is back',
    'controller-manager-failover':
      'reconciliation for about {{leaseDurationSeconds}} s, until a standby holds the Lease',
    'scheduling-pending': 'scheduling: new and replacement pods stay Pending',
    scheduling: 'scheduling of new pods',
    'self-healing': "self-healing: a crashed pod's ReplicaSet cannot create a replacement",
    'node-failure': 'node-failure detection and rescheduling',
    scaling: 'HPA/VPA scaling and rollouts',
    endpoints: 'Endpoints/EndpointSlice updates: a pod that dies keeps receiving Service traffic',
    'dns-all': 'in-cluster name resolution ({{workload}}) until a replica is back',
    'dns-one': 'one cluster DNS replica at a time',
    'cni-new-pods': 'network setup for new pods on {{node}} ({{plugin}}) until the agent is back',
    'cni-new-pods-rolling': 'network setup for new pods on each node while its {{plugin}} agent restarts',
    runtime: 'starting, stopping and probing containers on {{node}}',
    'node-pods-unseen':
      'the pods on {{node}} (not all of them are in the data), until they are recreated elsewhere',
    'k3d-old-cluster':
      'the workloads of the k3d cluster {{cluster}} once it is deleted: only what was deployed on the new cluster keeps serving',
    'node-pods': 'the pods on {{node}} ({{count}}), until they are recreated elsewhere',
    'node-pods-none':
      'kubelet, kube-proxy and the CNI on {{node}}, with its DaemonSet and static pods, until it is back',
    'node-pods-unlisted':
      'the pods on {{node}} (the snapshot lists none: not known which), until they are recreated elsewhere',
    'node-pods-until-back': 'the pods on {{node}}, until {{node}} is back: nothing replaces them elsewhere',
    'every-workload':
      'every workload of the cluster and all Service traffic: no other node is Ready to run a pod',
    'node-pods-statefulset':
      'the pods on {{node}} ({{count}}): those of Deployments until they are recreated elsewhere; the StatefulSet pods ({{statefulSetPods}}) until {{node}} is back or they are force-deleted',
    'node-pods-statefulset_one':
      'the StatefulSet pod on {{node}} ({{statefulSetPods}}), until {{node}} is back or it is force-deleted',
    'leader-failover':
      '{{component}} work for about {{seconds}} s while leader election moves its Lease to a standby',
    'drain-evicts': 'the {{count}} pods drain evicts from {{node}}: each is recreated on another node',
    'drain-evicts_one': 'the pod drain evicts from {{node}}: it is recreated on another node',
    'drain-evicts-refused':
      'the {{count}} pods drain evicts from {{node}}: admission webhook {{webhook}} refuses their replacements while it has no backend, so they are not recreated until it has one again',
    'drain-evicts-refused_one':
      'the pod drain evicts from {{node}}: admission webhook {{webhook}} refuses its replacement while it has no backend, so it is not recreated until it has one again',
    'drain-stranded':
      'the {{count}} pods drain evicts from {{node}}: it is the only node, so they stay Pending until it is uncordoned',
    'drain-no-room':
      'the {{count}} pods drain evicts from {{node}}: no other node takes them, so they stay Pending',
    'drain-no-room_one': 'the pod drain evicts from {{node}}: no other node takes it, so it stays Pending',
    'drain-stranded_one':
      'the pod drain evicts from {{node}}: it is the only node, so it stays Pending until it is uncordoned',
    'drain-pinned':
      'the {{count}} pods pinned to {{node}} (their data or a Rook mon/OSD is there): evicted, they stay Pending until it is uncordoned',
    'drain-pinned_one':
      'the pod pinned to {{node}} (its data or a Rook mon/OSD is there): evicted, it stays Pending until it is uncordoned',
    'drain-evicts-writes-blocked':
      'the drain itself: cordoning {{node}} and evicting its {{count}} pods are writes, and etcd refuses them',
    'drain-evicts-writes-blocked_one':
      'the drain itself: cordoning {{node}} and evicting its pod are writes, and etcd refuses them',
    'drain-evicts-node-dead':
      'the end of the drain: the {{count}} pods on {{node}} stay Terminating (it is NotReady; no kubelet confirms the evictions)',
    'drain-evicts-node-dead_one':
      'the end of the drain: the pod on {{node}} stays Terminating (it is NotReady; no kubelet confirms the eviction)',
    cordon: 'new pods on {{node}}: it is cordoned until you uncordon it',
    'delete-node':
      '{{node}} as a node of the cluster: nothing is scheduled there and its DaemonSet pods are not recreated until its kubelet registers it again',
    // The eviction model (src/analysis/eviction-model.ts): a budget refuses the eviction (HTTP 429).
    'drain-waits':
      'the drain, at {{pods}}: {{budgets}} refuses their eviction (HTTP 429) and kubectl retries until it is allowed, so the drain does not finish meanwhile',
    'drain-error-webhook':
      'the drain, at {{pods}}: its eviction goes through admission webhook {{webhooks}} (failurePolicy Fail), whose only backends the drain evicted before, so the API server answers HTTP 500 ("failed calling webhook") and the drain stops with that error (it retries only 429), so the drain does not finish',
    'drain-error':
      'the drain, at {{pods}}: more than one PodDisruptionBudget ({{budgets}}) selects it, its eviction is answered HTTP 500 and the drain stops with that error (it retries only 429), so the drain does not finish',
    'drain-waits_one':
      'the drain, at {{pods}}: {{budgets}} refuses its eviction (HTTP 429) and kubectl retries until it is allowed, so the drain does not finish meanwhile',
    'upgrade-node':
      "the node's kubelet and pods while {{node}} is drained, upgraded and restarted (about {{seconds}} s when it reboots)",
    'upgrade-node-replaced':
      'the pods on {{node}} while its node pool replaces it: the pool adds a new node first (per its surge setting), then cordons and drains {{node}} and deletes it; the pods start again on the new node or the others',
  },
  keeps: {
    'member-remove-refused': 'everything: etcd refuses the removal, so the member of {{node}} stays',
    'refused-pods':
      '{{pods}} on {{node}}: not evicted while {{budgets}} allows no disruption, so they keep running',
    'refused-pods_one':
      '{{pods}} on {{node}}: not evicted while {{budgets}} allows no disruption, so it keeps running',
    'running-pods': 'pods already running',
    'pod-traffic': 'pod-to-pod traffic (the CNI is node-local)',
    'service-rules':
      'Service traffic to existing endpoints: the Service rules already programmed in the kernel stay and keep forwarding',
    'existing-connections':
      'existing connections through {{node}} keep flowing: the kernel rules stay in place while kube-proxy restarts',
    'existing-connections-all': 'existing connections keep flowing on every node',
    'containers-on-node': 'the containers running on {{node}}',
    'static-pods': 'the control-plane static pods on {{node}} (kubelet does not stop them when it restarts)',
    nodeport: 'NodePort and LoadBalancer paths into the cluster',
    dns: 'cluster DNS: its pods keep answering from what they know',
    'dns-others': 'name resolution, from the other cluster DNS replicas',
    api: 'the API and kubectl',
    'api-others': 'kubectl and the API through the other API server(s): {{others}}',
    'api-others-direct':
      'kubectl and the API for clients that reach the other API servers directly, not through the VIP: {{others}}',
    'etcd-quorum': 'etcd quorum ({{quorum}} of {{voters}})',
    'reads-maybe': 'some reads the API server serves from its watch cache (kubectl get may still answer)',
    controllers: 'the API, and controllers (they create replacement pods, which wait for scheduling)',
    'scheduler-pending': 'the API and scheduling of pods that already exist',
    'other-nodes': 'the other nodes and their pods',
    'other-nodes-ready': 'the other Ready nodes and their pods: {{nodes}}',
    'drain-daemonsets':
      'DaemonSet pods on {{node}} (drain ignores them) and the node itself: it keeps running',
    'cordon-pods': 'every pod running on {{node}}: cordon evicts nothing',
    'delete-node-static-pods':
      'the static pods on {{node}} (etcd, kube-apiserver and the others): the kubelet runs them from its manifests, Node object or not',
    'uncordon-pods': 'every pod running on {{node}} and elsewhere: uncordon moves nothing',
    'drain-pods': 'every pod running on {{node}}: the drain stops before evicting any',
    'drain-k3s-server-sqlite':
      "the k3s server process on {{node}} (API server, scheduler, controller-manager and k3s's SQLite datastore): a drain evicts pods only, so they keep running",
    'drain-k3s-server-datastore':
      'the k3s server process on {{node}} (API server, scheduler, controller-manager; the state is in SQLite or an external datastore): a drain evicts pods only, so they keep running',
    'drain-k3s-server-etcd':
      'the k3s server process on {{node}} (API server, scheduler, controller-manager and its embedded etcd member): a drain evicts pods only, so they keep running',
    'drain-static-pods':
      'the control-plane static pods on {{node}}: a drain does not evict them, so the API server and etcd there keep running',
  },
  interrupt: {
    'no-load-balancer-down':
      "clients talk to {{node}}'s API server directly instead of through a load balancer: they lose the API until it is restarted",
    'kube-proxy-restart':
      'kube-proxy restarts while the API server is unreachable (a node reboot during a control-plane outage): it cannot resync, and the node may start with empty or stale rules',
    'backend-dies':
      'a backend pod dies while the API server is down: the endpoint cannot be removed, so traffic keeps going to a dead IP',
    'backend-dies-proxy':
      'a backend pod dies while kube-proxy on {{node}} is down: {{node}} keeps sending to the dead IP until kube-proxy is back',
    'backend-dies-proxy-rolling':
      "a backend pod dies while a node's kube-proxy is restarting: that node sends to the dead IP for those seconds",
    'backend-dies-proxy-all':
      'a backend pod dies while kube-proxy is down: every node keeps sending to its dead IP',
    'backend-dies-kcm':
      'a backend pod dies while no controller-manager runs: the endpoint stays, and traffic keeps going to a dead IP',
    'node-reboot':
      'a node reboots meanwhile: its pods die, and they come back only if the control plane can reschedule or kubelet can restart them',
    'workloads-on-masters': 'control-plane nodes go down with workloads on them ({{count}}): {{pods}}',
    'no-load-balancer':
      "clients talk to {{node}}'s API server directly instead of through a load balancer: they lose the API for the restart",
    'kubelet-long':
      'kubelet stays down longer than {{graceS}} s: the node goes NotReady and its pods are taken out of the Service endpoints although they still run; after {{tolerationS}} s more they are evicted',
    'container-dies':
      'a container on {{node}} crashes while kubelet is down: it is not restarted until kubelet is back',
    'dns-no-api': 'the API server is down meanwhile: a cluster DNS pod that is deleted is not replaced',
    'cni-restart': 'the {{plugin}} agent does not come back: new pods get no network',
    'runtime-no-live-restore':
      'the runtime is Docker without live-restore: every container on {{node}} stops with it',
    'node-down-endpoints':
      'for up to {{graceS}} s, until {{node}} is marked NotReady, Services keep sending part of their traffic to its pods, and those requests fail',
    'node-pods-single':
      'a workload has all its replicas on {{node}}: it is down until they are recreated elsewhere',
    'node-down-endpoints-until-back':
      'until {{node}} is back, Services keep sending part of their traffic to its pods (nothing takes them out of the endpoints), and those requests fail',
    'node-pods-single-until-back':
      'a workload has all its replicas on {{node}}: it is down until {{node}} is back',
    'drain-single': 'a workload has all its replicas on {{node}}: it is down until they start elsewhere',
  },
  duration: {
    'kube-proxy':
      'kube-proxy restarts in seconds; rules on {{node}} are current again after its first resync',
    kubelet:
      'seconds for a restart; NotReady after {{graceS}} s down; evictions {{tolerationS}} s after that',
    'kubelet-down-writes-blocked':
      'no NotReady, no eviction while etcd refuses writes; once the alarm is disarmed {{node}} goes NotReady (its Lease is older than {{graceS}} s by then) and its pods are evicted {{tolerationS}} s later, unless kubelet is back first',
    'kubelet-down':
      '{{node}} goes NotReady {{graceS}} s after kubelet stops; its pods are evicted {{tolerationS}} s after that, unless kubelet is back first',
    apiserver: 'an API server restart usually takes tens of seconds, until {{health}} passes',
    'etcd-election': 'an etcd leadership transfer normally takes well under a few seconds',
    'etcd-rejoin':
      'a restarted etcd member that is not the leader rejoins within seconds; it triggers no leader election',
    'etcd-rejoin-leader-unknown':
      'a restarted etcd member rejoins within seconds; if it was the leader, a clean stop hands leadership to another member first (well under a few seconds), otherwise no election happens',
    'etcd-election-timeout':
      'a new etcd leader after the election timeout ({{electionTimeoutMs}} ms by default) and one election round',
    'lease-expiry': 'a standby takes over after the Lease expires: up to {{seconds}} s',
    'until-restarted':
      'the instance on {{node}} stays down until it is restarted: the kubelet restarts a static pod whose process exits or whose liveness probe fails, not a hung one that still passes its probe',
    'leader-lease': 'a leader failover takes up to the lease duration, {{seconds}} s',
    // A failed node does not come back by itself (reader5 F2): no reboot time.
    'node-down':
      'NotReady after {{graceS}} s, pods evicted after {{tolerationS}} s more (about {{totalS}} s in all); {{node}} itself stays down until someone brings it back',
    'node-down-none': 'NotReady after {{graceS}} s; no pod of it is evicted or recreated elsewhere',
    'node-down-no-controller':
      'until {{node}} is back: nothing is marked NotReady, evicted or rescheduled meanwhile, and there is no automatic recovery',
    'node-down-writes-blocked':
      'until the alarm is disarmed or {{node}} is back: nothing is marked NotReady or evicted meanwhile',
    'node-down-no-other-node':
      'until {{node}} is back or a node is added: NotReady after {{graceS}} s, and the pods evicted {{tolerationS}} s later stay Pending',
    'until-restored': 'it lasts until the control plane is restored; there is no automatic recovery',
    'after-restore':
      'after the restore, nodes whose heartbeats are older than {{graceS}} s may be marked NotReady briefly',
    quorum:
      'until enough members are back; if a majority is lost for good, only a restore from an etcd snapshot brings it back',
  },
  steps: {
    daemonset:
      'the DaemonSet controller replaces {{daemonSet}} pods node by node (at most {{maxUnavailable}} at a time), each after the previous one is Ready',
    'static-node':
      '{{position}}. {{node}}: update {{component}}, wait until it is Ready (and etcd healthy) before the next',
    // kubeadm's order on a control-plane node ("Upgrading kubeadm clusters",
    // https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/): the kubeadm
    // package first, kubeadm upgrade plan and apply (node on the others), then drain, the kubelet
    // and kubectl packages, systemctl daemon-reload and restart kubelet, uncordon.
    'cp-first':
      '{{node}} first: upgrade the kubeadm package to {{target}}, check kubeadm upgrade plan, run kubeadm upgrade apply {{target}}; then drain it, upgrade the kubelet and kubectl packages, systemctl daemon-reload && systemctl restart kubelet, and uncordon it',
    'cp-first-only-node':
      '{{node}} first: upgrade the kubeadm package to {{target}}, check kubeadm upgrade plan, run kubeadm upgrade apply {{target}}; then, without a drain ({{node}} is the only node: a drain moves nothing there and deletes what the kubelet restart keeps), upgrade the kubelet and kubectl packages and run systemctl daemon-reload && systemctl restart kubelet',
    'cp-next':
      '{{node}}: upgrade the kubeadm package, run kubeadm upgrade node; then drain it, upgrade the kubelet and kubectl packages, systemctl daemon-reload && systemctl restart kubelet, and uncordon it',
    'cp-wait':
      'wait until {{node}} is Ready, its API server passes /readyz and etcd has every member healthy',
    'cp-first-plan':
      '{{node}} first: upgrade the kubeadm package to the release you want, run kubeadm upgrade plan, then upgrade apply with the full vX.Y.Z version it lists; then drain it, upgrade the kubelet and kubectl packages, systemctl daemon-reload && systemctl restart kubelet, and uncordon it',
    'cp-first-plan-only-node':
      '{{node}} first: upgrade the kubeadm package to the release you want, run kubeadm upgrade plan, then upgrade apply with the full vX.Y.Z version it lists; then, without a drain ({{node}} is the only node: a drain moves nothing there and deletes what the kubelet restart keeps), upgrade the kubelet and kubectl packages and run systemctl daemon-reload && systemctl restart kubelet',
    // One minor at a time: "Skipping MINOR versions when upgrading is unsupported" (kubeadm docs).
    'cp-first-next':
      '{{node}} first, to a {{next}} patch release only (the next minor: kubeadm does not support skipping a minor version): upgrade the kubeadm package to it, run kubeadm upgrade plan, then upgrade apply with the full vX.Y.Z version it lists; then drain it, upgrade the kubelet and kubectl packages, systemctl daemon-reload && systemctl restart kubelet, and uncordon it',
    'cp-first-next-only-node':
      '{{node}} first, to a {{next}} patch release only (the next minor: kubeadm does not support skipping a minor version): upgrade the kubeadm package to it, run kubeadm upgrade plan, then upgrade apply with the full vX.Y.Z version it lists; then, without a drain ({{node}} is the only node: a drain moves nothing there and deletes what the kubelet restart keeps), upgrade the kubelet and kubectl packages and run systemctl daemon-reload && systemctl restart kubelet',
    // kubeadm takes a full semantic version (kubeadm upgrade apply [version]) and one minor at a
    // time (https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/).
    'cp-first-minor':
      '{{node}} first: kubeadm needs a full version (vX.Y.Z), not {{target}}: upgrade the kubeadm package to a {{target}} patch release, run kubeadm upgrade plan, which lists it, and name it to upgrade apply; then drain it, upgrade the kubelet and kubectl packages, systemctl daemon-reload && systemctl restart kubelet, and uncordon it',
    'cp-first-minor-only-node':
      '{{node}} first: kubeadm needs a full version (vX.Y.Z), not {{target}}: upgrade the kubeadm package to a {{target}} patch release, run kubeadm upgrade plan, which lists it, and name it to upgrade apply; then, without a drain ({{node}} is the only node: a drain moves nothing there and deletes what the kubelet restart keeps), upgrade the kubelet and kubectl packages and run systemctl daemon-reload && systemctl restart kubelet',
    'cp-first-one-minor':
      '{{node}} first, one minor version at a time: kubeadm cannot go from {{current}} to {{target}} in one step; upgrade the whole cluster to a {{next}} patch release first (listed by kubeadm upgrade plan), then to {{target}} (https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/)',
    'kubeadm-legacy':
      'no upgrade command is given from {{current}} to {{next}}: its packages cannot be installed from any Kubernetes repository today (above). With your own mirror of those packages, follow the upgrade guide of the {{next}} documentation (its kubeadm commands differ from the current ones); otherwise plan to rebuild on a supported release',
    'cp-partial':
      '{{node}} and the {{unseen}} other masters not in the file: one at a time, never two at once (the etcd quorum guard allows one master down)',
    'cp-not-ready':
      'before you start, bring {{nodes}} back (Ready, etcd member healthy) or replace them: NotReady now, they are not in this order; upgrade them once they are back',
    'cp-not-ready_one':
      'before you start, bring {{nodes}} back (Ready, etcd member healthy) or replace it: NotReady now, it is not in this order; upgrade it once it is back',
    'cp-others':
      'then the other control-plane nodes, one at a time, each the same way but with kubeadm upgrade node: {{others}}',
    'cp-remaining':
      'then the remaining control-plane nodes, one at a time, each the same way but with kubeadm upgrade node: {{others}}',
    workers:
      'then the workers, one (or a few) at a time: upgrade the kubeadm package, run kubeadm upgrade node; then drain, upgrade the kubelet and kubectl packages, restart kubelet, uncordon',
    'control-plane-before': 'the control-plane nodes first, one at a time: {{controlPlaneNodes}}',
    // The first control-plane node runs upgrade apply, the others kubeadm upgrade node (kubeadm docs).
    'control-plane-before-kubeadm':
      'the control-plane nodes first, one at a time: {{first}} with upgrade apply, then {{others}} with kubeadm upgrade node',
    'control-plane-before-kubeadm-next':
      'the control-plane nodes first, one at a time, to a {{next}} patch release (the next minor only; listed by kubeadm upgrade plan): {{first}} with upgrade apply, then {{others}} with kubeadm upgrade node',
    'control-plane-before-kubeadm-only':
      'the control-plane node {{first}} first, with upgrade apply (listed by kubeadm upgrade plan)',
    'control-plane-before-kubeadm-only-next':
      'the control-plane node {{first}} first, to a {{next}} patch release (the next minor only; listed by kubeadm upgrade plan), with upgrade apply',
    worker:
      'then {{node}}: upgrade the kubeadm package, run kubeadm upgrade node; then drain it, upgrade the kubelet and kubectl packages, systemctl daemon-reload && systemctl restart kubelet, and uncordon it',
    // OpenShift: the cluster version operator upgrades the cluster; the Machine Config Operator the
    // nodes ("Updating a cluster using the CLI", OpenShift docs).
    'openshift-check': 'see the channel and the updates it offers: oc adm upgrade',
    'openshift-start':
      'start the update to a version it lists (oc adm upgrade --to-latest=true takes the newest)',
    'openshift-watch':
      'watch it until every pool is updated: oc get clusterversion, oc get machineconfigpool',
    // A managed control plane: the provider upgrades it and the node pools.
    'provider-control-plane': 'the control plane first, through the provider (its console or CLI)',
    'provider-nodes':
      'then the node pool of {{node}}, through the provider: it adds a new node first (its surge setting), then cordons, drains and deletes an old one, one (or a few) at a time',
    // k3s and RKE2: the installer again with the release, then the service restarted; servers one
    // at a time, then agents (https://docs.k3s.io/upgrades/manual, https://docs.rke2.io/upgrades/manual_upgrade).
    'unknown-control-plane':
      'the control-plane nodes first, one at a time, with the tool that installed the cluster, each Ready and its API server serving (kubectl get --raw {{health}}) before the next',
    'unknown-workers':
      'then the workers, one (or a few) at a time: drain, upgrade the kubelet the same way, uncordon',
    'k3d-save':
      'save what the k3d cluster {{cluster}} holds that you cannot deploy again (manifests, volume data): its datastore lives in the old server container and does not move by itself',
    'k3d-create':
      'create a new k3d cluster with k3d cluster create and --image set to the rancher/k3s image of the release (its tag is the k3s version with - in place of +)',
    'k3d-move':
      'deploy the workloads on the new cluster and move the clients to it; then delete the old one (k3d cluster delete {{cluster}})',
    'k3s-server':
      '{{node}} first: drain it, run the k3s install script again with the same flags and INSTALL_K3S_VERSION set to the release (a vX.Y.Z+k3sN tag), which restarts k3s, and uncordon it',
    'server-wait': 'wait until {{node}} is Ready and its API server passes /readyz',
    'k3s-other-servers': 'then the other servers, one at a time, the same way: {{others}}',
    'k3s-agents':
      'then the agents, one (or a few) at a time: drain, run the install script again with the same INSTALL_K3S_VERSION (it restarts k3s-agent), uncordon',
    'k3s-agent':
      "then {{node}}: drain it, run the k3s install script again with the servers' INSTALL_K3S_VERSION (it restarts k3s-agent), and uncordon it",
    'rke2-server':
      '{{node}} first: drain it, run the RKE2 install script again with INSTALL_RKE2_VERSION set to the release (a vX.Y.Z+rke2rN tag), systemctl restart rke2-server, and uncordon it',
    'rke2-other-servers': 'then the other servers, one at a time, the same way: {{others}}',
    'rke2-agents':
      'then the agents, one (or a few) at a time: drain, run the install script again with the same INSTALL_RKE2_VERSION and INSTALL_RKE2_TYPE=agent, systemctl restart rke2-agent, uncordon',
    'rke2-agent':
      "then {{node}}: drain it, run the RKE2 install script again with the servers' INSTALL_RKE2_VERSION and INSTALL_RKE2_TYPE=agent, systemctl restart rke2-agent, and uncordon it",
  },
  advice: {
    // kubeadm, "Removing a control plane node"; kubeadm reset removes the node's member and manifests.
    'member-remove-manifest':
      'Right after the removal, delete /etc/kubernetes/manifests/etcd.yaml on {{node}}, or its etcd static pod crash-loops as a removed member (kubeadm reset on {{node}}, run instead of etcdctl, removes both the member and its manifests).',
    'member-remove-stop':
      'Stop etcd on {{node}} for good right after, and clear its data directory before it ever joins again: a removed member that starts again is refused by the cluster and keeps failing.',
    'member-remove-refused':
      'Bring the members that are down ({{down}}) back first (on a control-plane node with etcdctl set up for the cluster, check etcdctl endpoint health --cluster): etcd accepts the removal only while the started members left keep quorum.',
    'member-remove-last':
      'Add the member that replaces it first, then remove this one: etcd never removes its last member.',
    // One repository per minor on pkgs.k8s.io: the line is pointed at the next minor, and the held
    // packages are unheld, upgraded and held again ("Changing The Kubernetes Package Repository";
    // "Upgrading kubeadm clusters"; issue 16, F4).
    // One command per step (issue 30 item 4: "commands are numbered steps, one per line"): the
    // repository line, then the kubeadm package, later the kubelet and kubectl packages; per package
    // manager, both in turn when the nodes' is unknown or mixed.
    'kubeadm-repo-apt':
      'On each Debian or Ubuntu node, before its packages, point the repository line at {{next}} (pkgs.k8s.io has one repository per minor, and a file that still names apt.kubernetes.io is set up for pkgs.k8s.io first): {{command}}',
    'kubeadm-repo-yum':
      'On each RHEL-family node, before its packages, point the repository at {{next}} (pkgs.k8s.io has one repository per minor, and a file that still names yum.kubernetes.io is set up for pkgs.k8s.io first): {{command}}',
    'kubeadm-package': 'Then upgrade the kubeadm package there: {{command}}',
    'kubelet-package': 'Later, when you upgrade the kubelet and kubectl packages there: {{command}}',
    'etcd-member-down':
      'On a control-plane node with etcdctl set up for the cluster, check etcdctl endpoint health --cluster; bring the member on {{node}} back before any other maintenance.',
    'check-status-first':
      'Ask for "status" first: the API server must be reachable and etcd healthy before anything restarts.',
    'restore-api-first':
      'Restore the API server first; do not restart kube-proxy, kubelets or nodes while it is unreachable.',
    'verify-iptables':
      'After the restart, check the rules are back on {{node}}: iptables-save | grep -c KUBE-SVC',
    'verify-ipvs': 'After the restart, check the virtual servers on {{node}}: ipvsadm -Ln',
    'verify-nftables': 'After the restart, check the table on {{node}}: nft list table ip kube-proxy',
    // The mode unknown (or not one of the three): kube-proxy's own health server answers whatever the
    // mode (--healthz-bind-address, default 0.0.0.0:10256), /proxyMode on its metrics address names
    // the mode (kube-proxy reference; issue 16, F26).
    // A rollout over every node: each node checked as its kube-proxy restarts (no node named).
    'verify-iptables-each':
      "As each node's kube-proxy restarts, check its rules are back on that node: iptables-save | grep -c KUBE-SVC",
    'verify-ipvs-each':
      "As each node's kube-proxy restarts, check the virtual servers on that node: ipvsadm -Ln",
    'verify-nftables-each':
      "As each node's kube-proxy restarts, check the table on that node: nft list table ip kube-proxy",
    'verify-proxy-health-each':
      "As each node's kube-proxy restarts, check on that node that it has synced its Service rules again, whatever its mode: curl -sf http://127.0.0.1:10256/healthz (it fails until they are synced). curl -s http://127.0.0.1:10249/proxyMode names the mode, for a closer look: iptables-save | grep -c KUBE-SVC in iptables mode, ipvsadm -Ln in IPVS mode, nft list table ip kube-proxy in nftables mode.",
    'verify-proxy-health':
      'After the restart, check on {{node}} that kube-proxy has synced its Service rules again, whatever its mode: curl -sf http://127.0.0.1:10256/healthz (it fails until they are synced). curl -s http://127.0.0.1:10249/proxyMode names the mode, for a closer look: iptables-save | grep -c KUBE-SVC in iptables mode, ipvsadm -Ln in IPVS mode, nft list table ip kube-proxy in nftables mode.',
    'one-node-at-a-time': 'Do one node at a time and check it before the next.',
    'kubelet-down-writes-blocked':
      'Restart kubelet on {{node}} (systemctl restart kubelet on the node): while etcd refuses writes nothing moves or replaces its pods.',
    'kubelet-down':
      'Restart kubelet on {{node}} within {{graceS}} s if you can (systemctl restart kubelet on the node), and watch it: kubectl get node {{node}} -w.',
    'node-agent-down':
      'Bring {{component}} on {{node}} back (its pod: kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
    'kubelet-watch':
      'Watch the node while kubelet restarts: kubectl get node {{node}} -w; it must stay Ready (back within {{graceS}} s).',
    'apiserver-window':
      'Plan a short maintenance window: nothing can be changed while the only API server restarts.',
    'apiserver-lb':
      'Make sure clients reach the API servers through the load balancer, not {{node}} directly.',
    'wait-readyz':
      'Restart one API server at a time; wait until {{health}} passes on {{node}} before the next.',
    'wait-readyz-single':
      'After the restart, wait until {{health}} passes on {{node}} before changing anything else.',
    'etcd-health':
      'With etcdctl set up for the cluster, check etcdctl endpoint health --cluster before and after; restart one member at a time.',
    'etcd-health-single':
      'With etcdctl set up for the cluster, check etcdctl endpoint health before and after the restart.',
    'coredns-rollout':
      'Use kubectl -n kube-system rollout restart deployment/{{workload}} (it replaces pods one at a time); keep at least 2 replicas on different nodes.',
    'coredns-spread': 'Run at least 2 cluster DNS replicas on different nodes, with a PodDisruptionBudget.',
    'watch-rollout': 'Watch it: kubectl -n {{namespace}} rollout status ds/{{name}}',
    'static-one-at-a-time':
      'Update one control-plane node at a time and wait for Ready (and etcd healthy) before the next.',
    'drain-for-runtime': 'Drain {{node}} first if the runtime is Docker without live-restore.',
    'ha-shape': 'Run 3 or 5 control-plane nodes behind a load balancer, and keep user workloads off them.',
    'no-node-reboots':
      'During a control-plane outage, do not reboot nodes or restart kube-proxy: that is what turns it into a traffic outage.',
    'quorum-restore':
      'Bring members back until quorum holds; never remove members from a cluster without quorum.',
    // etcdctl needs the cluster's endpoints and certificates on kubeadm, and snapshot save a file
    // (https://kubernetes.io/docs/tasks/administer-cluster/configure-upgrade-etcd/#snapshot-using-etcdctl-options).
    'etcd-backup':
      'Take an etcd snapshot first, on a control-plane node with etcdctl set up for the cluster (etcdctl snapshot save /var/backups/etcd-snapshot.db), and keep a copy off the cluster.',
    'leader-check':
      'Check the leader Lease: kubectl -n kube-system get lease {{component}} -o yaml (holderIdentity, renewTime).',
    'node-down-prepare':
      'Prepare: run workloads with 2+ replicas on different nodes, and PodDisruptionBudgets for planned work.',
    'drain-command':
      'Drain with kubectl drain {{node}} --ignore-daemonsets (add {{emptyDirFlag}} ({{emptyDirOldFlag}} in a kubectl older than v1.20) only if that data may be lost).',
    // A drain command that proceeds (kubectl drain reference): --force for pods with no controller,
    // --delete-emptydir-data for emptyDir volumes, each with what it deletes (issue 16, real 13).
    'drain-command-plain': 'Drain with kubectl drain {{node}} --ignore-daemonsets.',
    'drain-command-force':
      'Drain with kubectl drain {{node}} --ignore-daemonsets --force. Its --force deletes for good every pod on {{node}} with no controller ({{forcePods}}); nothing recreates them.',
    'drain-command-emptydir':
      'Once the emptyDir data of {{emptyDirPods}} may be lost (the drain deletes it), drain with kubectl drain {{node}} --ignore-daemonsets {{emptyDirFlag}} ({{emptyDirOldFlag}} in a kubectl older than v1.20).',
    'drain-command-force-emptydir':
      'Drain with kubectl drain {{node}} --ignore-daemonsets --force {{emptyDirFlag}} ({{emptyDirOldFlag}} in a kubectl older than v1.20). Its --force deletes for good every pod on {{node}} with no controller ({{forcePods}}); nothing recreates them, and the emptyDir data of {{emptyDirPods}} is lost.',
    uncordon: 'Afterwards, kubectl uncordon {{node}}, or it takes no new pods.',
    'delete-node-drain-first':
      'Drain first, then delete: kubectl drain {{node}} --ignore-daemonsets, then kubectl delete node {{node}}; the drain respects the PodDisruptionBudgets and moves the pods before the node goes (ask "can I drain {{node}}?" for the flags its pods need).',
    'delete-node-etcd-member':
      "Remove its etcd member {{member}} too: kubeadm reset on {{node}} (it removes the node's own member), or etcdctl member remove {{memberId}} from another control-plane node.",
    'delete-node-etcd-member-noid':
      "Remove its etcd member {{member}} too: kubeadm reset on {{node}} (it removes the node's own member), or from another control-plane node remove it by the ID etcdctl member list shows.",
    'upgrade-plan': 'Check the plan first: kubeadm upgrade plan.',
    'upgrade-plan-worker':
      'Check the plan first, on a control-plane node, not on {{node}}: kubeadm upgrade plan.',
    // OpenShift ("Backing up etcd data"): the script on one master, from a debug shell on the host.
    'etcd-backup-openshift':
      'Back up etcd first: on master {{master}} (oc debug node/{{master}}, then chroot /host) run /usr/local/bin/cluster-backup.sh /home/core/assets/backup, and keep a copy off the cluster.',
    // k3s and RKE2 embedded etcd (https://docs.k3s.io/cli/etcd-snapshot, https://docs.rke2.io/datastore/backup_restore).
    'etcd-backup-k3s':
      'Take an etcd snapshot first: on a server, k3s etcd-snapshot save; keep a copy off the cluster.',
    'etcd-backup-rke2':
      'Take an etcd snapshot first: on a server, rke2 etcd-snapshot save; keep a copy off the cluster.',
    // k3s on SQLite or an external datastore (https://docs.k3s.io/datastore/backup-restore).
    'etcd-backup-k3s-datastore':
      "Back up the datastore first: with SQLite, copy /var/lib/rancher/k3s/server/db and the server token (/var/lib/rancher/k3s/server/token) off the server; with an external datastore, back it up with that database's own tools.",
  },
};

/** A message tree where the English-only singular forms (`*_one`) are optional. */
type PluralOptional<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : PluralOptional<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

/** The shape of the what-if texts; Korean provides the same keys (plural `_one` forms optional). */
export type WhatIfMessages = PluralOptional<typeof enWhatIf>;
