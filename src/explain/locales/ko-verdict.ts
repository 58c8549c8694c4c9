/**
 * Korean texts of the checks beyond the first checklist, merged into `checks` and `advice` of ./ko.ts by
 * ../i18n.ts (same keys as ./en-verdict.ts).
 */
export const koVerdict = {
  checks: {
    'pinned-volumes': {
      'others-serve':
        '{{pod}}(은)는 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 재부팅 내내, {{node}}(이)가 돌아와 uncordon될 때까지 Pending("volume node affinity conflict")으로 남습니다. {{workload}}(은)는 다른 Ready 복제본({{readyElsewhere}}개)으로 계속 서비스합니다.',
      'last-replica':
        '{{pod}}(은)는 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 재부팅 내내 Pending("volume node affinity conflict")으로 남고, 그동안 {{workload}}의 다른 Ready 복제본이 없습니다: {{node}}(이)가 돌아와 uncordon될 때까지 중단됩니다.',
      unknown:
        '{{node}}의 파드가 스냅샷에 없는 볼륨의 클레임을 씁니다({{pods}}): 볼륨이 {{node}}에 묶이는지는 알 수 없어 판단하지 않았습니다.',
    },
    'pdb-blocks': {
      'no-disruptions-unhealthy':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 지금 중단을 허용하지 않습니다(disruptionsAllowed 0, 필요 {{desiredHealthy}} 중 정상 {{currentHealthy}}). 다른 곳의 파드가 Ready가 아니기 때문입니다: {{down}}. 그동안 {{pods}} 축출은 HTTP 429로 거부됩니다.',
    },
    'operator-budgets': {
      'rook-down':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 Rook-Ceph 오퍼레이터가 관리하며 지금 축출을 허용하지 않습니다: {{down}} 때문에 Ceph가 정상이 아닙니다. Ceph가 다시 정상(placement group 모두 active+clean)이 될 때까지 drain은 기다립니다.',
      'rook-recovering':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 Rook-Ceph 오퍼레이터가 관리하며 지금 축출을 허용하지 않습니다: Ceph가 이전 중단에서 아직 복구 중입니다(placement group이 아직 active+clean 아님). 정상이 될 때까지 drain은 기다립니다.',
      'managed-down':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 오퍼레이터({{manager}})가 관리하며, 다른 곳의 파드가 Ready가 아니어서 지금 축출을 허용하지 않습니다: {{down}}.',
      managed:
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 오퍼레이터({{manager}})가 관리하며 지금 축출을 허용하지 않습니다: 오퍼레이터가 허용할 때까지 drain은 기다립니다.',
    },
    'traffic-policy': {
      'local-policy':
        'externalTrafficPolicy: Local인 Service는 외부 트래픽을 받은 노드의 자기 파드로만 보냅니다: {{services}}. {{node}}의 파드가 멈추면 로드밸런서는 헬스 체크가 실패할 때까지 {{node}}(으)로 새 연결을 계속 보내고, 그 연결은 실패합니다.',
      'host-ports':
        '{{node}}의 파드가 노드 자신의 포트({{ports}}; hostPort/hostNetwork 인그레스 컨트롤러)로 서비스합니다: {{pods}}. 로드밸런서는 헬스 체크가 실패할 때까지 {{node}}(으)로 새 연결을 계속 보내고, 그 연결은 실패합니다.',
    },
    'control-plane-endpoint': {
      'vip-moves':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있습니다(kube-vip, Lease {{lease}}): 재부팅하면 VIP가 다른 kube-vip 노드({{standbys}})로 옮겨 갑니다. VIP로 API에 접속하는 모든 클라이언트(kubelet, 컨트롤러, kubectl)가 몇 초간 끊기며, 페일오버가 보장되지 않습니다.',
      'vip-none-left':
        '{{node}}(이)가 컨트롤 플레인 VIP를 보유하고 있고(kube-vip, Lease {{lease}}) kube-vip가 도는 다른 Ready 노드가 없습니다: 재부팅 내내 VIP가 사라져, 다른 apiserver가 살아 있어도 VIP로 접속하는 모든 클라이언트가 API를 잃습니다.',
      'keepalived-here':
        '{{node}}에서 keepalived가 돌고 있어 컨트롤 플레인 VIP를 보유하고 있을 수 있습니다: 그렇다면 {{node}} 재부팅 시 VIP가 다른 keepalived 노드({{standbys}})로 옮겨 갑니다. VIP로 API에 접속하는 모든 클라이언트가 몇 초간 끊기며, 페일오버가 보장되지 않습니다.',
      'keepalived-none-left':
        'Ready 노드 중 keepalived가 도는 곳은 {{node}}뿐입니다: 컨트롤 플레인 VIP가 옮겨 갈 곳이 없어, VIP로 접속하는 모든 클라이언트가 재부팅 내내 API를 잃습니다.',
    },
  },
  advice: {
    'control-plane-endpoint': {
      'vip-moves':
        '먼저 VIP를 옮기세요: {{node}}의 kube-vip를 멈추고(정적 파드 매니페스트를 /etc/kubernetes/manifests 밖으로 옮기거나, DaemonSet이면 {{node}}(을)를 cordon한 뒤 kube-vip 파드를 삭제), kubectl -n kube-system get lease plndr-cp-lock 에 다른 보유자가 보이고 VIP로 API가 응답할 때까지 기다린 뒤 재부팅하세요. 끝나면 매니페스트를 되돌려 놓으세요.',
      'vip-none-left':
        '먼저 다른 컨트롤 플레인 노드에서 kube-vip를 실행하고(정적 파드 매니페스트), 재부팅 전에 VIP를 그쪽으로 옮기세요.',
      'keepalived-here':
        '먼저 VIP를 옮기세요: {{node}}의 keepalived를 멈추고(정적 파드 매니페스트를 /etc/kubernetes/manifests 밖으로 이동), 다른 노드에서 VIP로 API가 응답하는지 확인한 뒤 재부팅하세요. 끝나면 매니페스트를 되돌려 놓으세요.',
      'keepalived-none-left':
        '먼저 다른 컨트롤 플레인 노드에서 keepalived를 실행하고, 재부팅 전에 VIP를 그쪽으로 옮기세요.',
    },
    'pdb-blocks': {
      'no-disruptions-unhealthy':
        '먼저 {{down}}(을)를 고치세요(또는 Ready가 될 때까지 기다리세요). 그러면 {{pdb}}(이)가 축출을 허용합니다.',
    },
    'operator-budgets': {
      'rook-down':
        '먼저 {{down}}(을)를 되살리세요(ceph status가 HEALTH_OK, placement group 모두 active+clean). {{pdb}}(을)를 고치거나 지우지 마세요: 오퍼레이터가 관리하며 다시 만듭니다.',
      'rook-recovering':
        'Ceph 복구가 끝날 때까지 기다리세요(ceph status: placement group 모두 active+clean). {{pdb}}(을)를 고치거나 지우지 마세요: 오퍼레이터가 관리합니다.',
      'managed-down':
        '먼저 {{down}}(을)를 되살리세요. {{pdb}}(을)를 고치지 마세요: {{manager}}(이)가 관리합니다.',
      managed:
        '{{manager}}(이)가 중단을 허용할 때까지 기다리세요. {{pdb}}(을)를 고치지 마세요: 오퍼레이터가 관리합니다.',
    },
    'pinned-volumes': {
      'others-serve':
        '{{pod}}(은)는 {{node}}(이)가 돌아올 때까지 Pending입니다. 재부팅 직후 {{node}}(을)를 uncordon해 다시 시작되게 하세요.',
      'last-replica':
        '{{workload}}의 중단 시간을 계획하거나(데이터가 {{node}}에만 있음) 먼저 복제되는 스토리지로 옮기세요. 재부팅 직후 {{node}}(을)를 uncordon하세요.',
    },
    'traffic-policy': {
      'local-policy':
        '먼저 {{node}}(을)를 로드밸런서에서 빼세요(kubectl label node {{node}} {{label}}=true 후 로드밸런서가 뺄 때까지 대기). 또는 파드에 헬스 체크가 실패하는 시간보다 긴 preStop 지연을 두세요. 재부팅 뒤 레이블을 지우세요(kubectl label node {{node}} {{label}}-).',
      'host-ports':
        '먼저 {{node}}(을)를 로드밸런서에서 빼세요(kubectl label node {{node}} {{label}}=true 후 로드밸런서가 뺄 때까지 대기). 또는 파드에 헬스 체크가 실패하는 시간보다 긴 preStop 지연을 두세요. 재부팅 뒤 레이블을 지우세요(kubectl label node {{node}} {{label}}-).',
    },
    'workloads-on-control-plane': {
      'user-all-control-plane':
        '먼저 {{node}}(을)를 drain해 워크로드를 다른 노드로 옮기세요. 여기서는 모든 노드가 컨트롤 플레인이라 다른 곳이 없으니 NoSchedule 테인트 없이 두세요.',
    },
  },
};
