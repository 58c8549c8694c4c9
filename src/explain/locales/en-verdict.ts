/**
 * English texts of the checks beyond the first checklist (volumes, traffic, VIPs, storage operators),
 * merged into `checks` and `advice` of ./en.ts by ../i18n.ts. Sources are named at each check
 * (src/analysis/volume-checks.ts, traffic-checks.ts, budget-checks.ts).
 */
export const enVerdict = {
  checks: {
    'pinned-volumes': {
      'others-serve-prior-cordon':
        'Expect {{pod}} to stay Pending until {{node}} is back and uncordoned; {{node}} was cordoned before by someone else, so uncordon it only when they agree.',
      'last-replica-prior-cordon':
        'Plan downtime for {{workload}} (its data lives on {{node}} only), or move it to replicated storage first; {{node}} was cordoned before by someone else, so {{pod}} starts again only once they uncordon it.',
      'others-serve':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("{{schedulerTerm}}") for the whole reboot, until {{node}} is back and uncordoned. {{workload}} keeps serving from its other Ready replicas ({{readyElsewhere}}).',
      'others-serve_one':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("{{schedulerTerm}}") for the whole reboot, until {{node}} is back and uncordoned. {{workload}} keeps serving from its one other Ready replica.',
      // A quorum workload short of its majority with the nodes down together (joint-impact.ts jointPinnedVolumes).
      'no-quorum':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("{{schedulerTerm}}") until {{node}} is back and uncordoned. Until then {{workload}} has {{readyElsewhere}} Ready on other nodes, short of its quorum ({{quorum}}): it does not serve.',
      'last-replica':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("{{schedulerTerm}}") for the whole reboot, and no other Ready replica of {{workload}} serves meanwhile: it is down until {{node}} is back and uncordoned.',
      'no-quorum-lost':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it cannot run on another node and is down until {{node}} is back. Until then {{workload}} has {{readyElsewhere}} Ready on other nodes, short of its quorum ({{quorum}}): it does not serve.',
      'others-serve-lost':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it cannot run on another node and is down until {{node}} is back. {{workload}} keeps serving from its other Ready replicas ({{readyElsewhere}}).',
      'others-serve-lost_one':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it cannot run on another node and is down until {{node}} is back. {{workload}} keeps serving from its one other Ready replica.',
      'last-replica-lost':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): it cannot run on another node, and no other Ready replica of {{workload}} serves meanwhile: it is down until {{node}} is back.',
      'held-by-budget':
        '{{pod}} uses a volume that, of the nodes it may run on, only {{node}} can mount ({{provisioner}}: {{volumes}}): if the drains evict it, it stays Pending ("{{schedulerTerm}}") until {{node}} is uncordoned. PodDisruptionBudget {{pdbNamespace}}/{{pdb}} lets only {{allowed}} of these pods go, so {{workload}} keeps {{kept}} Ready serving.',
      unknown:
        'Pods on {{node}} use claims whose volumes are not in the snapshot ({{pods}}): whether a volume pins them to {{node}} is unknown, not judged.',
      unknown_one:
        'A pod on {{node}} uses a claim whose volume is not in the snapshot ({{pods}}): whether a volume pins it to {{node}} is unknown, not judged.',
    },
    'pdb-blocks': {
      // OpenShift's etcd quorum guard against a master's drain (src/analysis/quorum-guard.ts).
      'quorum-guard-drain':
        "A drain of {{node}} evicts its pod of OpenShift's etcd quorum guard ({{namespace}}/{{pdb}} PodDisruptionBudget, one pod per master, there to keep etcd quorum): the budget as recorded allows {{disruptionsAllowed}} master disruption(s) ({{currentHealthy}} healthy, {{desiredHealthy}} needed, by the budget's own count). The evicted guard pod runs on no other master, so no other master can be drained until {{node}} is uncordoned and its guard pod is Ready again.",
      'allows-writes-blocked':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s), but the eviction itself is a write and etcd refuses it.',
      'allows-node-dead':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s); its pods on {{node}} stay Terminating all the same ({{node}} is NotReady).',
      'allows-drain-first':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s); {{podsHere}} of its pods are on {{node}}, so the drain can evict them before the nodes go down, while quorum still holds.',
      'allows-drain-first_one':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows {{disruptionsAllowed}} disruption(s); 1 of its pods is on {{node}}, so the drain can evict it before the nodes go down, while quorum still holds.',
      'no-disruptions-unhealthy':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows no disruption now (disruptionsAllowed 0, {{currentHealthy}} healthy of {{desiredHealthy}} needed) because pods elsewhere are not Ready: {{down}}. Evicting {{pods}} is refused with HTTP 429 until they are.',
    },
    'ceph-loss': {
      'osd-below-min-size':
        "Ceph loses the OSDs of {{nodes}} ({{lost}}) while OSDs on other hosts are down already: {{down}}; Rook's budgets {{budgets}} allow nothing because Ceph's placement groups are not active+clean. With OSDs down on more than one host, the placement groups with copies on those hosts keep at most one copy, below min_size (Ceph defaults: size {{size}}, min_size {{minSize}}): I/O to them stops, and every volume with data there hangs, until an OSD is back. No PodDisruptionBudget holds a lost node back.",
      'osd-below-min-size-down':
        'Ceph loses the OSDs of {{nodes}} ({{lost}}) while OSDs on other hosts are down already: {{down}}. With OSDs down on more than one host, the placement groups with copies on those hosts keep at most one copy, below min_size (Ceph defaults: size {{size}}, min_size {{minSize}}): I/O to them stops, and every volume with data there hangs, until an OSD is back. No PodDisruptionBudget holds a lost node back.',
      'osd-below-min-size-together':
        'Ceph loses the OSDs of {{nodes}} together ({{lost}}): with OSDs down on more than one host, the placement groups with copies on those hosts keep at most one copy, below min_size (Ceph defaults: size {{size}}, min_size {{minSize}}): I/O to them stops, and every volume with data there hangs, until an OSD is back. No PodDisruptionBudget holds a lost node back.',
      'mon-quorum-lost':
        'Ceph loses its mon quorum: {{lost}} go down with {{nodes}} while {{down}} is down already, leaving {{left}} of {{total}} mons, short of the {{quorum}} a quorum needs. Without a mon quorum no client or OSD gets a cluster map and all Ceph I/O stops until a majority of mons is back.',
      'mon-quorum-lost-together':
        'Ceph loses its mon quorum: {{lost}} go down with {{nodes}}, leaving {{left}} of {{total}} mons, short of the {{quorum}} a quorum needs. Without a mon quorum no client or OSD gets a cluster map and all Ceph I/O stops until a majority of mons is back.',
    },
    'operator-budgets': {
      // The status (issue 16, reader5 F31): the same down daemons the node answers block on.
      'status-rook-down':
        'Ceph (run by Rook) is not healthy: {{down}} is not Ready. Its PodDisruptionBudgets allow no eviction now ({{pdbs}}): a drain of the nodes they cover waits until Ceph is healthy again (placement groups active+clean).',
      'status-rook-down_other':
        'Ceph (run by Rook) is not healthy: {{down}} are not Ready. Its PodDisruptionBudgets allow no eviction now ({{pdbs}}): a drain of the nodes they cover waits until Ceph is healthy again (placement groups active+clean).',
      'status-rook-down-no-budget':
        'Ceph (run by Rook) is not healthy: {{down}} is not Ready; Ceph serves from its other daemons with less redundancy until it is back.',
      'status-rook-down-no-budget_other':
        'Ceph (run by Rook) is not healthy: {{down}} are not Ready; Ceph serves from its other daemons with less redundancy until they are back.',
      'status-rook-recovering':
        "Ceph (run by Rook) is recovering: Rook's PodDisruptionBudgets allow no eviction now ({{pdbs}}), so a drain of the nodes they cover waits until its placement groups are active+clean.",
      'status-rook-healthy':
        'Ceph (run by Rook): {{mons}} mon and {{osds}} OSD daemons, all Ready. Rook runs one Deployment per daemon by design, each on its own node with its data; Ceph keeps serving from the others while one is down.',
      'rook-down':
        'PodDisruptionBudget {{namespace}}/{{pdb}} is managed by the Rook-Ceph operator and allows no eviction now: Ceph is not healthy because {{down}}. The drain waits until Ceph is healthy again (placement groups active+clean).',
      'rook-recovering':
        'PodDisruptionBudget {{namespace}}/{{pdb}} is managed by the Rook-Ceph operator and allows no eviction now: Ceph is still recovering from an earlier disruption (placement groups not active+clean yet). The drain waits until it is healthy.',
      'managed-down':
        'PodDisruptionBudget {{namespace}}/{{pdb}} is managed by an operator ({{manager}}) and allows no eviction now because pods elsewhere are not Ready: {{down}}.',
      managed:
        'PodDisruptionBudget {{namespace}}/{{pdb}} is managed by an operator ({{manager}}) and allows no eviction now: the drain waits until the operator allows it.',
    },
    'traffic-policy': {
      'local-policy':
        'Services with externalTrafficPolicy: Local send outside traffic only to their pods on the receiving node: {{services}}. When the pods on {{node}} stop, the load balancer keeps sending new connections to {{node}} until its health check fails there, and those connections fail.',
      'host-ports':
        "Pods on {{node}} serve on the node's own ports ({{ports}}; an ingress controller with hostPort/hostNetwork): {{pods}}. The load balancer keeps sending new connections to {{node}} until its health check fails there, and those connections fail.",
    },
    'dead-node-drain': {
      // The status (issue 16, reader5 F31): what the drain answer of a NotReady node names.
      'status-not-replaced':
        '{{node}} is NotReady (Ready={{ready}}); of its pods, not replaced elsewhere: {{pendingText}}. With no kubelet there to confirm that containers stopped, its pods stay on it (Terminating now: {{terminatingText}}) until {{node}} is back or they are deleted.',
      'not-ready':
        'A drain of {{node}} cannot complete while it is NotReady (Ready={{ready}}): the evictions are accepted, but no kubelet confirms that the containers stopped, so its pods stay Terminating and the drain waits for ever (Terminating now: {{terminatingText}}). Already replaced elsewhere: {{replacedText}}. Not replaced: {{pendingText}}.',
      // A node already dead in the answer about nodes lost (fate `lost`): no drain is involved.
      'not-ready-lost':
        '{{node}} is already NotReady (Ready={{ready}}): no kubelet confirms that its pods stopped, so they stay Terminating (Terminating now: {{terminatingText}}). Already replaced elsewhere: {{replacedText}}. Not replaced: {{pendingText}}.',
    },
    'safe-to-evict': {
      'not-safe':
        'Pods on {{node}} are marked not safe to evict by their owners (cluster-autoscaler.kubernetes.io/safe-to-evict: "false"): {{pods}}. The cluster autoscaler never evicts them, but the annotation is its own: a drain (kubectl drain {{node}}, or a maintenance by the bot) does not read it and evicts them all the same.',
      'not-safe_one':
        'A pod on {{node}} is marked not safe to evict by its owner (cluster-autoscaler.kubernetes.io/safe-to-evict: "false"): {{pods}}. The cluster autoscaler never evicts it, but the annotation is its own: a drain (kubectl drain {{node}}, or a maintenance by the bot) does not read it and evicts it all the same.',
    },
    'prior-cordon': {
      'by-other':
        '{{node}} is already cordoned (spec.unschedulable){{byText}}{{sinceText}}, not by this bot: someone took it out of scheduling for a reason of their own. Uncordoning it after the reboot would undo their cordon, so a maintenance by the bot leaves it cordoned.',
      'unknown-by':
        '{{node}} is already cordoned (spec.unschedulable){{sinceText}}, and the API does not say by whom. If someone else did it, uncordoning it after the reboot would undo their cordon, so a maintenance by the bot leaves it cordoned.',
      'by-other-lost':
        '{{node}} is already cordoned (spec.unschedulable){{byText}}{{sinceText}}, not by this bot: someone took it out of scheduling for a reason of their own; if it comes back, it stays cordoned until they uncordon it.',
      'unknown-by-lost':
        '{{node}} is already cordoned (spec.unschedulable){{sinceText}}, and the API does not say by whom; if it comes back, it stays cordoned until someone uncordons it.',
      'by-other-drain':
        '{{node}} is already cordoned (spec.unschedulable){{byText}}{{sinceText}}, not by this bot: someone took it out of scheduling for a reason of their own. Uncordoning it after the drain would undo their cordon, so a maintenance by the bot leaves it cordoned.',
      'unknown-by-drain':
        '{{node}} is already cordoned (spec.unschedulable){{sinceText}}, and the API does not say by whom. If someone else did it, uncordoning it after the drain would undo their cordon, so a maintenance by the bot leaves it cordoned.',
      'by-bot':
        "{{node}} is cordoned by this bot's maintenance{{sinceText}} (one that is running, or one that stopped and left it cordoned: see maintenance status).",
    },
    'concurrent-disruption': {
      // A failure of the node kured reboots: context, not its verdict (fate `lost`; reader5 F29).
      'kured-rebooting-here-lost':
        'kured holds its reboot lock (weave.works/kured-node-lock) for {{node}}{{markText}}: it may be cordoning, draining or rebooting {{node}} already. A failure is no action of yours and does not race with it.',
      'kured-pending-here-lost':
        'kured has marked {{node}} for a reboot (weave.works/kured-reboot-in-progress{{markAge}}): it may take it down at any moment. A failure is no action of yours and does not race with it.',
      'kured-rebooting-here':
        'kured is rebooting {{node}} now: it holds its reboot lock (weave.works/kured-node-lock) for it{{markText}}. kured cordons and drains {{node}}, reboots it, uncordons it and releases the lock; a reboot or drain of your own now races with it.',
      'kured-lock-held-here':
        'kured holds its reboot lock (weave.works/kured-node-lock) for {{node}}, which is still Ready, schedulable and not marked: kured may cordon, drain and reboot it at any moment, then uncordon it and release the lock; a reboot or drain of your own now races with it.',
      'kured-pending-here':
        "kured has marked {{node}} for a reboot (weave.works/kured-reboot-in-progress{{markAge}}) and reboots it as soon as it holds its lock: a reboot of your own now duplicates or races with kured's.",
    },
    'workloads-on-control-plane': {
      'system-writes-blocked':
        'Add-on pods on {{node}} ({{pods}}) cannot be evicted while etcd refuses writes: they stop with the node and are not rescheduled elsewhere.',
      'system-writes-blocked_one':
        'The add-on pod on {{node}} ({{pods}}) cannot be evicted while etcd refuses writes: it stops with the node and is not rescheduled elsewhere.',
      'system-node-dead':
        'Add-on pods on {{node}} ({{pods}}) are stuck with it: {{node}} is NotReady, so a drain cannot evict them (they stay Terminating).',
      'system-node-dead_one':
        'The add-on pod on {{node}} ({{pods}}) is stuck with it: {{node}} is NotReady, so a drain cannot evict it (it stays Terminating).',
      'system-writes-blocked-drain':
        'Add-on pods on {{node}} ({{pods}}) cannot be evicted while etcd refuses writes: the drain fails, and they keep running on {{node}}.',
      'system-writes-blocked-drain_one':
        'The add-on pod on {{node}} ({{pods}}) cannot be evicted while etcd refuses writes: the drain fails, and it keeps running on {{node}}.',
      'system-drain-first':
        'Add-on pods on {{node}} ({{pods}}) are evicted by the drain before the nodes go down, while quorum still holds, and rescheduled.',
      'system-drain-first_one':
        'The add-on pod on {{node}} ({{pods}}) is evicted by the drain before the nodes go down, while quorum still holds, and rescheduled.',
    },
    'single-replica': {
      'spread-writes-blocked':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the {{readyElsewhere}} Ready on other nodes keep serving, and the one on {{node}} is not replaced elsewhere while etcd refuses writes.',
      'spread-writes-blocked_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the one Ready on another node keeps serving, and the one on {{node}} is not replaced elsewhere while etcd refuses writes.',
      'spread-node-dead':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} pod(s) on {{node}}, which is NotReady; {{readyElsewhere}} Ready on other nodes keep serving.',
      'spread-node-dead_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} pod(s) on {{node}}, which is NotReady; 1 Ready on another node keeps serving.',
      'spread-drain-first':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the drain evicts it before the nodes go down, while quorum still holds, and the {{readyElsewhere}} Ready on other nodes keep serving while it is rescheduled.',
      'spread-drain-first_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the drain evicts it before the nodes go down, while quorum still holds, and the one Ready on another node keeps serving while it is rescheduled.',
    },
    'grace-period': {
      'estimate-writes-blocked':
        'A drain would have to evict {{evictable}} pods, and every eviction is a write: etcd refuses it, so the drain fails.',
      'estimate-writes-blocked_one':
        'A drain would have to evict 1 pod, and an eviction is a write: etcd refuses it, so the drain fails.',
      'estimate-node-dead':
        'A drain would ask to evict {{evictable}} pods on {{node}} but cannot complete: they stay Terminating until its kubelet confirms or they are deleted.',
      'estimate-node-dead_one':
        'A drain would ask to evict the pod on {{node}} but cannot complete: it stays Terminating until its kubelet confirms or it is deleted.',
      'estimate-drain-first':
        'The drain evicts {{count}} pods before the nodes go down, while quorum still holds; the longest terminationGracePeriodSeconds is {{seconds}} s.',
      'estimate-drain-first_one':
        'The drain evicts 1 pod before the nodes go down, while quorum still holds; its terminationGracePeriodSeconds is {{seconds}} s.',
    },
    capacity: {
      'fits-writes-blocked':
        'The other Ready, schedulable nodes would have room for the {{evictable}} pods, but none can be created there while etcd refuses writes.',
      'fits-writes-blocked_one':
        'The other Ready, schedulable nodes would have room for the pod, but it cannot be created there while etcd refuses writes.',
    },
    'control-plane-healthy-for-worker': {
      'writes-blocked':
        "The API servers answer, but etcd refuses writes (its alarm): after a reboot {{node}} cannot renew its Lease or report its pods' status until the alarm is cleared.",
      'writes-blocked-lost':
        'The API servers answer, but etcd refuses writes (its alarm): until the alarm is cleared, a lost {{node}} is not marked NotReady and its pods are not replaced elsewhere (both are writes).',
    },
    'control-plane-endpoint': {
      'vip-moves':
        '{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}): when it reboots the VIP moves to another kube-vip node ({{standbys}}). Every client that reaches the API through the VIP (kubelets, controllers, kubectl) sees an interruption of a few seconds, and the failover is not guaranteed.',
      'vip-moves-no-quorum':
        '{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}), and kube-vip elects its next holder by writing that Lease through the API server: without etcd quorum nothing can be written, so the VIP does not move to another kube-vip node ({{standbys}}). Every client that reaches the API through the VIP loses it until quorum is back.',
      'vip-moves-writes-blocked':
        '{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}), and kube-vip elects its next holder by writing that Lease through the API server: while etcd refuses writes no other kube-vip node ({{standbys}}) can take it, so every client that reaches the API through the VIP loses it for the whole reboot.',
      'vip-none-left':
        '{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}) and no other Ready node runs kube-vip: the VIP is gone for the whole reboot, and every client that reaches the API through it loses the API, although other API servers run.',
      'keepalived-here':
        '{{node}} runs keepalived, which may hold the control-plane VIP: if it does, the VIP moves to another keepalived node ({{standbys}}) when {{node}} reboots. Every client that reaches the API through the VIP sees an interruption of a few seconds, and the failover is not guaranteed.',
      'keepalived-none-left':
        '{{node}} runs the only keepalived of a Ready node: the control-plane VIP has nowhere to move, and every client that reaches the API through it loses the API for the whole reboot.',
      // A restart of the kube-apiserver on the VIP holder (issue 16, reader6 B1): kube-vip reaches the
      // API through its own node's API server (kube-vip pkg/manager/manager.go) and elects the VIP's
      // holder through its Lease (https://kube-vip.io/docs/about/architecture/).
      'vip-apiserver-down':
        "{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}): every connection to the VIP reaches {{node}}'s own API server, so every client that reaches the API through the VIP (kubelets, controllers, kubectl) gets errors while it is down. kube-vip on {{node}} renews its Lease through that same API server: once its renew deadline passes it gives the VIP up and another kube-vip node ({{standbys}}) takes it, a move that is not guaranteed.",
      'vip-apiserver-down-alone':
        "{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}) and no other Ready node runs kube-vip: every connection to the VIP reaches {{node}}'s own API server, so every client that reaches the API through the VIP gets errors until it is restarted, although other API servers run.",
      'vip-apiserver-down-writes-blocked':
        "{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}): every connection to the VIP reaches {{node}}'s own API server, and while etcd refuses writes no other kube-vip node ({{standbys}}) can take the Lease, so every client that reaches the API through the VIP gets errors until that API server is restarted and ready.",
      'vip-apiserver-restart':
        "{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}): every connection to the VIP reaches {{node}}'s own API server, so every client that reaches the API through the VIP (kubelets, controllers, kubectl) gets errors while it restarts. kube-vip on {{node}} renews its Lease through that same API server: if the restart outlasts its renew deadline it gives the VIP up and another kube-vip node ({{standbys}}) takes it, a move that is not guaranteed either.",
      'vip-apiserver-restart-alone':
        "{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}) and no other Ready node runs kube-vip: every connection to the VIP reaches {{node}}'s own API server, so every client that reaches the API through the VIP gets errors until it is ready again, although other API servers run.",
      'vip-apiserver-restart-writes-blocked':
        "{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}): every connection to the VIP reaches {{node}}'s own API server, and while etcd refuses writes no other kube-vip node ({{standbys}}) can take the Lease, so every client that reaches the API through the VIP gets errors until that API server is ready again.",
    },
  },
  advice: {
    'dead-node-drain': {
      'not-ready':
        'Do not wait on a drain of {{node}}. If it can come back (kubelet stopped, network cut), bring it back first and ask again: a drain then completes. If it is powered off for good, make sure it is off (never while it is restarting), then mark it out of service (kubectl taint nodes {{node}} {{taint}}=nodeshutdown:NoExecute): its pods are deleted and their volumes detached, so their controllers start them elsewhere; remove the taint once {{node}} is back (kubectl taint nodes {{node}} {{taint}}-).',
      'not-ready-no-out-of-service':
        'Do not wait on a drain of {{node}}. If it can come back (kubelet stopped, network cut), bring it back first and ask again: a drain then completes. If it is powered off for good, make sure it is off, then delete its Node object (kubectl delete node {{node}}): its pods are deleted and their controllers start them elsewhere; its kubelet registers it again when it comes back.',
      'not-ready-lost':
        'If {{node}} can come back (kubelet stopped, network cut), bring it back first. If it is powered off for good, make sure it is off (never while it is restarting), then mark it out of service (kubectl taint nodes {{node}} {{taint}}=nodeshutdown:NoExecute): its pods are deleted and their volumes detached, so their controllers start them elsewhere; remove the taint once {{node}} is back (kubectl taint nodes {{node}} {{taint}}-).',
      'not-ready-no-out-of-service-lost':
        'If {{node}} can come back (kubelet stopped, network cut), bring it back first. If it is powered off for good, make sure it is off, then delete its Node object (kubectl delete node {{node}}): its pods are deleted and their controllers start them elsewhere; its kubelet registers it again when it comes back.',
    },
    'safe-to-evict': {
      'not-safe':
        'Ask the owners of {{pods}} whether they may be evicted now (a job or a backup may need to finish first): the drain does not wait for them.',
      'not-safe_one':
        'Ask the owner of {{pods}} whether it may be evicted now (a job or a backup may need to finish first): the drain does not wait for it.',
    },
    'prior-cordon': {
      'by-other':
        'Ask who cordoned {{node}} and why before the reboot (the manager of spec.unschedulable: kubectl get node {{node}} --show-managed-fields --output=yaml); uncordon it afterwards only if they agree (kubectl uncordon {{node}}).',
      'unknown-by':
        'Ask who cordoned {{node}} and why before the reboot; uncordon it afterwards only if they agree (kubectl uncordon {{node}}).',
      'by-other-drain':
        'Ask who cordoned {{node}} and why before you drain it (the manager of spec.unschedulable: kubectl get node {{node}} --show-managed-fields --output=yaml); uncordon it afterwards only if they agree (kubectl uncordon {{node}}).',
      'unknown-by-drain':
        'Ask who cordoned {{node}} and why before you drain it; uncordon it afterwards only if they agree (kubectl uncordon {{node}}).',
      // A failed node (what-if, fate lost): no reboot to ask before (reader5 F2).
      'by-other-lost':
        'Ask who cordoned {{node}} and why (the manager of spec.unschedulable: kubectl get node {{node}} --show-managed-fields --output=yaml): if it comes back it stays cordoned; uncordon it only if they agree (kubectl uncordon {{node}}).',
      'unknown-by-lost':
        'Ask who cordoned {{node}} and why: if it comes back it stays cordoned; uncordon it only if they agree (kubectl uncordon {{node}}).',
    },
    'concurrent-disruption': {
      'kured-rebooting-here':
        'Let kured finish: wait until it has rebooted {{node}}, uncordoned it and released its lock (the weave.works/kured-reboot-in-progress annotation is gone), then ask again.',
      'kured-lock-held-here':
        'Let kured do it: wait until it has rebooted {{node}}, uncordoned it and released its lock, then ask again.',
      'kured-pending-here':
        "Let kured do this reboot (wait until the annotation is gone), or take {{node}} out of kured's hands first (remove its reboot sentinel, /var/run/reboot-required by default), then ask again.",
    },
    'control-plane-endpoint': {
      'vip-moves':
        'Move the VIP first: stop kube-vip on {{node}} by moving its static pod manifest out of /etc/kubernetes/manifests (the kubelet then stops the pod), wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder and the API answers through the VIP, then reboot; put the manifest back afterwards.',
      'vip-moves-daemonset-label':
        'Move the VIP first. kube-vip runs here as DaemonSet {{daemonSet}}: deleting its pod does not move the VIP, since the DaemonSet recreates the pod on {{node}}, cordoned or not. Take {{node}} out of its node selector instead (kubectl label node {{node}} {{labelKey}}-): the DaemonSet controller then deletes its pod there, and any other workload that selects on {{labelKey}} leaves {{node}} too. Wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder and the API answers through the VIP, then reboot; afterwards put the label back (kubectl label node {{node}} {{labelKey}}={{labelValue}}).',
      'vip-moves-daemonset':
        "Move the VIP first, but not by deleting the kube-vip pod: it runs as DaemonSet {{daemonSet}}, which recreates the pod on {{node}}, cordoned or not, and its pods carry no node selector that {{node}} could stop matching by one label. Make {{node}} stop matching the DaemonSet's node affinity (kubectl -n {{daemonSetNamespace}} get daemonset {{daemonSetName}} --output=yaml shows it), wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder, then reboot; otherwise plan for the interruption.",
      'vip-moves-unknown':
        "Move the VIP first: stop kube-vip on {{node}} (its pod is not in the data: for a static pod, move its manifest out of /etc/kubernetes/manifests; for a DaemonSet, deleting the pod does not help, since the DaemonSet recreates it on {{node}}: take {{node}} out of the DaemonSet's node selector), wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder and the API answers through the VIP, then reboot; put it back afterwards.",
      'vip-none-left':
        'Run kube-vip on another control-plane node first (its static pod manifest), and move the VIP there before the reboot.',
      'keepalived-here':
        'Move the VIP first: stop keepalived on {{node}} (move its static pod manifest out of /etc/kubernetes/manifests), check that the API answers through the VIP from another node, then reboot; put the manifest back afterwards.',
      'keepalived-none-left':
        'Run keepalived on another control-plane node first, and move the VIP there before the reboot.',
      'vip-apiserver-restart':
        'Move the VIP first: stop kube-vip on {{node}} by moving its static pod manifest out of /etc/kubernetes/manifests (the kubelet then stops the pod), wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder and the API answers through the VIP, then restart the API server; put the manifest back afterwards.',
      'vip-apiserver-restart-daemonset-label':
        'Move the VIP first. kube-vip runs here as DaemonSet {{daemonSet}}: deleting its pod does not move the VIP, since the DaemonSet recreates the pod on {{node}}, cordoned or not. Take {{node}} out of its node selector instead (kubectl label node {{node}} {{labelKey}}-): the DaemonSet controller then deletes its pod there, and any other workload that selects on {{labelKey}} leaves {{node}} too. Wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder and the API answers through the VIP, then restart the API server; afterwards put the label back (kubectl label node {{node}} {{labelKey}}={{labelValue}}).',
      'vip-apiserver-restart-daemonset':
        "Move the VIP first, but not by deleting the kube-vip pod: it runs as DaemonSet {{daemonSet}}, which recreates the pod on {{node}}, cordoned or not, and its pods carry no node selector that {{node}} could stop matching by one label. Make {{node}} stop matching the DaemonSet's node affinity (kubectl -n {{daemonSetNamespace}} get daemonset {{daemonSetName}} --output=yaml shows it), wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder, then restart the API server; otherwise plan for the interruption.",
      'vip-apiserver-restart-unknown':
        "Move the VIP first: stop kube-vip on {{node}} (its pod is not in the data: for a static pod, move its manifest out of /etc/kubernetes/manifests; for a DaemonSet, deleting the pod does not help, since the DaemonSet recreates it on {{node}}: take {{node}} out of the DaemonSet's node selector), wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder and the API answers through the VIP, then restart the API server; put it back afterwards.",
      'vip-apiserver-restart-alone':
        'Run kube-vip on another control-plane node first (its static pod manifest) and move the VIP there before the restart, or plan a short window for every client of the VIP.',
    },
    'pdb-blocks': {
      'no-disruptions-unhealthy':
        'Fix {{down}} first (or wait until it is Ready again); then {{pdb}} allows the eviction.',
    },
    'ceph-loss': {
      'osd-below-min-size':
        'Bring {{down}} back first (ceph status must show HEALTH_OK, all placement groups active+clean): until then Ceph cannot lose another host. Do not edit or delete the Rook budgets: the operator manages them.',
      'osd-below-min-size-down':
        'Bring {{down}} back first (ceph status must show HEALTH_OK, all placement groups active+clean): until then Ceph cannot lose another host.',
      'osd-below-min-size-together':
        'Take the hosts with OSDs one at a time, each back and Ceph active+clean again before the next.',
      'mon-quorum-lost':
        'Bring {{down}} back first (ceph status must show all mons in quorum): until then Ceph cannot lose another mon.',
      'mon-quorum-lost-together':
        'Take the hosts with mons one at a time, each mon back in quorum (ceph status) before the next.',
    },
    'operator-budgets': {
      'rook-down':
        'Bring {{down}} back first (ceph status must show HEALTH_OK, all placement groups active+clean); do not edit or delete {{pdb}}: the operator manages it and recreates it.',
      'rook-recovering':
        'Wait for Ceph to finish recovering (ceph status: all placement groups active+clean); do not edit or delete {{pdb}}: the operator manages it.',
      'managed-down': 'Bring {{down}} back first; do not edit {{pdb}}: {{manager}} manages it.',
      managed: 'Wait for {{manager}} to allow the disruption; do not edit {{pdb}}: the operator manages it.',
    },
    'pinned-volumes': {
      'no-quorum':
        'Expect {{workload}} to be down until {{pod}} runs again on {{node}}: uncordon {{node}} as soon as it is back. For planned work, take these nodes one at a time.',
      'no-quorum-lost':
        'Expect {{workload}} to be down until {{pod}} runs again on {{node}}, once {{node}} is back. For planned work, take these nodes one at a time.',
      'others-serve-prior-cordon':
        'Expect {{pod}} to stay Pending until {{node}} is back and uncordoned; {{node}} was cordoned before by someone else, so uncordon it only when they agree.',
      'last-replica-prior-cordon':
        'Plan downtime for {{workload}} (its data lives on {{node}} only), or move it to replicated storage first; {{node}} was cordoned before by someone else, so {{pod}} starts again only once they uncordon it.',
      'others-serve':
        'Expect {{pod}} to stay Pending until {{node}} is back; uncordon {{node}} right after the reboot so it can start again.',
      'last-replica':
        'Plan downtime for {{workload}} (its data lives on {{node}} only), or move it to replicated storage first; uncordon {{node}} right after the reboot.',
      'others-serve-lost':
        'Expect {{pod}} to be down until {{node}} is back; if {{node}} is lost for good, its data is lost with it: restore {{workload}} from its other replicas or a backup.',
      'last-replica-lost':
        'Plan for {{workload}} being down until {{node}} is back (its data lives on {{node}} only), or move it to replicated storage first.',
      'others-serve-drain':
        'Expect {{pod}} to stay Pending while {{node}} is cordoned; uncordon {{node}} as soon as your work on it is done so it can start again.',
      'last-replica-drain':
        'Plan downtime for {{workload}} (its data lives on {{node}} only), or move it to replicated storage first; uncordon {{node}} as soon as your work on it is done.',
    },
    'traffic-policy': {
      'local-policy':
        'Take {{node}} out of the load balancer first (kubectl label node {{node}} {{label}}=true, and wait until the load balancer drops it), or give the pods a preStop delay longer than the health check needs to fail; remove the label after the reboot (kubectl label node {{node}} {{label}}-).',
      'host-ports':
        'Take {{node}} out of the load balancer first (kubectl label node {{node}} {{label}}=true, and wait until the load balancer drops it), or give the pods a preStop delay longer than the health check needs to fail; remove the label after the reboot (kubectl label node {{node}} {{label}}-).',
      'local-policy-lost':
        "Keep the load balancer's health check on {{node}} short: a lost node gets new connections, which fail, until the check marks it down. For planned work, take it out first (kubectl label node {{node}} {{label}}=true).",
      'host-ports-lost':
        "Keep the load balancer's health check on {{node}} short: a lost node gets new connections, which fail, until the check marks it down. For planned work, take it out first (kubectl label node {{node}} {{label}}=true).",
      'local-policy-drain':
        'Take {{node}} out of the load balancer first (kubectl label node {{node}} {{label}}=true, and wait until the load balancer drops it), or give the pods a preStop delay longer than the health check needs to fail; remove the label once you uncordon {{node}} (kubectl label node {{node}} {{label}}-).',
      'host-ports-drain':
        'Take {{node}} out of the load balancer first (kubectl label node {{node}} {{label}}=true, and wait until the load balancer drops it), or give the pods a preStop delay longer than the health check needs to fail; remove the label once you uncordon {{node}} (kubectl label node {{node}} {{label}}-).',
    },
    'workloads-on-control-plane': {
      'user-all-control-plane':
        // Not "move to the other nodes" beside "nowhere else to run" (issue 16, reader4: s07).
        'Drain {{node}} first so its workloads move to the other nodes, which are control-plane nodes too (every node here is one): keep the NoSchedule taint off them, or the workloads have nowhere to run.',
      'user-all-control-plane-only-node':
        '{{node}} is the only node, so its workloads have nowhere else to run: plan their downtime in a window, and keep the NoSchedule taint off.',
      // The node has the control-plane taint already: the workloads tolerate it (issue 16, real 01).
      'user-tainted':
        'Drain {{node}} first so its workloads move: they tolerate its control-plane NoSchedule taint, so the taint does not keep them off.',
      'user-tainted-lost':
        'Move ordinary workloads off {{node}} ahead of a failure (drain it; they tolerate its control-plane NoSchedule taint, so the taint does not keep them off): pods on a failed node are down with it.',
      'user-all-control-plane-lost':
        'Spread the workloads on {{node}} over the other control-plane nodes ahead of a failure (every node here is one; keep the NoSchedule taint off them): pods on a failed node are down with it.',
      // A drain answer: the drain moves them; what is left is keeping them from coming back.
      'user-drain':
        'Before you uncordon {{node}}, consider restoring the control-plane NoSchedule taint, so that ordinary workloads do not come back to it.',
      'user-all-control-plane-drain':
        'Every node here is a control plane, so the workloads drained from {{node}} can only run on the other control-plane nodes: keep the NoSchedule taint off them.',
    },
  },
};
