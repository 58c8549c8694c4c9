/**
 * English texts of what stops for other workloads while the node is down (issue 29): known
 * add-ons (src/analysis/addons-table.ts, each row's source there), MetalLB's layer 2 announcer
 * (src/analysis/network-controllers.ts) and CSI controllers (src/analysis/storage-controllers.ts).
 * Merged into `checks` and `advice` by ../i18n.ts; `addonStops.<id>` completes
 * `checks.cluster-addons.all-here`.
 */
export const enAddons = {
  checks: {
    // A plain reboot of a NotReady node (src/analysis/dead-node-reboot.ts).
    'dead-node-drain': {
      'reboot-remedy':
        '{{node}} is NotReady (Ready={{ready}}): it is out of the data plane already, so the reboot is the remedy here, not a risk: it takes nothing more away, and it is how a node whose kubelet or machine hung comes back. No drain first: a drain cannot complete while no kubelet confirms that containers stopped (its pods would only stay Terminating). Its pods (Terminating now: {{terminatingText}}): already replaced elsewhere: {{replacedText}}; not replaced: {{pendingText}}; those wait for {{node}} to come back, its kubelet then confirming that the old pods stopped.',
    },
    'etcd-quorum-after': {
      'external-kept':
        'The external etcd has {{healthy}} of {{voters}} members healthy (quorum {{quorum}}, {{spare}} more failure(s) tolerated){{downText}}; rebooting {{node}} takes none of them down.',
      'external-no-spare':
        'The external etcd has no failure tolerance left: {{healthy}} of {{voters}} members healthy, exactly its quorum of {{quorum}}{{downText}}. Rebooting {{node}} takes no member down, but while the change happens one more member lost (a host, a network cut) stops every write cluster-wide.',
      'lost-external':
        'The external etcd has lost quorum already: {{healthy}} of {{voters}} members healthy, short of its quorum of {{quorum}}{{downText}}. Nothing can be written cluster-wide until a majority is back.',
    },
    'etcd-leader': {
      unknown:
        "The etcd leader is not known: etcd itself was not read (no etcd entry for this cluster in the bot's configuration), so member health, leader and alarms come from the etcd pods only. To have them read from etcd, give this cluster an etcd entry (the etcd CA, a client certificate and its key; docs/clusters.md, 'Reading etcd directly').",
    },
    'cluster-addons': {
      'all-here':
        'Add-ons other workloads depend on have every Ready replica on {{node}}; until a replacement is Ready on another node: {{addonsText}}',
      'all-here_one':
        'An add-on other workloads depend on has every Ready replica on {{node}}; until a replacement is Ready on another node: {{addonsText}}',
    },
    'network-controllers': {
      'l2-announcer':
        "MetalLB's speaker on {{node}} announces the LoadBalancer IPs of {{services}} ({{ips}}; layer 2: all their traffic enters through {{node}}). When {{node}} goes down another node's speaker takes the IPs over and sends gratuitous ARP: clients that honour it reconnect within seconds, others only once their ARP cache expires, and connections open through {{node}} break.",
      'l2-unknown':
        "MetalLB's speaker runs on {{node}} and LoadBalancer Services have IPs ({{services}}), but which node announces each IP is not known (no ServiceL2Status read: MetalLB before 0.14, BGP mode, or not allowed): if it is {{node}}, its IPs move to another node when it goes down.",
    },
    'csi-controller': {
      'all-here':
        'The CSI controller {{workload}} of driver {{driver}} has every Ready replica on {{node}}: until a replacement is Ready on another node, no volume of {{driver}} is attached, detached or provisioned. Pods moved from {{node}} with such volumes wait in ContainerCreating ("timed out waiting for external-attacher"){{podsText}}.{{attachedText}}',
      'all-here-no-attach':
        'The CSI controller {{workload}} of driver {{driver}} has every Ready replica on {{node}}: until a replacement is Ready on another node, no new volume of {{driver}} is provisioned (its CSIDriver needs no attach, so moved pods mount their volumes as before).',
      'all-here-unknown-driver':
        'The CSI controller {{workload}} has every Ready replica on {{node}}: until a replacement is Ready on another node, volumes of its driver are not attached or provisioned; which driver it serves is not known (no CSIDriver or PersistentVolume names it), so the pods that wait are not named.',
    },
  },
  advice: {
    'etcd-quorum-after': {
      'external-no-spare':
        'Bring the etcd members that are down back first ({{down}}), or replace them (remove a dead member, then add a new one), then do the change: with a member down, etcd has no margin for anything else going wrong.',
      'lost-external':
        'Restore the external etcd members ({{down}}) first: until a majority answers, no change can be made.',
    },
    'dead-node-drain': {
      'reboot-remedy':
        'Reboot {{node}} without draining it (through its console or power management if it does not answer). After the reboot check that {{node}} is Ready (kubectl get node {{node}}), that its Terminating pods are gone and the pods not replaced run again (kubectl get pods --all-namespaces --output=wide --field-selector=spec.nodeName={{node}}). If it does not come back, make sure it is powered off, then mark it out of service (kubectl taint nodes {{node}} {{taint}}=nodeshutdown:NoExecute) so its StatefulSet pods start elsewhere; remove the taint once it is back (kubectl taint nodes {{node}} {{taint}}-).',
      'reboot-remedy-no-out-of-service':
        'Reboot {{node}} without draining it (through its console or power management if it does not answer). After the reboot check that {{node}} is Ready (kubectl get node {{node}}), that its Terminating pods are gone and the pods not replaced run again (kubectl get pods --all-namespaces --output=wide --field-selector=spec.nodeName={{node}}). If it does not come back, make sure it is powered off, then delete its Node object (kubectl delete node {{node}}) so its StatefulSet pods start elsewhere; its kubelet registers it again when it comes back.',
    },
    'cluster-addons': {
      'all-here':
        'Give each of {{workloadsText}} a second replica on another node (more replicas, spread by pod anti-affinity or topology spread constraints), so that they keep serving while {{node}} is down.',
      'all-here_one':
        'Give {{workloadsText}} a second replica on another node (more replicas, spread by pod anti-affinity or topology spread constraints), so that it keeps serving while {{node}} is down.',
    },
    'network-controllers': {
      'l2-announcer':
        'Move the IPs off {{node}} before the reboot, so the failover is planned rather than detected: kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers=true (MetalLB stops announcing from it), wait until the IPs are announced elsewhere, and remove the label after the reboot (kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers-).',
      'l2-announcer-drain':
        'Move the IPs off {{node}} before you drain it, so the failover is planned rather than detected: kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers=true (MetalLB stops announcing from it), wait until the IPs are announced elsewhere, and remove the label once you uncordon {{node}} (kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers-).',
      'l2-announcer-lost':
        'When {{node}} fails, MetalLB moves its IPs on its own once memberlist notices; clients that ignore gratuitous ARP keep sending to {{node}} until their ARP cache expires. For planned work, take it out first (kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers=true).',
    },
    'csi-controller': {
      'all-here':
        'Give {{workload}} a second replica on another node (or wait until one is Ready elsewhere), so that volumes of {{driver}} are attached and detached while {{node}} is down.',
      'all-here-no-attach':
        'Give {{workload}} a second replica on another node, or expect new claims of {{driver}} to stay Pending while {{node}} is down.',
      'all-here-unknown-driver':
        'Give {{workload}} a second replica on another node (or wait until one is Ready elsewhere), so that volumes are attached and provisioned while {{node}} is down.',
    },
  },
  /** Parts of the csi-controller sentence. */
  addonDerived: {
    addon: '{{workload}} ({{name}}): {{stops}}',
    csiPods: ': {{pods}}',
    csiAttachedUnknown:
      ' Which volumes are attached to {{node}} is not known (VolumeAttachments were not read).',
    csiAttached:
      ' Volumes of {{driver}} attached to {{node}} (VolumeAttachments): {{volumes}}; each is detached only once its pod is gone, and its pod starts elsewhere only after that.',
  },
  /** What stops for others while each add-on is down (the row's source in src/analysis/addons-table.ts). */
  addonStops: {
    'kube-dns':
      'in-cluster DNS names do not resolve for any pod (answers already cached last until their TTL ends).',
    coredns:
      'in-cluster DNS names do not resolve for any pod (answers already cached last until their TTL ends).',
    'metrics-server':
      'the metrics API (v1beta1.metrics.k8s.io) is unavailable: HorizontalPodAutoscalers on CPU and memory stop scaling, kubectl top fails, and deleting a namespace waits on the unavailable API.',
    'cert-manager':
      'no certificate is issued or renewed (certificates already issued keep working until they expire).',
    'cert-manager-webhook':
      "the API server refuses to create or change cert-manager's resources (Certificates, Issuers): its webhook fails closed (failurePolicy: Fail).",
    kyverno:
      'the requests its webhooks cover are refused where they fail closed (failurePolicy: Fail), pod creation included, the drain’s replacement pods too; where they fail open (Ignore) policies are skipped meanwhile.',
    gatekeeper:
      'the requests its webhook covers are refused if it fails closed (failurePolicy: Fail), or pass unchecked if it fails open (Ignore, its default).',
    istiod:
      'new pods in namespaces with sidecar injection are refused (the injector webhook fails closed), and the proxies get no configuration changes (they keep the last one).',
    'external-dns':
      'no DNS record of a Service or Ingress is created, changed or deleted (existing records stay).',
    'sealed-secrets': 'no SealedSecret created or changed meanwhile is unsealed into its Secret.',
    argocd: 'Argo CD neither syncs applications nor detects drift.',
    flux: 'Flux neither fetches sources nor applies changes.',
    'cluster-autoscaler':
      'no node is added: pods with no room elsewhere, the drain’s included, stay Pending until it is back.',
    'cilium-operator':
      'Cilium does not allocate pod CIDRs to new nodes (cluster-pool IPAM) or clean up identities; the network of running pods is not affected.',
    'calico-kube-controllers':
      "Calico's controllers do not sync namespaces, service accounts and policies into Calico or release the IPs of deleted nodes; the network of running pods is not affected.",
    'calico-typha':
      'Felix on every node loses its Typha connection: new pods and policy changes are not programmed until a Typha is Ready again; the network of running pods is not affected.',
    'metallb-controller':
      'no IP is assigned to a new LoadBalancer Service (IPs already assigned stay announced by the speakers).',
  },
};
