/**
 * English texts of the checks beyond the first checklist (volumes, traffic, VIPs, storage operators),
 * merged into `checks` and `advice` of ./en.ts by ../i18n.ts. Sources are named at each check
 * (src/analysis/volume-checks.ts, traffic-checks.ts, budget-checks.ts).
 */
export const enVerdict = {
  checks: {
    'pinned-volumes': {
      'others-serve':
        '{{pod}} uses a volume only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("volume node affinity conflict") for the whole reboot, until {{node}} is back and uncordoned. {{workload}} keeps serving from its other Ready replicas ({{readyElsewhere}}).',
      'others-serve_one':
        '{{pod}} uses a volume only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("volume node affinity conflict") for the whole reboot, until {{node}} is back and uncordoned. {{workload}} keeps serving from its one other Ready replica.',
      'last-replica':
        '{{pod}} uses a volume only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("volume node affinity conflict") for the whole reboot, and no other Ready replica of {{workload}} serves meanwhile: it is down until {{node}} is back and uncordoned.',
      unknown:
        'Pods on {{node}} use claims whose volumes are not in the snapshot ({{pods}}): whether a volume pins them to {{node}} is unknown, not judged.',
    },
    'pdb-blocks': {
      'no-disruptions-unhealthy':
        'PodDisruptionBudget {{namespace}}/{{pdb}} allows no disruption now (disruptionsAllowed 0, {{currentHealthy}} healthy of {{desiredHealthy}} needed) because pods elsewhere are not Ready: {{down}}. Evicting {{pods}} is refused with HTTP 429 until they are.',
    },
    'operator-budgets': {
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
    'control-plane-endpoint': {
      'vip-moves':
        '{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}): when it reboots the VIP moves to another kube-vip node ({{standbys}}). Every client that reaches the API through the VIP (kubelets, controllers, kubectl) sees an interruption of a few seconds, and the failover is not guaranteed.',
      'vip-none-left':
        '{{node}} holds the control-plane VIP (kube-vip, Lease {{lease}}) and no other Ready node runs kube-vip: the VIP is gone for the whole reboot, and every client that reaches the API through it loses the API, although other API servers run.',
      'keepalived-here':
        '{{node}} runs keepalived, which may hold the control-plane VIP: if it does, the VIP moves to another keepalived node ({{standbys}}) when {{node}} reboots. Every client that reaches the API through the VIP sees an interruption of a few seconds, and the failover is not guaranteed.',
      'keepalived-none-left':
        '{{node}} runs the only keepalived of a Ready node: the control-plane VIP has nowhere to move, and every client that reaches the API through it loses the API for the whole reboot.',
    },
  },
  advice: {
    'control-plane-endpoint': {
      'vip-moves':
        'Move the VIP first: stop kube-vip on {{node}} (move its static pod manifest out of /etc/kubernetes/manifests, or cordon {{node}} and delete its kube-vip pod for a DaemonSet), wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder and the API answers through the VIP, then reboot; put the manifest back afterwards.',
      'vip-none-left':
        'Run kube-vip on another control-plane node first (its static pod manifest), and move the VIP there before the reboot.',
      'keepalived-here':
        'Move the VIP first: stop keepalived on {{node}} (move its static pod manifest out of /etc/kubernetes/manifests), check that the API answers through the VIP from another node, then reboot; put the manifest back afterwards.',
      'keepalived-none-left':
        'Run keepalived on another control-plane node first, and move the VIP there before the reboot.',
    },
    'pdb-blocks': {
      'no-disruptions-unhealthy':
        'Fix {{down}} first (or wait until it is Ready again); then {{pdb}} allows the eviction.',
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
      'others-serve':
        'Expect {{pod}} to stay Pending until {{node}} is back; uncordon {{node}} right after the reboot so it can start again.',
      'last-replica':
        'Plan downtime for {{workload}} (its data lives on {{node}} only), or move it to replicated storage first; uncordon {{node}} right after the reboot.',
    },
    'traffic-policy': {
      'local-policy':
        'Take {{node}} out of the load balancer first (kubectl label node {{node}} {{label}}=true, and wait until the load balancer drops it), or give the pods a preStop delay longer than the health check needs to fail; remove the label after the reboot (kubectl label node {{node}} {{label}}-).',
      'host-ports':
        'Take {{node}} out of the load balancer first (kubectl label node {{node}} {{label}}=true, and wait until the load balancer drops it), or give the pods a preStop delay longer than the health check needs to fail; remove the label after the reboot (kubectl label node {{node}} {{label}}-).',
    },
    'workloads-on-control-plane': {
      'user-all-control-plane':
        'Drain {{node}} first so its workloads move to the other nodes; every node here is a control plane, so they have nowhere else to run: keep the NoSchedule taint off.',
    },
  },
};
