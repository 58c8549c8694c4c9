/**
 * Korean texts of the checks beyond the first checklist, merged into `checks` and `advice` of ./ko.ts by
 * ../i18n.ts (same keys as ./en-verdict.ts).
 */
export const koVerdict = {
  checks: {
    'dead-node-drain': {
      'status-not-replaced':
        '{{node}}(이)가 NotReady(Ready={{ready}})이고, 그곳의 파드가 다른 곳에서 대체되지 않았습니다: {{pendingText}}. 컨테이너가 멈췄다고 확인해 줄 kubelet이 없어(지금 Terminating: {{terminatingText}}) {{node}}(이)가 돌아오거나 파드가 삭제될 때까지 그대로 남습니다.',
      'not-ready':
        '{{node}}(이)가 NotReady인 동안(Ready={{ready}}) 이 노드의 드레인은 끝날 수 없습니다: 축출 요청은 받아들여지지만 컨테이너가 멈췄다고 확인해 줄 kubelet이 없어 파드가 Terminating으로 남고 드레인은 끝없이 기다립니다 (지금 Terminating: {{terminatingText}}). 이미 다른 곳에서 대체됨: {{replacedText}}. 대체되지 않음: {{pendingText}}.',
      // 사라진 노드에 대한 답에서 이미 죽은 노드 (fate `lost`): 드레인은 없습니다.
      'not-ready-lost':
        '{{node}}(은)는 이미 NotReady입니다(Ready={{ready}}): 파드가 멈췄다고 확인해 줄 kubelet이 없어 파드가 Terminating으로 남습니다 (지금 Terminating: {{terminatingText}}). 이미 다른 곳에서 대체됨: {{replacedText}}. 대체되지 않음: {{pendingText}}.',
    },
    'safe-to-evict': {
      'not-safe':
        '{{node}}의 파드를 소유자가 축출하면 안 된다고 표시했습니다 (cluster-autoscaler.kubernetes.io/safe-to-evict: "false"): {{pods}}. 클러스터 오토스케일러는 이 파드를 축출하지 않지만 이 어노테이션은 오토스케일러 전용입니다: 드레인(kubectl drain {{node}}, 또는 봇의 유지보수)은 이를 읽지 않고 그래도 축출합니다.',
    },
    'prior-cordon': {
      'by-other':
        '{{node}}(은)는 이미 cordon되어 있습니다 (spec.unschedulable{{byText}}{{sinceText}}). 이 봇이 한 것이 아닙니다: 누군가 자신의 이유로 스케줄링에서 뺀 것입니다. 재부팅 후 uncordon하면 그 cordon을 되돌리게 되므로, 봇의 유지보수는 cordon을 그대로 둡니다.',
      'unknown-by':
        '{{node}}(은)는 이미 cordon되어 있습니다 (spec.unschedulable{{sinceText}}). 누가 했는지는 API가 알려 주지 않습니다. 다른 사람이 한 것이라면 재부팅 후 uncordon하면 그 cordon을 되돌리게 되므로, 봇의 유지보수는 cordon을 그대로 둡니다.',
      'by-other-lost':
        '{{node}}(은)는 이미 cordon되어 있습니다 (spec.unschedulable{{byText}}{{sinceText}}). 이 봇이 한 것이 아닙니다: 누군가 자신의 이유로 스케줄링에서 뺀 것입니다. 돌아오더라도 그 사람이 uncordon할 때까지 cordon 상태로 남습니다.',
      'unknown-by-lost':
        '{{node}}(은)는 이미 cordon되어 있습니다 (spec.unschedulable{{sinceText}}). 누가 했는지는 API가 알려 주지 않습니다. 돌아오더라도 누군가 uncordon할 때까지 cordon 상태로 남습니다.',
      'by-other-drain':
        '{{node}}(은)는 이미 cordon되어 있습니다 (spec.unschedulable{{byText}}{{sinceText}}). 이 봇이 한 것이 아닙니다: 누군가 자신의 이유로 스케줄링에서 뺀 것입니다. 드레인 후 uncordon하면 그 cordon을 되돌리게 되므로, 봇의 유지보수는 cordon을 그대로 둡니다.',
      'unknown-by-drain':
        '{{node}}(은)는 이미 cordon되어 있습니다 (spec.unschedulable{{sinceText}}). 누가 했는지는 API가 알려 주지 않습니다. 다른 사람이 한 것이라면 드레인 후 uncordon하면 그 cordon을 되돌리게 되므로, 봇의 유지보수는 cordon을 그대로 둡니다.',
      'by-bot':
        '{{node}}(은)는 이 봇의 유지보수가 cordon했습니다{{sinceText}} (진행 중이거나, 멈추면서 cordon된 채로 남긴 유지보수: maintenance status를 보세요).',
    },
    'concurrent-disruption': {
      // kured가 재부팅하는 노드의 장애: 판정이 아니라 배경 (fate `lost`; reader5 F29).
      'kured-rebooting-here-lost':
        'kured가 {{node}}의 재부팅 잠금(weave.works/kured-node-lock)을 잡고 있습니다{{markText}}: 이미 {{node}}(을)를 cordon, 드레인 또는 재부팅하고 있을 수 있습니다. 장애는 사용자의 작업이 아니므로 kured와 경합하지 않습니다.',
      'kured-pending-here-lost':
        'kured가 {{node}}(을)를 재부팅 대상으로 표시했습니다 (weave.works/kured-reboot-in-progress{{markAge}}): 언제든 내릴 수 있습니다. 장애는 사용자의 작업이 아니므로 kured와 경합하지 않습니다.',
      'kured-rebooting-here':
        'kured가 지금 {{node}}(을)를 재부팅하고 있습니다: 이 노드를 위해 재부팅 잠금(weave.works/kured-node-lock)을 잡고 있습니다{{markText}}. kured는 {{node}}(을)를 cordon하고 드레인한 뒤 재부팅하고, uncordon하고 잠금을 풉니다. 지금 따로 재부팅하거나 드레인하면 kured와 경합합니다.',
      'kured-lock-held-here':
        'kured가 {{node}}(을)를 위해 재부팅 잠금(weave.works/kured-node-lock)을 잡고 있습니다. {{node}}(은)는 아직 Ready이고 스케줄 가능하며 표시되지 않았지만, kured가 언제든 cordon하고 드레인한 뒤 재부팅하고, uncordon하고 잠금을 풀 수 있습니다. 지금 따로 재부팅하거나 드레인하면 kured와 경합합니다.',
      'kured-pending-here':
        'kured가 {{node}}(을)를 재부팅 대상으로 표시했고 (weave.works/kured-reboot-in-progress{{markAge}}), 잠금을 얻는 대로 재부팅합니다: 지금 따로 재부팅하면 kured의 재부팅과 겹치거나 경합합니다.',
    },
    'workloads-on-control-plane': {
      'system-writes-blocked':
        '{{node}}의 애드온 파드({{pods}})는 etcd가 쓰기를 거부하는 동안 축출할 수 없습니다: 노드와 함께 멈추고 다른 곳에 다시 스케줄되지 않습니다.',
      'system-node-dead':
        '{{node}}의 애드온 파드({{pods}})는 노드에 묶여 있습니다: {{node}}(이)가 NotReady라 드레인이 축출할 수 없습니다 (Terminating으로 남음).',
      'system-writes-blocked-drain':
        '{{node}}의 애드온 파드({{pods}})는 etcd가 쓰기를 거부하는 동안 축출할 수 없습니다: 드레인은 실패하고, 파드는 {{node}}에서 계속 실행됩니다.',
      'system-drain-first':
        '{{node}}의 애드온 파드({{pods}})는 노드들이 내려가기 전, 쿼럼이 유지되는 동안 드레인으로 축출되어 다시 스케줄됩니다.',
    },
    'single-replica': {
      'spread-writes-blocked':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있고, 다른 노드에서 Ready인 {{readyElsewhere}}개는 계속 응답하지만, etcd가 쓰기를 거부하는 동안 {{node}}의 것은 다른 곳에서 대체되지 않습니다.',
      'spread-node-dead':
        '{{workload}} ({{kind}}, {{namespace}}): 파드 {{here}}개가 NotReady인 {{node}}에 있고, 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답합니다.',
      'spread-drain-first':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있고, 노드들이 내려가기 전, 쿼럼이 유지되는 동안 드레인이 축출합니다. 다시 스케줄되는 동안 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답합니다.',
    },
    'grace-period': {
      'estimate-writes-blocked':
        '드레인은 파드 {{evictable}}개를 축출해야 하는데, 축출은 쓰기이므로 etcd가 거부합니다: 드레인은 실패합니다.',
      'estimate-node-dead':
        '드레인은 {{node}}의 파드 {{evictable}}개에 축출을 요청하지만 끝날 수 없습니다: kubelet이 확인하거나 파드가 삭제될 때까지 Terminating으로 남습니다.',
      'estimate-drain-first':
        '드레인은 노드들이 내려가기 전, 쿼럼이 유지되는 동안 파드 {{count}}개를 축출합니다. 가장 긴 terminationGracePeriodSeconds는 {{seconds}}초입니다.',
    },
    capacity: {
      'fits-writes-blocked':
        '파드 {{evictable}}개가 들어갈 자리는 Ready이고 스케줄 가능한 다른 노드에 있지만, etcd가 쓰기를 거부하는 동안 그곳에 파드를 만들 수 없습니다.',
    },
    'control-plane-healthy-for-worker': {
      'writes-blocked':
        'API 서버는 응답하지만 etcd가 쓰기를 거부합니다 (etcd 알람): 재부팅 후 {{node}}(은)는 알람이 해제될 때까지 Lease를 갱신하거나 파드 상태를 보고할 수 없습니다.',
      'writes-blocked-lost':
        'API 서버는 응답하지만 etcd가 쓰기를 거부합니다 (etcd 알람): 알람이 해제될 때까지 잃은 {{node}}(은)는 NotReady로 표시되지 않고 그 파드도 다른 곳에서 대체되지 않습니다 (둘 다 쓰기입니다).',
    },
    'pinned-volumes': {
      'others-serve':
        '{{pod}}(은)는 실행될 수 있는 노드 중 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 재부팅 내내, {{node}}(이)가 돌아와 uncordon될 때까지 Pending("{{schedulerTerm}}")으로 남습니다. {{workload}}(은)는 다른 Ready 레플리카({{readyElsewhere}}개)로 계속 서비스합니다.',
      'no-quorum':
        '{{pod}}(은)는 실행될 수 있는 노드 중 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: {{node}}(이)가 돌아와 uncordon될 때까지 Pending("{{schedulerTerm}}")으로 남습니다. 그동안 {{workload}}(은)는 다른 노드의 Ready 레플리카가 {{readyElsewhere}}개로 쿼럼({{quorum}}개)에 못 미쳐 서비스하지 못합니다.',
      'last-replica':
        '{{pod}}(은)는 실행될 수 있는 노드 중 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 재부팅 내내 Pending("{{schedulerTerm}}")으로 남고, 그동안 {{workload}}의 다른 Ready 레플리카가 없습니다: {{node}}(이)가 돌아와 uncordon될 때까지 중단됩니다.',
      'no-quorum-lost':
        '{{pod}}(은)는 실행될 수 있는 노드 중 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 다른 노드에서 실행될 수 없어 {{node}}(이)가 돌아올 때까지 다운됩니다. 그동안 {{workload}}(은)는 다른 노드의 Ready 레플리카가 {{readyElsewhere}}개로 쿼럼({{quorum}}개)에 못 미쳐 서비스하지 못합니다.',
      'others-serve-lost':
        '{{pod}}(은)는 실행될 수 있는 노드 중 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 다른 노드에서 실행될 수 없어 {{node}}(이)가 돌아올 때까지 다운됩니다. {{workload}}(은)는 다른 Ready 레플리카({{readyElsewhere}}개)로 계속 서비스합니다.',
      'last-replica-lost':
        '{{pod}}(은)는 실행될 수 있는 노드 중 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 다른 노드에서 실행될 수 없고, 그동안 {{workload}}의 다른 Ready 레플리카가 없습니다: {{node}}(이)가 돌아올 때까지 중단됩니다.',
      'held-by-budget':
        '{{pod}}(은)는 실행될 수 있는 노드 중 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 드레인이 이 파드를 축출하면 {{node}}(을)를 uncordon할 때까지 Pending("{{schedulerTerm}}")으로 남습니다. PodDisruptionBudget {{pdbNamespace}}/{{pdb}}(은)는 이 파드들 중 {{allowed}}개만 내보내므로 {{workload}}(은)는 Ready {{kept}}개로 계속 서비스합니다.',
      unknown:
        '{{node}}의 파드가 스냅샷에 없는 볼륨의 클레임을 씁니다({{pods}}): 볼륨이 {{node}}에 묶이는지는 알 수 없어 판단하지 않았습니다.',
    },
    'pdb-blocks': {
      'quorum-guard-drain':
        '{{node}}(을)를 드레인하면 OpenShift etcd quorum guard의 파드가 축출됩니다({{namespace}}/{{pdb}} PodDisruptionBudget, 컨트롤 플레인 노드마다 파드 하나, etcd 쿼럼을 지키기 위한 것): 기록된 상태로는 컨트롤 플레인 노드 {{disruptionsAllowed}}대까지 중단을 허용합니다(정상 {{currentHealthy}}, 필요 {{desiredHealthy}}: 이 PDB 자체의 집계). 축출된 guard 파드는 다른 컨트롤 플레인 노드에서 실행되지 않으므로, {{node}}(이)가 uncordon되고 그 guard 파드가 다시 Ready가 될 때까지 다른 컨트롤 플레인 노드는 드레인할 수 없습니다.',
      'allows-writes-blocked':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단을 허용하지만, 축출 자체가 쓰기라 etcd가 거부합니다.',
      'allows-node-dead':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단을 허용하지만, {{node}}(이)가 NotReady라 그 파드는 어차피 Terminating으로 남습니다.',
      'allows-drain-first':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단을 허용하고, 그 파드 중 {{podsHere}}개가 {{node}}에 있으므로 노드들이 내려가기 전, 쿼럼이 유지되는 동안 드레인이 축출할 수 있습니다.',
      'no-disruptions-unhealthy':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 지금 중단을 허용하지 않습니다(disruptionsAllowed 0, 필요 {{desiredHealthy}} 중 정상 {{currentHealthy}}). 다른 곳의 파드가 Ready가 아니기 때문입니다: {{down}}. 그동안 {{pods}} 축출은 HTTP 429로 거부됩니다.',
    },
    'ceph-loss': {
      'osd-below-min-size':
        'Ceph가 {{nodes}}의 OSD({{lost}})를 잃는데, 다른 호스트의 OSD가 이미 다운되어 있습니다: {{down}}. Rook의 PodDisruptionBudget({{budgets}})은 PG가 active+clean이 아니어서 아무것도 허용하지 않습니다. 두 개 이상의 호스트에서 OSD가 다운되면 그 호스트들에 사본이 있는 배치 그룹(PG)은 사본이 많아야 하나만 남아 min_size 아래가 되고(Ceph 기본값: size {{size}}, min_size {{minSize}}), OSD가 돌아올 때까지 그 PG의 I/O가 멈추며 데이터가 그곳에 있는 볼륨이 모두 멈춥니다. 노드 장애는 어떤 PodDisruptionBudget도 막지 못합니다.',
      'osd-below-min-size-down':
        'Ceph가 {{nodes}}의 OSD({{lost}})를 잃는데, 다른 호스트의 OSD가 이미 다운되어 있습니다: {{down}}. 두 개 이상의 호스트에서 OSD가 다운되면 그 호스트들에 사본이 있는 배치 그룹(PG)은 사본이 많아야 하나만 남아 min_size 아래가 되고(Ceph 기본값: size {{size}}, min_size {{minSize}}), OSD가 돌아올 때까지 그 PG의 I/O가 멈추며 데이터가 그곳에 있는 볼륨이 모두 멈춥니다. 노드 장애는 어떤 PodDisruptionBudget도 막지 못합니다.',
      'osd-below-min-size-together':
        'Ceph가 {{nodes}}의 OSD({{lost}})를 함께 잃습니다. 두 개 이상의 호스트에서 OSD가 다운되면 그 호스트들에 사본이 있는 배치 그룹(PG)은 사본이 많아야 하나만 남아 min_size 아래가 되고(Ceph 기본값: size {{size}}, min_size {{minSize}}), OSD가 돌아올 때까지 그 PG의 I/O가 멈추며 데이터가 그곳에 있는 볼륨이 모두 멈춥니다. 노드 장애는 어떤 PodDisruptionBudget도 막지 못합니다.',
      'mon-quorum-lost':
        'Ceph가 mon 쿼럼을 잃습니다: {{nodes}}와 함께 {{lost}}이(가) 다운되고 {{down}}은(는) 이미 다운되어, mon {{total}}개 중 {{left}}개만 남아 쿼럼에 필요한 {{quorum}}개에 못 미칩니다. mon 쿼럼이 없으면 클라이언트와 OSD가 클러스터 맵을 받지 못해, mon 과반이 돌아올 때까지 Ceph I/O가 모두 멈춥니다.',
      'mon-quorum-lost-together':
        'Ceph가 mon 쿼럼을 잃습니다: {{nodes}}와 함께 {{lost}}이(가) 다운되어, mon {{total}}개 중 {{left}}개만 남아 쿼럼에 필요한 {{quorum}}개에 못 미칩니다. mon 쿼럼이 없으면 클라이언트와 OSD가 클러스터 맵을 받지 못해, mon 과반이 돌아올 때까지 Ceph I/O가 모두 멈춥니다.',
    },
    'operator-budgets': {
      'status-rook-down':
        'Ceph(Rook이 운영)가 정상이 아닙니다: {{down}}(이)가 Ready가 아닙니다. Ceph의 PodDisruptionBudget이 지금 축출을 허용하지 않으므로({{pdbs}}) 그 PDB가 다루는 노드의 드레인은 Ceph가 다시 정상(placement group 모두 active+clean)이 될 때까지 기다립니다.',
      'status-rook-down_other':
        'Ceph(Rook이 운영)가 정상이 아닙니다: {{down}}(이)가 Ready가 아닙니다. Ceph의 PodDisruptionBudget이 지금 축출을 허용하지 않으므로({{pdbs}}) 그 PDB가 다루는 노드의 드레인은 Ceph가 다시 정상(placement group 모두 active+clean)이 될 때까지 기다립니다.',
      'status-rook-down-no-budget':
        'Ceph(Rook이 운영)가 정상이 아닙니다: {{down}}(이)가 Ready가 아닙니다. 돌아올 때까지 Ceph는 나머지 데몬으로 중복도가 줄어든 채 서비스합니다.',
      'status-rook-down-no-budget_other':
        'Ceph(Rook이 운영)가 정상이 아닙니다: {{down}}(이)가 Ready가 아닙니다. 돌아올 때까지 Ceph는 나머지 데몬으로 중복도가 줄어든 채 서비스합니다.',
      'status-rook-recovering':
        'Ceph(Rook이 운영)가 복구 중입니다: Rook의 PodDisruptionBudget이 지금 축출을 허용하지 않으므로({{pdbs}}) 그 PDB가 다루는 노드의 드레인은 placement group이 active+clean이 될 때까지 기다립니다.',
      'status-rook-healthy':
        'Ceph(Rook이 운영): mon {{mons}}개와 OSD {{osds}}개 데몬이 모두 Ready입니다. Rook은 설계상 데몬마다 Deployment 하나를 두고 각각 자기 노드에서 자기 데이터와 함께 실행하며, 하나가 내려가도 Ceph는 나머지로 계속 서비스합니다.',
      'rook-down':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 Rook-Ceph 오퍼레이터가 관리하며 지금 축출을 허용하지 않습니다: {{down}} 때문에 Ceph가 정상이 아닙니다. Ceph가 다시 정상(placement group 모두 active+clean)이 될 때까지 드레인은 기다립니다.',
      'rook-recovering':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 Rook-Ceph 오퍼레이터가 관리하며 지금 축출을 허용하지 않습니다: Ceph가 이전 중단에서 아직 복구 중입니다(placement group이 아직 active+clean 아님). 정상이 될 때까지 드레인은 기다립니다.',
      'managed-down':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 오퍼레이터({{manager}})가 관리하며, 다른 곳의 파드가 Ready가 아니어서 지금 축출을 허용하지 않습니다: {{down}}.',
      managed:
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 오퍼레이터({{manager}})가 관리하며 지금 축출을 허용하지 않습니다: 오퍼레이터가 허용할 때까지 드레인은 기다립니다.',
    },
    'traffic-policy': {
      'local-policy':
        'externalTrafficPolicy: Local인 Service는 외부 트래픽을 받은 노드의 자기 파드로만 보냅니다: {{services}}. {{node}}의 파드가 멈추면 로드 밸런서는 헬스 체크가 실패할 때까지 {{node}}(으)로 새 연결을 계속 보내고, 그 연결은 실패합니다.',
      'host-ports':
        '{{node}}의 파드가 노드 자신의 포트 {{ports}}번으로 서비스합니다(hostPort/hostNetwork 인그레스 컨트롤러): {{pods}}. 로드 밸런서는 헬스 체크가 실패할 때까지 {{node}}(으)로 새 연결을 계속 보내고, 그 연결은 실패합니다.',
    },
    'control-plane-endpoint': {
      'vip-moves':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있습니다(kube-vip, Lease {{lease}}): 재부팅하면 VIP가 다른 kube-vip 노드({{standbys}})로 옮겨 갑니다. VIP로 API에 접속하는 모든 클라이언트(kubelet, 컨트롤러, kubectl)가 몇 초간 끊기며, 페일오버가 보장되지 않습니다.',
      'vip-moves-no-quorum':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있고(kube-vip, Lease {{lease}}), kube-vip는 이 Lease를 apiserver를 통해 써서 다음 보유자를 뽑습니다: etcd 쿼럼이 없으면 아무것도 쓸 수 없어 VIP가 다른 kube-vip 노드({{standbys}})로 옮겨 가지 않습니다. VIP로 API에 접속하는 모든 클라이언트는 쿼럼이 돌아올 때까지 API를 잃습니다.',
      'vip-moves-writes-blocked':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있고(kube-vip, Lease {{lease}}), kube-vip는 이 Lease를 apiserver를 통해 써서 다음 보유자를 뽑습니다: etcd가 쓰기를 거부하는 동안 다른 kube-vip 노드({{standbys}})가 VIP를 넘겨받지 못해, VIP로 API에 접속하는 모든 클라이언트가 재부팅 내내 API를 잃습니다.',
      'vip-none-left':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있고(kube-vip, Lease {{lease}}) kube-vip가 도는 다른 Ready 노드가 없습니다: 재부팅 내내 VIP가 사라져, 다른 apiserver가 살아 있어도 VIP로 접속하는 모든 클라이언트가 API를 잃습니다.',
      'keepalived-here':
        '{{node}}에서 keepalived가 돌고 있어 컨트롤 플레인 VIP를 보유하고 있을 수 있습니다: 그렇다면 {{node}} 재부팅 시 VIP가 다른 keepalived 노드({{standbys}})로 옮겨 갑니다. VIP로 API에 접속하는 모든 클라이언트가 몇 초간 끊기며, 페일오버가 보장되지 않습니다.',
      'keepalived-none-left':
        'Ready 노드 중 keepalived가 도는 곳은 {{node}}뿐입니다: 컨트롤 플레인 VIP가 옮겨 갈 곳이 없어, VIP로 접속하는 모든 클라이언트가 재부팅 내내 API를 잃습니다.',
      'vip-apiserver-down':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있습니다(kube-vip, Lease {{lease}}): VIP로 오는 모든 연결은 {{node}} 자신의 API 서버로 가므로, VIP로 API에 접속하는 모든 클라이언트(kubelet, 컨트롤러, kubectl)가 그 API 서버가 내려가 있는 동안 오류를 받습니다. {{node}}의 kube-vip는 같은 API 서버를 통해 Lease를 갱신합니다: 갱신 기한이 지나면 VIP를 내려놓고 다른 kube-vip 노드({{standbys}})가 넘겨받는데, 이 이동은 보장되지 않습니다.',
      'vip-apiserver-down-alone':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있고(kube-vip, Lease {{lease}}) kube-vip가 도는 다른 Ready 노드가 없습니다: VIP로 오는 모든 연결은 {{node}} 자신의 API 서버로 가므로, 다른 API 서버가 살아 있어도 VIP로 접속하는 모든 클라이언트가 그 API 서버가 다시 시작될 때까지 오류를 받습니다.',
      'vip-apiserver-down-writes-blocked':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있습니다(kube-vip, Lease {{lease}}): VIP로 오는 모든 연결은 {{node}} 자신의 API 서버로 가고, etcd가 쓰기를 거부하는 동안 다른 kube-vip 노드({{standbys}})가 Lease를 넘겨받지 못하므로, VIP로 접속하는 모든 클라이언트가 그 API 서버가 다시 시작되어 Ready가 될 때까지 오류를 받습니다.',
      'vip-apiserver-restart':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있습니다(kube-vip, Lease {{lease}}): VIP로 오는 모든 연결은 {{node}} 자신의 API 서버로 가므로, VIP로 API에 접속하는 모든 클라이언트(kubelet, 컨트롤러, kubectl)가 그 API 서버가 재시작하는 동안 오류를 받습니다. {{node}}의 kube-vip는 같은 API 서버를 통해 Lease를 갱신합니다: 재시작이 갱신 기한보다 길어지면 VIP를 내려놓고 다른 kube-vip 노드({{standbys}})가 넘겨받는데, 이 이동도 보장되지 않습니다.',
      'vip-apiserver-restart-alone':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있고(kube-vip, Lease {{lease}}) kube-vip가 도는 다른 Ready 노드가 없습니다: VIP로 오는 모든 연결은 {{node}} 자신의 API 서버로 가므로, 다른 API 서버가 살아 있어도 VIP로 접속하는 모든 클라이언트가 그 API 서버가 다시 Ready가 될 때까지 오류를 받습니다.',
      'vip-apiserver-restart-writes-blocked':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있습니다(kube-vip, Lease {{lease}}): VIP로 오는 모든 연결은 {{node}} 자신의 API 서버로 가고, etcd가 쓰기를 거부하는 동안 다른 kube-vip 노드({{standbys}})가 Lease를 넘겨받지 못하므로, VIP로 접속하는 모든 클라이언트가 그 API 서버가 다시 Ready가 될 때까지 오류를 받습니다.',
    },
  },
  advice: {
    'dead-node-drain': {
      'not-ready':
        '{{node}}의 드레인을 기다리지 마세요. 돌아올 수 있는 노드라면(kubelet 중지, 네트워크 단절) 먼저 복구한 뒤 다시 물어보세요: 그러면 드레인이 끝납니다. 완전히 꺼진 노드라면 꺼진 것을 확인한 뒤(재시작 중에는 절대 안 됨) out-of-service taint를 거세요 (kubectl taint nodes {{node}} {{taint}}=nodeshutdown:NoExecute): 파드가 삭제되고 볼륨이 분리되어 컨트롤러가 다른 곳에서 다시 띄웁니다. {{node}}(이)가 돌아오면 taint를 지우세요 (kubectl taint nodes {{node}} {{taint}}-).',
      'not-ready-no-out-of-service':
        '{{node}}의 드레인을 기다리지 마세요. 돌아올 수 있는 노드라면(kubelet 중지, 네트워크 단절) 먼저 복구한 뒤 다시 물어보세요: 그러면 드레인이 끝납니다. 완전히 꺼진 노드라면 꺼진 것을 확인한 뒤 Node 오브젝트를 삭제하세요 (kubectl delete node {{node}}): 파드가 삭제되고 컨트롤러가 다른 곳에서 다시 띄웁니다. kubelet이 돌아오면 노드를 다시 등록합니다.',
      'not-ready-lost':
        '{{node}}(이)가 돌아올 수 있는 노드라면(kubelet 중지, 네트워크 단절) 먼저 복구하세요. 완전히 꺼진 노드라면 꺼진 것을 확인한 뒤(재시작 중에는 절대 안 됨) out-of-service taint를 거세요 (kubectl taint nodes {{node}} {{taint}}=nodeshutdown:NoExecute): 파드가 삭제되고 볼륨이 분리되어 컨트롤러가 다른 곳에서 다시 띄웁니다. {{node}}(이)가 돌아오면 taint를 지우세요 (kubectl taint nodes {{node}} {{taint}}-).',
      'not-ready-no-out-of-service-lost':
        '{{node}}(이)가 돌아올 수 있는 노드라면(kubelet 중지, 네트워크 단절) 먼저 복구하세요. 완전히 꺼진 노드라면 꺼진 것을 확인한 뒤 Node 오브젝트를 삭제하세요 (kubectl delete node {{node}}): 파드가 삭제되고 컨트롤러가 다른 곳에서 다시 띄웁니다. kubelet이 돌아오면 노드를 다시 등록합니다.',
    },
    'safe-to-evict': {
      'not-safe':
        '{{pods}}의 소유자에게 지금 축출해도 되는지 물어보세요 (잡이나 백업이 먼저 끝나야 할 수 있음): 드레인은 기다려 주지 않습니다.',
    },
    'prior-cordon': {
      'by-other':
        '재부팅 전에 누가 왜 {{node}}(을)를 cordon했는지 물어보고(spec.unschedulable의 매니저: kubectl get node {{node}} --show-managed-fields --output=yaml), 그 사람이 동의할 때만 나중에 uncordon하세요 (kubectl uncordon {{node}}).',
      'unknown-by':
        '재부팅 전에 누가 왜 {{node}}(을)를 cordon했는지 물어보고, 그 사람이 동의할 때만 나중에 uncordon하세요 (kubectl uncordon {{node}}).',
      'by-other-drain':
        '드레인하기 전에 누가 왜 {{node}}(을)를 cordon했는지 물어보고(spec.unschedulable의 매니저: kubectl get node {{node}} --show-managed-fields --output=yaml), 그 사람이 동의할 때만 나중에 uncordon하세요 (kubectl uncordon {{node}}).',
      'unknown-by-drain':
        '드레인하기 전에 누가 왜 {{node}}(을)를 cordon했는지 물어보고, 그 사람이 동의할 때만 나중에 uncordon하세요 (kubectl uncordon {{node}}).',
      // 장애가 난 노드 (what-if, fate lost): 물어볼 "재부팅 전"이 없습니다 (reader5 F2).
      'by-other-lost':
        '누가 왜 {{node}}(을)를 cordon했는지 물어보세요 (spec.unschedulable의 매니저: kubectl get node {{node}} --show-managed-fields --output=yaml): 돌아오더라도 cordon 상태로 남으니, 그 사람이 동의할 때만 uncordon하세요 (kubectl uncordon {{node}}).',
      'unknown-by-lost':
        '누가 왜 {{node}}(을)를 cordon했는지 물어보세요: 돌아오더라도 cordon 상태로 남으니, 그 사람이 동의할 때만 uncordon하세요 (kubectl uncordon {{node}}).',
    },
    'concurrent-disruption': {
      'kured-rebooting-here':
        'kured가 끝내게 두세요: {{node}}(을)를 재부팅하고 uncordon한 뒤 잠금을 풀 때까지(weave.works/kured-reboot-in-progress 어노테이션이 사라질 때까지) 기다린 다음 다시 물어보세요.',
      'kured-lock-held-here':
        'kured가 하게 두세요: {{node}}(을)를 재부팅하고 uncordon한 뒤 잠금을 풀 때까지 기다린 다음 다시 물어보세요.',
      'kured-pending-here':
        'kured가 이 재부팅을 하게 두거나(어노테이션이 사라질 때까지 기다림), 먼저 {{node}}(을)를 kured에서 빼세요 (재부팅 센티널 파일, 기본값 /var/run/reboot-required 삭제). 그다음 다시 물어보세요.',
    },
    'control-plane-endpoint': {
      'vip-moves':
        '먼저 VIP를 옮기세요: {{node}}의 kube-vip 정적 파드 매니페스트를 /etc/kubernetes/manifests 밖으로 옮겨 멈추고(kubelet이 파드를 멈춤), kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보이고 VIP로 API가 응답할 때까지 기다린 뒤 재부팅하세요. 끝나면 매니페스트를 되돌려 놓으세요.',
      'vip-moves-daemonset-label':
        '먼저 VIP를 옮기세요. 여기서 kube-vip는 DaemonSet {{daemonSet}}(으)로 돕니다: 파드를 지워도 DaemonSet이 cordon 여부와 상관없이 {{node}}에 파드를 다시 만들므로 VIP가 옮겨 가지 않습니다. 대신 {{node}}(을)를 노드 셀렉터에서 빼세요 (kubectl label node {{node}} {{labelKey}}-): 그러면 DaemonSet 컨트롤러가 그 노드의 파드를 지우고, {{labelKey}}(을)를 선택하는 다른 워크로드도 {{node}}에서 빠집니다. kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보이고 VIP로 API가 응답할 때까지 기다린 뒤 재부팅하세요. 끝나면 레이블을 되돌려 놓으세요 (kubectl label node {{node}} {{labelKey}}={{labelValue}}).',
      'vip-moves-daemonset':
        '먼저 VIP를 옮기되, kube-vip 파드를 지우는 방법은 소용없습니다: DaemonSet {{daemonSet}}(이)가 cordon 여부와 상관없이 {{node}}에 파드를 다시 만들고, 파드에는 레이블 하나로 {{node}}(을)를 뺄 수 있는 노드 셀렉터가 없습니다. {{node}}(이)가 DaemonSet의 노드 어피니티에 맞지 않게 하고(kubectl -n {{daemonSetNamespace}} get daemonset {{daemonSetName}} --output=yaml 로 확인), kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보일 때까지 기다린 뒤 재부팅하세요. 그럴 수 없다면 끊김을 감안하고 계획하세요.',
      'vip-moves-unknown':
        '먼저 VIP를 옮기세요: {{node}}의 kube-vip를 멈추고(파드가 데이터에 없음: 정적 파드라면 매니페스트를 /etc/kubernetes/manifests 밖으로 옮기고, DaemonSet이라면 파드를 지워도 DaemonSet이 {{node}}에 다시 만드므로 {{node}}(을)를 DaemonSet의 노드 셀렉터에서 빼세요), kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보이고 VIP로 API가 응답할 때까지 기다린 뒤 재부팅하세요. 끝나면 되돌려 놓으세요.',
      'vip-none-left':
        '먼저 다른 컨트롤 플레인 노드에서 kube-vip를 실행하고(정적 파드 매니페스트), 재부팅 전에 VIP를 그쪽으로 옮기세요.',
      'keepalived-here':
        '먼저 VIP를 옮기세요: {{node}}의 keepalived를 멈추고(정적 파드 매니페스트를 /etc/kubernetes/manifests 밖으로 이동), 다른 노드에서 VIP로 API가 응답하는지 확인한 뒤 재부팅하세요. 끝나면 매니페스트를 되돌려 놓으세요.',
      'keepalived-none-left':
        '먼저 다른 컨트롤 플레인 노드에서 keepalived를 실행하고, 재부팅 전에 VIP를 그쪽으로 옮기세요.',
      'vip-apiserver-restart':
        '먼저 VIP를 옮기세요: {{node}}의 kube-vip 정적 파드 매니페스트를 /etc/kubernetes/manifests 밖으로 옮겨 멈추고(kubelet이 파드를 멈춤), kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보이고 VIP로 API가 응답할 때까지 기다린 뒤 API 서버를 재시작하세요. 끝나면 매니페스트를 되돌려 놓으세요.',
      'vip-apiserver-restart-daemonset-label':
        '먼저 VIP를 옮기세요. 여기서 kube-vip는 DaemonSet {{daemonSet}}(으)로 돕니다: 파드를 지워도 DaemonSet이 cordon 여부와 상관없이 {{node}}에 파드를 다시 만들므로 VIP가 옮겨 가지 않습니다. 대신 {{node}}(을)를 노드 셀렉터에서 빼세요 (kubectl label node {{node}} {{labelKey}}-): 그러면 DaemonSet 컨트롤러가 그 노드의 파드를 지우고, {{labelKey}}(을)를 선택하는 다른 워크로드도 {{node}}에서 빠집니다. kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보이고 VIP로 API가 응답할 때까지 기다린 뒤 API 서버를 재시작하세요. 끝나면 레이블을 되돌려 놓으세요 (kubectl label node {{node}} {{labelKey}}={{labelValue}}).',
      'vip-apiserver-restart-daemonset':
        '먼저 VIP를 옮기되, kube-vip 파드를 지우는 방법은 소용없습니다: DaemonSet {{daemonSet}}(이)가 cordon 여부와 상관없이 {{node}}에 파드를 다시 만들고, 파드에는 레이블 하나로 {{node}}(을)를 뺄 수 있는 노드 셀렉터가 없습니다. {{node}}(이)가 DaemonSet의 노드 어피니티에 맞지 않게 하고(kubectl -n {{daemonSetNamespace}} get daemonset {{daemonSetName}} --output=yaml 로 확인), kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보일 때까지 기다린 뒤 API 서버를 재시작하세요. 그럴 수 없다면 끊김을 감안하고 계획하세요.',
      'vip-apiserver-restart-unknown':
        '먼저 VIP를 옮기세요: {{node}}의 kube-vip를 멈추고(파드가 데이터에 없음: 정적 파드라면 매니페스트를 /etc/kubernetes/manifests 밖으로 옮기고, DaemonSet이라면 파드를 지워도 DaemonSet이 {{node}}에 다시 만드므로 {{node}}(을)를 DaemonSet의 노드 셀렉터에서 빼세요), kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보이고 VIP로 API가 응답할 때까지 기다린 뒤 API 서버를 재시작하세요. 끝나면 되돌려 놓으세요.',
      'vip-apiserver-restart-alone':
        '먼저 다른 컨트롤 플레인 노드에서 kube-vip를 실행하고(정적 파드 매니페스트) 재시작 전에 VIP를 그쪽으로 옮기거나, VIP로 접속하는 모든 클라이언트를 위해 짧은 유지보수 시간을 잡으세요.',
    },
    'pdb-blocks': {
      'no-disruptions-unhealthy':
        '먼저 {{down}}(을)를 고치세요(또는 Ready가 될 때까지 기다리세요). 그러면 {{pdb}}(이)가 축출을 허용합니다.',
    },
    'ceph-loss': {
      'osd-below-min-size':
        '먼저 {{down}}을(를) 복구하세요(ceph status가 HEALTH_OK, 모든 PG가 active+clean이어야 합니다). 그때까지 Ceph는 호스트를 하나 더 잃을 수 없습니다. Rook의 PodDisruptionBudget은 수정하거나 삭제하지 마세요: 오퍼레이터가 관리합니다.',
      'osd-below-min-size-down':
        '먼저 {{down}}을(를) 복구하세요(ceph status가 HEALTH_OK, 모든 PG가 active+clean이어야 합니다). 그때까지 Ceph는 호스트를 하나 더 잃을 수 없습니다.',
      'osd-below-min-size-together':
        'OSD가 있는 호스트는 한 번에 하나씩, 돌아와 Ceph가 다시 active+clean이 된 뒤 다음 호스트를 진행하세요.',
      'mon-quorum-lost':
        '먼저 {{down}}을(를) 복구하세요(ceph status에서 모든 mon이 쿼럼에 있어야 합니다). 그때까지 Ceph는 mon을 하나 더 잃을 수 없습니다.',
      'mon-quorum-lost-together':
        'mon이 있는 호스트는 한 번에 하나씩, mon이 쿼럼에 돌아온 것(ceph status)을 확인한 뒤 다음 호스트를 진행하세요.',
    },
    'operator-budgets': {
      'rook-down':
        '먼저 {{down}}(을)를 복구하세요(ceph status가 HEALTH_OK, placement group 모두 active+clean). {{pdb}}(을)를 고치거나 지우지 마세요: 오퍼레이터가 관리하며 다시 만듭니다.',
      'rook-recovering':
        'Ceph 복구가 끝날 때까지 기다리세요(ceph status: placement group 모두 active+clean). {{pdb}}(을)를 고치거나 지우지 마세요: 오퍼레이터가 관리합니다.',
      'managed-down':
        '먼저 {{down}}(을)를 복구하세요. {{pdb}}(을)를 고치지 마세요: {{manager}}(이)가 관리합니다.',
      managed:
        '{{manager}}(이)가 중단을 허용할 때까지 기다리세요. {{pdb}}(을)를 고치지 마세요: 오퍼레이터가 관리합니다.',
    },
    'pinned-volumes': {
      'no-quorum':
        '{{pod}}(이)가 {{node}}에서 다시 실행될 때까지 {{workload}}(은)는 중단된다고 보세요. {{node}}(이)가 돌아오는 즉시 uncordon하세요. 계획된 작업이라면 이 노드들을 하나씩 진행하세요.',
      'no-quorum-lost':
        '{{node}}(이)가 돌아와 {{pod}}(이)가 다시 실행될 때까지 {{workload}}(은)는 다운됩니다. 계획된 작업이라면 이 노드들을 하나씩 진행하세요.',
      'others-serve-prior-cordon':
        '{{node}}(이)가 돌아와 uncordon될 때까지 {{pod}}(은)는 Pending으로 남습니다. {{node}}(은)는 다른 사람이 먼저 cordon했으므로 그 사람이 동의할 때만 uncordon하세요.',
      'last-replica-prior-cordon':
        '{{workload}}의 다운타임을 계획하거나(데이터가 {{node}}에만 있음) 먼저 복제 스토리지로 옮기세요: {{node}}(은)는 다른 사람이 먼저 cordon했으므로, 그 사람이 uncordon해야 {{pod}}(이)가 다시 시작합니다.',
      'others-serve':
        '{{pod}}(은)는 {{node}}(이)가 돌아올 때까지 Pending이므로, 재부팅 직후 {{node}}(을)를 uncordon해 다시 시작되게 하세요.',
      'last-replica':
        '{{workload}}의 중단 시간을 계획하거나(데이터가 {{node}}에만 있음) 먼저 복제되는 스토리지로 옮기고, 재부팅 직후 {{node}}(을)를 uncordon하세요.',
      'others-serve-lost':
        '{{node}}(이)가 돌아올 때까지 {{pod}}(은)는 다운됩니다. {{node}}(을)를 영영 잃으면 데이터도 함께 잃습니다: {{workload}}(을)를 다른 레플리카나 백업에서 복구하세요.',
      'last-replica-lost':
        '{{node}}(이)가 돌아올 때까지 {{workload}}(이)가 다운될 것에 대비하거나(데이터가 {{node}}에만 있음), 먼저 복제되는 스토리지로 옮기세요.',
      'others-serve-drain':
        '{{node}}(이)가 cordon되어 있는 동안 {{pod}}(은)는 Pending이므로, {{node}}에서 할 작업이 끝나는 즉시 {{node}}(을)를 uncordon해 다시 시작되게 하세요.',
      'last-replica-drain':
        '{{workload}}의 중단 시간을 계획하거나(데이터가 {{node}}에만 있음) 먼저 복제되는 스토리지로 옮기고, {{node}}에서 할 작업이 끝나는 즉시 {{node}}(을)를 uncordon하세요.',
    },
    'traffic-policy': {
      'local-policy':
        '먼저 {{node}}(을)를 로드 밸런서에서 빼거나(kubectl label node {{node}} {{label}}=true 후 로드 밸런서가 뺄 때까지 대기) 파드에 헬스 체크가 실패하는 시간보다 긴 preStop 지연을 두고, 레이블을 붙였다면 재부팅 뒤 지우세요(kubectl label node {{node}} {{label}}-).',
      'host-ports':
        '먼저 {{node}}(을)를 로드 밸런서에서 빼거나(kubectl label node {{node}} {{label}}=true 후 로드 밸런서가 뺄 때까지 대기) 파드에 헬스 체크가 실패하는 시간보다 긴 preStop 지연을 두고, 레이블을 붙였다면 재부팅 뒤 지우세요(kubectl label node {{node}} {{label}}-).',
      'local-policy-lost':
        '{{node}}에 대한 로드 밸런서 헬스 체크 간격을 짧게 두세요: 잃은 노드는 헬스 체크가 실패로 표시할 때까지 새 연결을 받고, 그 연결은 실패합니다. 계획된 작업이라면 먼저 빼세요(kubectl label node {{node}} {{label}}=true).',
      'host-ports-lost':
        '{{node}}에 대한 로드 밸런서 헬스 체크 간격을 짧게 두세요: 잃은 노드는 헬스 체크가 실패로 표시할 때까지 새 연결을 받고, 그 연결은 실패합니다. 계획된 작업이라면 먼저 빼세요(kubectl label node {{node}} {{label}}=true).',
      'local-policy-drain':
        '먼저 {{node}}(을)를 로드 밸런서에서 빼거나(kubectl label node {{node}} {{label}}=true 후 로드 밸런서가 뺄 때까지 대기) 파드에 헬스 체크가 실패하는 시간보다 긴 preStop 지연을 두고, 레이블을 붙였다면 {{node}}(을)를 uncordon할 때 지우세요(kubectl label node {{node}} {{label}}-).',
      'host-ports-drain':
        '먼저 {{node}}(을)를 로드 밸런서에서 빼거나(kubectl label node {{node}} {{label}}=true 후 로드 밸런서가 뺄 때까지 대기) 파드에 헬스 체크가 실패하는 시간보다 긴 preStop 지연을 두고, 레이블을 붙였다면 {{node}}(을)를 uncordon할 때 지우세요(kubectl label node {{node}} {{label}}-).',
    },
    'workloads-on-control-plane': {
      'user-all-control-plane':
        '먼저 {{node}}(을)를 드레인해 워크로드를 다른 노드로 옮기세요. 여기서는 다른 노드도 모두 컨트롤 플레인이니 거기에 NoSchedule taint를 걸지 마세요. 걸면 워크로드가 실행될 곳이 없습니다.',
      'user-all-control-plane-only-node':
        '{{node}}(이)가 유일한 노드라 워크로드가 실행될 곳이 없습니다: 다운타임을 작업 시간대로 계획하고, NoSchedule taint는 걸지 마세요.',
      'user-tainted':
        '먼저 {{node}}(을)를 드레인해 워크로드를 옮기세요. 이 워크로드는 컨트롤 플레인 NoSchedule taint에 대한 toleration이 있어 taint로는 막을 수 없습니다.',
      'user-tainted-lost':
        '장애에 대비해 일반 워크로드를 {{node}}에서 옮겨 두세요(드레인). 이 워크로드는 컨트롤 플레인 NoSchedule taint에 대한 toleration이 있어 taint로는 막을 수 없습니다: 장애가 난 노드의 파드는 노드와 함께 다운됩니다.',
      'user-all-control-plane-lost':
        '장애에 대비해 {{node}}의 워크로드를 다른 컨트롤 플레인 노드로 분산해 두세요(여기서는 모든 노드가 컨트롤 플레인이니 거기에 NoSchedule taint를 걸지 마세요): 장애가 난 노드의 파드는 노드와 함께 다운됩니다.',
      'user-drain':
        '{{node}}(을)를 uncordon하기 전에 컨트롤 플레인 NoSchedule taint 복원을 검토하세요. 그래야 일반 워크로드가 다시 오지 않습니다.',
      'user-all-control-plane-drain':
        '여기서는 모든 노드가 컨트롤 플레인이라 {{node}}에서 드레인된 워크로드는 다른 컨트롤 플레인 노드에서만 실행될 수 있습니다: 그 노드들에는 NoSchedule taint를 두지 마세요.',
    },
  },
};
