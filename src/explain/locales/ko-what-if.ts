/**
 * Korean texts of the "what if", drain and upgrade answers, the same keys as
 * {@link enWhatIf}. Particles after placeholders are written as pairs (`(이)가`, `(은)는`,
 * `(을)를`, `(으)로`) and resolved by the word before them (src/explain/i18n.ts).
 */
import type { WhatIfMessages } from './en-what-if.js';

export const koWhatIf: WhatIfMessages = {
  component: {
    'kube-apiserver': 'kube-apiserver',
    etcd: 'etcd',
    'kube-scheduler': 'kube-scheduler',
    'kube-controller-manager': 'kube-controller-manager',
    kubelet: 'kubelet',
    'kube-proxy': 'kube-proxy',
    coredns: 'CoreDNS',
    cni: 'CNI 플러그인',
    'container-runtime': '컨테이너 런타임',
  },
  title: {
    'component-restart': '{{component}} 재시작 영향: {{cluster}}',
    'component-restart-node': '{{node}}의 {{component}} 재시작 영향: {{cluster}}',
    'rolling-update': '{{component}} 롤링 업데이트 영향: {{cluster}}',
    'node-down': '{{node}} 다운 시 영향: {{cluster}}',
    'control-plane-down': '컨트롤 플레인 노드 전체 다운 시 영향: {{cluster}}',
    'etcd-quorum-loss': 'etcd 쿼럼 상실 시 영향: {{cluster}}',
    'component-down': '{{component}} 다운 시 영향: {{cluster}}',
    'component-down-node': '{{node}}의 {{component}}(이)가 다운되면: {{cluster}}',
    'etcd-member-remove': '{{node}}의 etcd 멤버를 제거하면: {{cluster}}',
    'etcd-member-remove-id': 'etcd 멤버 {{member}}(을)를 제거하면: {{cluster}}',
    'etcd-member-remove-id-node': 'etcd 멤버 {{member}}({{node}})(을)를 제거하면: {{cluster}}',
    drain: '드레인 영향: {{cluster}}의 {{node}}',
    cordon: 'cordon: {{cluster}}의 {{node}}',
    uncordon: 'uncordon: {{cluster}}의 {{node}}',
    'delete-node': 'kubectl delete node: {{cluster}}의 {{node}}',
    upgrade: '업그레이드 영향: {{cluster}}의 {{node}}',
    // "클러스터 업그레이드 어떻게 해?": 순서가 시작되는 노드의 업그레이드로 답합니다.
    'upgrade-cluster': '클러스터 업그레이드: {{cluster}}, {{node}}부터',
  },
  what: {
    'component-restart': '{{component}} 재시작',
    'component-restart-node': '{{node}}의 {{component}} 재시작',
    'rolling-update': '{{component}} 롤링 업데이트',
    drain: '{{node}} 드레인',
    cordon: '{{node}} cordon(새 파드만 막고, 아무것도 축출하지 않으며 실행 중인 파드는 계속 실행됨)',
    uncordon: '{{node}} uncordon(새 파드를 다시 받을 뿐, 옮겨진 파드는 돌아오지 않음)',
    'delete-node': '{{node}}의 Node 객체 삭제(드레인 없이 파드가 강제 삭제됨)',
    upgrade: '{{node}} 업그레이드',
    'node-down': '{{node}}(이)가 다운되면',
    'control-plane-down': '컨트롤 플레인 노드가 모두 다운되면',
    'etcd-quorum-loss': 'etcd가 쿼럼을 잃으면',
    'component-down': '{{component}}(이)가 모든 곳에서 다운되면',
    'component-down-node': '{{node}}의 {{component}}(이)가 다운되면',
    'etcd-member-remove': '{{node}}의 etcd 멤버 영구 제거',
    'etcd-member-remove-id': 'etcd 멤버 {{member}} 영구 제거',
    'etcd-member-remove-id-node': '{{node}}의 etcd 멤버 {{member}} 영구 제거',
  },
  summary: {
    planned: {
      safe: '안전: {{what}}(은)는 {{planes}}에만 영향을 주며, 먼저 확인할 문제가 없습니다.',
      'safe-both': '안전: {{what}}(은)는 {{planes}}에 영향을 주지만, 먼저 확인할 문제가 없습니다.',
      'safe-prepare-both':
        '안전: {{what}}(은)는 {{planes}}에 영향을 주지만 진행을 막는 문제는 없습니다. 시작하기 전에 "먼저 할 일"의 {{count}}가지를 하세요.',
      'safe-prepare':
        '안전: {{what}}(은)는 {{planes}}에만 영향을 주며 진행을 막는 문제는 없습니다. 시작하기 전에 "먼저 할 일"의 {{count}}가지를 하세요.',
      caution: '주의하면 가능: {{what}} 전에 아래 {{count}}가지를 먼저 확인하세요.',
      unsafe: '지금은 안 됩니다: {{what}}(을)를 막는 문제가 {{count}}가지 있습니다.',
    },
    outage: {
      safe: '{{what}}: 클러스터는 계속 동작합니다. {{planes}}에 영향이 있지만 심각한 문제는 없습니다.',
      caution: '{{what}}: 클러스터 일부({{planes}})가 영향을 받습니다. 아래 {{count}}가지를 보세요.',
      unsafe: '{{what}}: 클러스터({{planes}})가 심각한 영향을 받습니다. 아래 {{count}}가지를 보세요.',
    },
  },
  planes: { control: '컨트롤 플레인', data: '데이터 플레인', both: '컨트롤 플레인과 데이터 플레인' },
  section: {
    interrupt: '다음 경우에는 트래픽이 끊깁니다',
    duration: '지속 시간',
    steps: '순서',
  },
  target: {
    'unknown-component': '{{component}} 컴포넌트는 모릅니다. 답할 수 있는 컴포넌트: {{components}}.',
    'unknown-component-suggest':
      '{{component}} 컴포넌트는 모릅니다. {{suggestions}}(을)를 말씀하셨습니까? 답할 수 있는 컴포넌트: {{components}}.',
    'unknown-node': '{{cluster}}에 {{node}} 노드가 없습니다.',
    'unknown-member':
      '{{cluster}}에서 읽은 etcd 멤버 목록({{members}})에 ID가 {{member}}인 멤버가 없습니다 (etcdctl은 ID를 16진수로 읽습니다): etcdctl member list로 ID를 확인하거나, 그 멤버가 있는 노드로 물어보세요.',
    'unknown-node-list': '{{cluster}}에 {{node}} 노드가 없습니다. 노드 목록: {{nodes}}.',
    'unknown-node-suggest': '{{cluster}}에 {{node}} 노드가 없습니다. {{suggestions}}(을)를 말씀하셨습니까?',
    managed:
      '{{cluster}}의 컨트롤 플레인은 제공업체가 운영합니다(컨트롤 플레인 노드가 보이지 않음). {{componentName}}(은)는 클러스터에서 재시작하거나 관찰할 수 없어 판정하지 않습니다.',
    'etcd-external':
      '{{cluster}}의 etcd는 클러스터 노드 밖에서 실행됩니다(외부 토폴로지). 여기 노드로는 재시작되지 않으니 etcd 운영자에게 확인하세요.',
    'not-seen': '{{cluster}}에서 {{componentName}}(을)를 찾지 못해 판정하지 않습니다.',
    'not-on-node': '{{componentName}}(은)는 {{node}}에서 실행되지 않습니다. 실행 중인 노드: {{nodes}}.',
    'kube-proxy-absent':
      '{{cluster}}에는 kube-proxy가 배포되어 있지 않습니다(kube-system/kube-proxy DaemonSet 없음){{cniText}}. Service 라우팅은 다른 구성 요소가 하므로 kube-proxy 재시작은 해당되지 않습니다.',
    'kube-proxy-absent-cni': '. {{cni}}(이)가 대신하는 것으로 보입니다',
    'down-on-node-not-analysed':
      '한 노드에서의 장애는 컨트롤 플레인 구성 요소(kube-apiserver, etcd, kube-scheduler, kube-controller-manager)와 노드 에이전트(kubelet, kube-proxy, CNI)만 분석하므로 {{node}}의 {{componentName}}에 대해서는 판정하지 않습니다. "{{node}}에서 {{component}} 재시작하면?" 또는 "{{node}}(이)가 다운되면?"으로 물어보세요.',
  },
  checks: {
    'etcd-member-remove': {
      accepted:
        'etcd 투표 멤버가 {{voters}}대에서 {{remaining}}대가 됩니다(쿼럼 {{quorum}}, 정상 {{started}}대): 제거 뒤에도 멤버 {{spare}}대까지는 장애가 나도 쿼럼이 유지됩니다.',
      'accepted-no-spare':
        'etcd 투표 멤버가 {{voters}}대에서 {{remaining}}대가 됩니다(쿼럼 {{quorum}}, 정상 {{started}}대): 제거 뒤에는 어떤 멤버도 장애가 나면 안 됩니다(하나 더 장애 나면 쿼럼을 잃고 모든 쓰기가 멈춤).',
      refused:
        'etcd가 이 제거를 거부합니다: 남는 멤버 {{remaining}}대의 쿼럼은 {{quorum}}인데 그중 시작된 멤버는 {{started}}대뿐입니다(다운: {{down}}). 기본값인 --strict-reconfig-check로 etcd는 "re-configuration failed due to not enough started members"라고 답하고 아무것도 바뀌지 않습니다.',
      'refused-last':
        'etcd가 이 제거를 거부합니다: {{member}}(은)는 유일한 투표 멤버이고, 멤버가 남지 않으면 쿼럼도 없습니다("re-configuration failed due to not enough started members"). 아무것도 바뀌지 않습니다.',
      'health-unseen':
        'etcd가 이 제거를 받아들일지 알 수 없습니다: 남는 멤버 {{remaining}}대의 쿼럼은 {{quorum}}인데 정상으로 확인된 멤버는 {{started}}대뿐입니다(나머지는 상태를 읽지 못함). etcd는 시작된 멤버가 쿼럼보다 적게 남는 제거를 거부합니다.',
      learner:
        '{{member}}(은)는 투표 멤버가 아닌 learner입니다: 제거해도 쿼럼은 그대로입니다({{remaining}}대 중 {{quorum}}대).',
      'target-down':
        '{{node}}의 멤버는 이미 다운되어 있습니다: 제거해도 실행 중인 것은 멈추지 않고, 남은 멤버는 지금 의지하는 쿼럼을 그대로 유지합니다.',
      leader:
        '{{node}}의 멤버가 etcd 리더입니다: 제거되면 남은 멤버가 새 리더를 뽑고, 그때까지 쓰기가 잠시 멈춥니다(길어야 선출 타임아웃(election timeout) 정도, 기본 {{electionTimeoutMs}} ms).',
      'leader-writes-blocked':
        '{{node}}의 멤버가 etcd 리더입니다: 제거되면 남은 멤버가 새 리더를 뽑습니다(길어야 선출 타임아웃(election timeout) 정도, 기본 {{electionTimeoutMs}} ms). 그래도 쓰기는 계속 거부됩니다: 누가 리더든 켜진 알람이 해제될 때까지 쓰기를 막습니다.',
    },
    'control-plane-serving': {
      serving:
        '컨트롤 플레인이 정상 서비스 중입니다(API 서버 {{apiservers}}대 중 {{apiserversAlive}}대 동작, /readyz 통과).',
      unseen:
        '컨트롤 플레인이 서비스 중인지는 보지 못했습니다 (/readyz가 스냅샷에 없음). 스냅샷에는 컨트롤 플레인이 내려갔다는 정보도 없습니다.',
      'serving-writes-blocked':
        'API 서버는 응답하지만({{apiserversAlive}}/{{apiservers}}대 살아 있음, /readyz 통과) etcd가 쓰기를 거부합니다 (활성 알람): 아무것도 바꿀 수 없습니다.',
      degraded:
        '컨트롤 플레인은 서비스 중이지만 저하 상태입니다(NotReady: {{notReadyText}}, 다운된 etcd 멤버: {{membersDownText}}).',
      'api-down':
        'API 서버가 서비스하지 않습니다(동작 중인 API 서버 {{apiservers}}대 중 {{apiserversAlive}}대, /readyz 상태 {{readyzStatus}}). 노드가 API 서버에서 재동기화할 수 없습니다.',
      'quorum-lost':
        'etcd가 쿼럼을 잃었습니다. API 서버가 아무것도 바꿀 수 없어 노드가 갱신을 받지 못합니다.',
      managed: '컨트롤 플레인은 제공업체가 운영하며 클러스터에서 상태를 볼 수 없습니다.',
      'managed-readyz':
        '컨트롤 플레인은 제공업체가 운영합니다: API가 응답합니다(/readyz 통과, 상태 {{readyzStatus}}). etcd와 제공업체의 이중화는 클러스터에서 볼 수 없습니다.',
      'managed-readyz-failing':
        '컨트롤 플레인은 제공업체가 운영합니다: /readyz가 통과하지 않습니다(상태 {{readyzStatus}}). etcd와 제공업체의 이중화는 클러스터에서 볼 수 없습니다.',
    },
    'kube-proxy-mode': {
      iptables:
        'kube-proxy는 iptables 모드입니다(kube-system/kube-proxy ConfigMap). Service 규칙은 커널의 iptables 체인입니다.',
      ipvs: 'kube-proxy는 IPVS 모드입니다(kube-system/kube-proxy ConfigMap). Service 규칙은 커널의 IPVS 가상 서버입니다.',
      nftables:
        'kube-proxy는 nftables 모드입니다(kube-system/kube-proxy ConfigMap). Service 규칙은 커널의 nftables 테이블입니다.',
      defaulted: 'kube-proxy ConfigMap에 mode가 비어 있어 기본값인 iptables 모드로 동작합니다.',
      other: 'kube-proxy는 {{mode}} 모드입니다(kube-system/kube-proxy ConfigMap).',
      unreadable:
        'kube-system/kube-proxy ConfigMap을 읽지 못해(HTTP {{status}}) 프록시 모드(iptables, IPVS, nftables)를 알 수 없습니다.',
      absent: 'kube-system/kube-proxy ConfigMap이 없어 프록시 모드를 알 수 없습니다.',
      unparsable:
        'kube-system/kube-proxy ConfigMap에 읽을 수 있는 config.conf가 없어 프록시 모드를 알 수 없습니다.',
    },
    'component-restart': {
      'kube-proxy':
        '{{node}}의 kube-proxy는 Service 규칙을 쓰기만 하고 전달은 커널이 하며, kube-proxy가 재시작하는 동안에도 규칙은 그대로 남습니다. API 서버에 다시 연결되면 몇 초 안에 재동기화하므로 기존 연결은 계속 흐릅니다.',
      'kube-proxy-no-api':
        '빈 규칙 위험: API 서버에 연결되지 않는 상태에서 {{node}}의 kube-proxy가 재시작하면 Service와 EndpointSlice를 재동기화할 수 없어, 노드가 비어 있거나 오래된 규칙으로 시작할 수 있고 {{node}}에서 나가는 Service 트래픽이 실패할 수 있습니다.',
      'kube-proxy-rollout-no-api':
        '모든 노드에 빈 규칙 위험: API 서버에 연결되지 않는 상태에서 kube-proxy를 롤아웃하면 재동기화 수단 없이 재시작하게 되어, 노드가 비어 있거나 오래된 규칙으로 시작할 수 있습니다.',
      kubelet:
        '{{node}}의 kubelet을 재시작해도 실행 중인 컨테이너는 멈추지 않습니다(런타임이 유지). 몇 초 안에 다시 등록하고 하트비트를 재개합니다. {{graceS}}초 넘게 내려가 있을 때만 {{node}}(이)가 NotReady가 되고, 그 후 {{tolerationS}}초가 지나면 파드가 축출됩니다.',
      'kubelet-control-plane':
        '컨트롤 플레인 노드 {{node}}의 kubelet을 재시작해도 실행 중인 정적 파드(API 서버, etcd, 스케줄러, 컨트롤러 매니저)와 다른 컨테이너는 멈추지 않습니다. {{graceS}}초 넘게 내려가 있을 때만 NotReady가 됩니다.',
      'kubelet-no-api':
        'API 서버가 서비스하지 않습니다. 재시작한 {{node}}의 kubelet은 컨테이너와 정적 파드를 계속 실행하지만, API 서버가 돌아올 때까지 상태를 보고하거나 변경을 받을 수 없습니다.',
      apiserver:
        '{{node}}의 API 서버 재시작: 재시작 동안 API 용량이 {{before}}대에서 {{after}}대로 줄어듭니다. 로드 밸런서를 거치는 클라이언트는 {{others}}(으)로 계속 접속하고 watch는 다시 연결됩니다.',
      'apiserver-last':
        '{{node}}의 API 서버가 유일하게 동작 중입니다. 재시작하는 동안 모든 API 호출(kubectl, 컨트롤러, 스케줄링)이 멈춥니다. 실행 중인 파드와 Service 트래픽은 영향이 없습니다.',
      // 노드가 보유한 kube-vip VIP는 이 API 서버로 갑니다 (issue 16, reader6 B1).
      'apiserver-vip':
        '{{node}}의 API 서버 재시작: 재시작 동안 API 용량이 {{before}}대에서 {{after}}대로 줄어듭니다. VIP를 거치지 않고 {{others}}에 직접 접속하는 클라이언트만 계속 동작하고, watch는 다시 연결됩니다.',
      'apiserver-already-down':
        '{{node}}의 API 서버는 지금 서비스하지 않으므로 재시작해도 API 용량이 줄지 않습니다. 로드 밸런서를 거치는 클라이언트는 {{others}}(으)로 계속 접속합니다.',
      'apiserver-already-down-vip':
        '{{node}}의 API 서버는 지금 서비스하지 않으므로 재시작해도 API 용량이 줄지 않습니다. VIP를 거치지 않고 {{others}}에 직접 접속하는 클라이언트만 계속 동작합니다.',
      'apiserver-last-k3d':
        '{{node}}의 API 서버가 유일하게 동작 중입니다. 재시작하는 동안 모든 API 호출(kubectl, 컨트롤러, 스케줄링)이 멈춥니다.',
      'apiserver-writes-blocked':
        'etcd가 모든 쓰기를 거부합니다({{alarmsText}}): {{node}}에서 재시작한 API 서버는 자기 identity Lease도, kubernetes Service의 자기 엔드포인트도 쓸 수 없어 Ready로 돌아올지 알 수 없고, 알람이 해제될 때까지 그 API 서버로는 아무것도 바꿀 수 없습니다.',
      'apiserver-k3s':
        'k3s에서 API 서버는 별도 프로세스가 아닙니다: {{node}}의 k3s server 프로세스 안에서 스케줄러, 컨트롤러 매니저, 데이터스토어, {{node}}의 kubelet·kube-proxy와 함께 돕니다. API 서버 재시작은 그 노드의 k3s 재시작(sudo systemctl restart k3s, OpenRC라면 sudo rc-service k3s restart)이며, 이 모두가 함께 재시작합니다. k3s 서비스를 멈춰도 컨테이너는 계속 돌므로 파드는 계속 실행됩니다.',
      'apiserver-k3d':
        'k3d에서 API 서버는 별도 프로세스가 아닙니다: k3d 클러스터 {{cluster}}의 노드 컨테이너 {{node}}의 주 프로세스인 k3s server 프로세스 안에서 스케줄러, 컨트롤러 매니저, 데이터스토어, {{node}}의 kubelet과 함께 돕니다. 그 컨테이너와 함께만 재시작할 수 있고(docker restart {{node}}), 그러면 그 안의 모든 컨테이너가 멈춥니다: {{node}}의 모든 파드도 재시작합니다.',
      etcd: '{{node}}의 etcd 멤버 재시작: 다시 합류해 리더로부터 따라잡습니다. etcd 투표 멤버 {{voters}}대, 쿼럼 {{quorum}}.',
      'etcd-follower':
        '{{node}}의 etcd 멤버 재시작: 리더가 아니므로({{leader}}(이)가 리더) 리더 선출은 없습니다. 다시 합류해 리더로부터 따라잡습니다. etcd 투표 멤버 {{voters}}대, 쿼럼 {{quorum}}.',
      'etcd-leader':
        '{{node}}의 etcd 멤버 재시작: 리더이며, 정상 종료 시 먼저 다른 멤버에게 리더 역할을 넘깁니다. 그 뒤 팔로워로 다시 합류합니다. etcd 투표 멤버 {{voters}}대, 쿼럼 {{quorum}}.',
      'etcd-leader-unknown':
        '{{node}}의 etcd 멤버 재시작: 다시 합류해 따라잡습니다. 어느 멤버가 리더인지는 보지 못했습니다. etcd 투표 멤버 {{voters}}대, 쿼럼 {{quorum}}.',
      'etcd-no-quorum':
        '{{node}}의 etcd 멤버 재시작: etcd 투표 멤버 {{voters}}대, 쿼럼 {{quorum}}이며, 이 멤버가 빠지면 쿼럼을 잃습니다: 돌아올 때까지 리더도 쓰기도 없습니다.',
      'etcd-single':
        '{{node}}의 etcd 멤버 재시작: 유일한 etcd 멤버(쿼럼 1)라서 재시작하는 동안 쿼럼이 없습니다: 돌아올 때까지 리더도 쓰기도 없습니다.',
      'scheduler-leader':
        '{{node}}(이)가 kube-scheduler 리더 Lease를 보유하고 있습니다. 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스({{standbys}})가 넘겨받고, 그동안 새 파드가 스케줄되지 않습니다.',
      'scheduler-only': '{{node}}에만 kube-scheduler가 있습니다. 돌아올 때까지 파드가 스케줄되지 않습니다.',
      'scheduler-standby':
        '{{node}}의 kube-scheduler는 대기 인스턴스입니다(리더는 {{holder}}). 재시작해도 달라지는 것이 없습니다.',
      'controller-manager-leader':
        '{{node}}(이)가 kube-controller-manager 리더 Lease를 보유하고 있습니다. 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스({{standbys}})가 넘겨받고, 그동안 조정(reconciliation)이 멈춥니다.',
      'controller-manager-only':
        '{{node}}에만 kube-controller-manager가 있습니다. 돌아올 때까지 자동 복구와 엔드포인트 갱신이 멈춥니다.',
      'controller-manager-standby':
        '{{node}}의 kube-controller-manager는 대기 인스턴스입니다(리더는 {{holder}}). 재시작해도 달라지는 것이 없습니다.',
      'leader-local-api':
        '{{node}}의 {{component}}(이)가 리더 Lease를 보유하고 있으며 {{node}} 자신의 API 서버로만 API에 접속합니다(kubeadm이 kubeconfig를 로드 밸런서가 아닌 그 API 서버로 지정). 그 API 서버가 재시작하는 동안 Lease를 갱신하지 못해 리더 역할을 내려놓고, Lease가 만료되면 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스({{standbys}})가 넘겨받습니다.',
      'leader-local-api-only':
        '{{node}}의 {{component}}(이)가 리더 Lease를 보유하고 있으며 {{node}} 자신의 API 서버로만 API에 접속합니다(kubeadm이 kubeconfig를 로드 밸런서가 아닌 그 API 서버로 지정). 다른 노드에 대기 인스턴스가 없습니다: 그 API 서버가 재시작하는 동안 Lease를 갱신하지 못하고, API 서버가 돌아올 때까지 멈춥니다.',
      'leader-local-api-unknown':
        '{{node}}의 {{component}}(이)가 리더 Lease를 보유하고 있습니다. {{node}} 자신의 API 서버로 API에 접속한다면(kubeadm v1.19.1부터의 kubeconfig, 여기서는 버전을 보지 못했습니다) 그 API 서버가 재시작하는 동안 Lease를 갱신하지 못하고, 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스({{standbys}})가 넘겨받습니다.',
      coredns:
        '클러스터 DNS({{workload}})는 {{replicas}}개 중 {{ready}}개 레플리카가 {{nodes}}에서 준비되어 있습니다. 하나가 재시작하는 동안 나머지가 계속 응답합니다 (모두 응답하지 않으면: {{addonStops}})',
      'coredns-single':
        '클러스터 DNS({{workload}})의 준비된 레플리카가 {{ready}}개뿐입니다. 재시작하는 동안: {{addonStops}}',
      'coredns-not-here':
        '{{node}}에는 클러스터 DNS 파드가 없습니다(실행 중인 노드: {{nodes}}). 재시작할 것이 없습니다.',
      cni: '{{node}}의 CNI 에이전트({{plugin}}) 재시작: 기존 파드 네트워킹은 커널에 남아 계속 동작합니다. {{node}}의 새 파드만 에이전트가 돌아올 때까지 네트워크를 기다립니다.',
      'cni-no-api':
        'API 서버가 서비스하지 않습니다. CNI 에이전트({{plugin}})는 대부분 API 서버를 통해 상태를 읽으므로 Ready로 돌아오지 못할 수 있고, 새 파드는 네트워크를 받지 못합니다.',
      'container-runtime':
        '{{node}}의 컨테이너 런타임 재시작: containerd(와 CRI-O)에서는 실행 중인 컨테이너가 살아남지만, 돌아올 때까지 kubelet이 아무것도 시작·중지·점검할 수 없습니다. live-restore 없는 Docker라면 {{node}}의 모든 컨테이너가 종료됩니다.',
    },
    'rolling-update': {
      rolling:
        'DaemonSet {{daemonSet}}: RollingUpdate, maxUnavailable {{maxUnavailableText}}. 노드 {{desired}}대의 파드가 한 번에 최대 {{maxUnavailable}}개씩 재시작합니다.',
      'on-delete':
        'DaemonSet {{daemonSet}}의 updateStrategy는 OnDelete입니다. 파드를 직접 삭제해야 새 버전이 노드에 반영됩니다.',
      'all-at-once':
        'DaemonSet {{daemonSet}}: maxUnavailable {{maxUnavailableText}}(이)라 노드 {{desired}}대의 파드가 한꺼번에 재시작할 수 있습니다.',
      'not-ready':
        'DaemonSet {{daemonSet}}: 지금 {{desired}}개 중 {{ready}}개만 Ready입니다. 롤아웃은 준비되지 않은 {{notReady}}개를 기다립니다.',
      deployment:
        '디플로이먼트 {{workload}}: 레플리카 {{replicas}}개 중 {{ready}}개 준비, maxUnavailable {{maxUnavailableText}}. 한 번에 최대 {{maxUnavailable}}개가 내려갑니다.',
      'all-at-once-deployment':
        '디플로이먼트 {{workload}}: maxUnavailable {{maxUnavailableText}}(이)라 준비된 레플리카 {{ready}}개가 한꺼번에 내려갈 수 있습니다.',
      'no-api':
        'API 서버가 서비스하지 않습니다. 컨트롤러가 필요하므로 롤아웃이 진행되지 않고, 지금 삭제한 파드는 다시 만들어지지 않습니다.',
      'static-pods':
        '{{component}}(은)는 {{nodes}}에서 정적 파드로 실행됩니다. 컨트롤러가 롤링하지 않으므로 컨트롤 플레인 노드를 한 대씩 갱신합니다(매니페스트 변경 또는 kubeadm으로 업그레이드).',
      'static-single': '{{component}}(은)는 노드 하나({{nodes}})에서만 실행됩니다. 갱신하는 동안 멈춥니다.',
      'etcd-spare-unknown':
        'etcd에 재시작할 여유 멤버가 있는지 알 수 없습니다: 투표 멤버 {{voters}}대(쿼럼 {{quorum}})가 노드로부터 추정되었지만 etcd 멤버 {{voters}}대 중 {{unknown}}대의 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없음). 첫 멤버를 재시작하기 전에 모든 etcd 멤버가 정상인지 확인하세요.',
      'etcd-no-spare':
        'etcd에 여유 멤버가 없습니다(투표 멤버 {{voters}}대, 쿼럼 {{quorum}}). 어느 멤버를 재시작해도 쿼럼을 잃습니다. 먼저 빠진 멤버를 복구하세요.',
      'node-by-node':
        '{{component}}(은)는 모든 노드({{count}}대)에서 실행됩니다. 쿠버네티스 밖(패키지, systemd)에서 노드별로 갱신합니다.',
    },
    'node-down': {
      // 사라진 노드의 파드를 무엇이 복구하는가 (node-down.ts LossRecovery; issue 16, reader5 F14, F19, F22).
      'timeline-no-controller':
        '{{node}}(이)가 사라지면 아무것도 그 노드를 NotReady로 표시하거나, 파드를 Service 엔드포인트에서 빼거나, 축출하지 않습니다: 그것은 kube-controller-manager의 노드 라이프사이클 컨트롤러가 API 서버를 거쳐 하는 일인데, {{node}} 없이는 동작하는 컨트롤 플레인이 없습니다. 그 파드는 {{node}}(이)가 돌아올 때까지 그 노드에 묶인 채 다운입니다.',
      'timeline-writes-blocked':
        'etcd가 쓰기를 거부하는 동안({{alarms}} 알람) {{node}}(이)가 사라지면, 아무것도 그 노드를 NotReady로 표시하거나, 파드를 Service 엔드포인트에서 빼거나, 축출하지 않습니다: 모두 쓰기입니다. 그 파드는 알람이 해제되거나(그 뒤 {{node}}(이)가 NotReady가 되고 {{tolerationS}}초 뒤 파드가 축출됨) {{node}}(이)가 돌아올 때까지 그 노드에 묶인 채 다운입니다.',
      'timeline-no-other-node':
        '{{node}}(이)가 사라지면: {{graceS}}초(node-monitor grace period) 후 NotReady/Unknown으로 표시되고 파드가 Service 엔드포인트에서 빠집니다. 그 후 {{tolerationS}}초(기본 NoExecute toleration)가 지나면 컨트롤 플레인이 살아 있을 때 taint manager가 파드를 축출하지만, 그 파드를 실행할 Ready 노드가 따로 없습니다: 파드는 Pending으로 남고, {{node}}(이)가 돌아오거나 노드가 추가될 때까지 모든 워크로드가 다운입니다.',
      'timeline-statefulset':
        '{{node}}(이)가 드레인 없이 사라지면: {{graceS}}초(node-monitor grace period) 후 NotReady/Unknown으로 표시되고 파드가 Service 엔드포인트에서 빠집니다. 그 후 {{tolerationS}}초(기본 NoExecute toleration)가 지나면 taint manager가 파드 {{count}}개를 삭제합니다(전체 약 {{totalS}}초, 컨트롤 플레인이 살아 있을 때). Deployment와 ReplicaSet의 파드는 다른 곳에 다시 만들어지지만, StatefulSet 파드({{statefulSetPods}})는 그렇지 않습니다. {{node}}의 kubelet이 중지를 확인하거나, {{node}}(이)가 꺼진 것이 확실할 때 누군가 강제 삭제할 때까지 Terminating(Unknown)으로 남고, 그 뒤에야 StatefulSet이 다시 만듭니다.',
      'timeline-unseen':
        '{{node}}(이)가 드레인 없이 사라지면: {{graceS}}초(node-monitor grace period) 후 NotReady/Unknown으로 표시되고 파드가 Service 엔드포인트에서 빠집니다. 그 후 {{tolerationS}}초(기본 NoExecute toleration)가 지나면 taint manager가 파드(데이터에 모두 있지는 않음)를 축출하고, 파드는 다른 곳에 다시 만들어집니다(전체 약 {{totalS}}초, 컨트롤 플레인이 살아 있을 때).',
      timeline:
        '{{node}}(이)가 드레인 없이 사라지면: {{graceS}}초(node-monitor grace period) 후 NotReady/Unknown으로 표시되고 파드가 Service 엔드포인트에서 빠집니다. 그 후 {{tolerationS}}초(기본 NoExecute toleration)가 지나면 taint manager가 파드 {{count}}개를 축출하고, 파드는 다른 곳에 다시 만들어집니다(전체 약 {{totalS}}초, 컨트롤 플레인이 살아 있을 때).',
      'timeline-none':
        '{{node}}(이)가 드레인 없이 사라지면: {{graceS}}초(node-monitor grace period) 후 NotReady/Unknown으로 표시됩니다(컨트롤 플레인이 살아 있을 때). 축출되어 다른 곳에 다시 만들어질 파드는 없습니다(DaemonSet과 정적 파드뿐이며, 이들은 노드와 함께 남습니다).',
      'timeline-unlisted':
        '{{node}}(이)가 드레인 없이 사라지면: {{graceS}}초(node-monitor grace period) 후 NotReady/Unknown으로 표시됩니다(컨트롤 플레인이 살아 있을 때). 스냅샷에 {{node}}의 파드가 DaemonSet 파드조차 하나도 없어, 거기서 무엇이 실행되는지는 알 수 없습니다: 파드가 있다면 그때 Service 엔드포인트에서 빠지고, {{tolerationS}}초(기본 NoExecute toleration) 뒤 taint manager가 축출해 다른 곳에 다시 만들어집니다.',
      'pdb-no-protection':
        'PodDisruptionBudget은 이 경우를 막지 못합니다. 축출을 제한할 뿐 노드 장애는 막지 않습니다.',
    },
    'control-plane-down': {
      all: '컨트롤 플레인 노드 {{count}}대({{nodes}}) 모두 다운: API 서버, etcd, 스케줄러, 컨트롤러 매니저가 없습니다. 실행 중인 파드는 계속 실행되고 서비스하지만, 돌아올 때까지 아무것도 바꾸거나 스케줄하거나 치유할 수 없습니다.',
      apiservers:
        '모든 API 서버({{apiservers}}대) 다운: 클러스터 상태를 읽거나 쓸 수 없습니다. 실행 중인 파드는 계속 서비스하고, 스케줄러와 컨트롤러는 기다립니다.',
      managed:
        '컨트롤 플레인은 제공업체가 운영합니다. 다운되어도 같은 일이 일어나지만(실행 중인 파드는 계속 서비스, 변경 불가) 여기서는 그 HA를 볼 수 없습니다.',
      'dns-on-masters':
        '모든 클러스터 DNS 파드({{workload}})가 컨트롤 플레인 노드({{nodes}})에서 실행됩니다. 클러스터 DNS도 함께 다운됩니다.',
      'workloads-on-masters': '컨트롤 플레인 노드에서 워크로드가 실행되어 함께 다운됩니다: {{pods}}.',
    },
    'etcd-quorum-loss': {
      facts:
        'etcd 투표 멤버 {{voters}}대 중 지금 {{healthy}}대가 정상입니다(쿼럼 {{quorum}}): 멤버 {{away}}대에 장애가 더 생기면 쿼럼을 잃습니다. 쿼럼이 없으면 etcd는 쓰기를 받지 않아 API 서버가 아무것도 바꿀 수 없습니다.',
      'already-lost':
        'etcd는 이미 쿼럼을 잃었습니다: {{voters}}대 중 {{healthy}}대 정상, 쿼럼 {{quorum}}. 지금은 쓰기가 불가능합니다.',
      managed:
        'etcd는 제공업체가 운영하여 관찰할 수 없습니다. 쿼럼이 없으면 API 서버는 아무것도 바꿀 수 없습니다.',
      unobserved:
        '여기서는 etcd를 관찰할 수 없습니다(etcd 파드나 데이터 없음). 쿼럼이 없으면 API 서버는 아무것도 바꿀 수 없습니다.',
    },
    'component-down': {
      'etcd-leader-node':
        '{{node}}(이)가 etcd 리더입니다: 장애가 난 리더는 리더 역할을 넘기지 않습니다. 나머지 멤버가 선출 타임아웃(election timeout, 기본 {{electionTimeoutMs}} ms)이 지난 뒤에야 새 리더를 뽑고, 그때까지 쓰기가 기다립니다.',
      'etcd-leader-node-writes-blocked':
        '{{node}}(이)가 etcd 리더입니다: 장애가 난 리더는 리더 역할을 넘기지 않고, 나머지 멤버가 선출 타임아웃(election timeout, 기본 {{electionTimeoutMs}} ms) 뒤 새 리더를 뽑습니다. 그래도 쓰기는 계속 거부됩니다: 누가 리더든 켜진 알람이 해제될 때까지(NOSPACE라면 compact와 defrag 뒤) 쓰기를 막습니다.',
      'etcd-member-node':
        '{{node}}의 etcd 멤버는 다시 시작될 때까지 내려가 있습니다(kubelet은 프로세스가 종료되거나 liveness probe가 실패한 정적 파드를 다시 시작함: kubeadm은 etcd에 포트 2381의 /livez 또는 /health probe를 둠. 멈췄어도 probe를 통과하는 멤버는 다시 시작되지 않음). etcd 투표 멤버 {{voters}}대, 쿼럼 {{quorum}}.',
      'etcd-member-no-spare':
        '{{node}}의 etcd 멤버는 다시 시작될 때까지 내려가 있습니다(kubelet은 프로세스가 종료되거나 liveness probe가 실패한 정적 파드를 다시 시작함: kubeadm은 etcd에 포트 2381의 /livez 또는 /health probe를 둠. 멈췄어도 probe를 통과하는 멤버는 다시 시작되지 않음). 그동안 etcd(투표 멤버 {{voters}}대, 쿼럼 {{quorum}})에 여유가 없습니다: 멤버가 하나 더 장애 나면 쿼럼을 잃습니다.',
      'apiserver-node':
        '{{node}}의 API 서버는 다시 시작될 때까지 내려가 있습니다: API 용량이 {{before}}에서 {{after}}(으)로 줄고, 로드 밸런서 뒤의 클라이언트는 헬스 체크가 {{node}}(을)를 빼면 {{others}}(을)를 통해 계속 동작합니다.',
      'apiserver-node-vip':
        '{{node}}의 API 서버는 다시 시작될 때까지 내려가 있습니다: API 용량이 {{before}}에서 {{after}}(으)로 줄고, VIP를 거치지 않고 {{others}}에 직접 접속하는 클라이언트만 계속 동작합니다.',
      'apiserver-last-node':
        '{{node}}의 API 서버가 유일하게 살아 있는 API 서버입니다: 장애가 나면 다시 시작될 때까지 모든 API 호출(kubectl, 컨트롤러, 스케줄링)이 멈춥니다. 실행 중인 파드와 Service 트래픽은 영향이 없습니다.',
      'leader-local-api':
        '{{node}}의 {{component}}(이)가 리더 Lease를 보유하고 있으며 {{node}} 자신의 API 서버로만 API에 접속합니다(kubeadm이 kubeconfig를 로드 밸런서가 아닌 그 API 서버로 지정). 그 API 서버가 다운된 동안 Lease를 갱신하지 못해 리더 역할을 내려놓고, Lease가 만료되면 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스({{standbys}})가 넘겨받습니다.',
      'leader-local-api-only':
        '{{node}}의 {{component}}(이)가 리더 Lease를 보유하고 있으며 {{node}} 자신의 API 서버로만 API에 접속합니다(kubeadm이 kubeconfig를 로드 밸런서가 아닌 그 API 서버로 지정). 다른 노드에 대기 인스턴스가 없습니다: 그 API 서버가 다운된 동안 Lease를 갱신하지 못하고, API 서버가 다시 시작될 때까지 멈춥니다.',
      'leader-local-api-unknown':
        '{{node}}의 {{component}}(이)가 리더 Lease를 보유하고 있습니다. {{node}} 자신의 API 서버로 API에 접속한다면(kubeadm v1.19.1부터의 kubeconfig, 여기서는 버전을 보지 못했습니다) 그 API 서버가 다운된 동안 Lease를 갱신하지 못하고, 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스({{standbys}})가 넘겨받습니다.',
      'scheduler-leader-node':
        '{{node}}(이)가 kube-scheduler 리더 Lease를 보유하고 있습니다: 장애가 나면 대기 인스턴스({{standbys}})가 Lease가 만료된 뒤({{leaseDurationSeconds}}초)에야 Lease를 가져가며, 그동안 새 파드가 스케줄되지 않습니다. {{node}}의 kube-scheduler는 다시 시작될 때까지 내려가 있습니다.',
      'scheduler-only-node':
        '{{node}}에서 유일한 kube-scheduler가 실행됩니다: 다시 시작될 때까지 파드가 스케줄되지 않습니다.',
      'scheduler-standby-node':
        '{{node}}의 kube-scheduler는 대기 인스턴스입니다(리더는 {{holder}}): 스케줄링은 계속되고, 다시 시작될 때까지 대기 인스턴스가 하나 줄어듭니다.',
      'controller-manager-leader-node':
        '{{node}}(이)가 kube-controller-manager 리더 Lease를 보유하고 있습니다: 장애가 나면 대기 인스턴스({{standbys}})가 Lease가 만료된 뒤({{leaseDurationSeconds}}초)에야 Lease를 가져가며, 그동안 조정(reconciliation)이 멈춥니다. {{node}}의 kube-controller-manager는 다시 시작될 때까지 내려가 있습니다.',
      'controller-manager-only-node':
        '{{node}}에서 유일한 kube-controller-manager가 실행됩니다: 다시 시작될 때까지 조정(자동 복구, 엔드포인트 갱신)이 멈춥니다.',
      'controller-manager-standby-node':
        '{{node}}의 kube-controller-manager는 대기 인스턴스입니다(리더는 {{holder}}): 조정은 계속되고, 다시 시작될 때까지 대기 인스턴스가 하나 줄어듭니다.',
      scheduler:
        'kube-scheduler가 모두 다운(인스턴스: {{instances}}, 리더 {{holder}}): 새 파드와 대체 파드가 Pending에 머뭅니다. 인스턴스 하나만 다운되면 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스가 넘겨받습니다.',
      'controller-manager':
        'kube-controller-manager가 모두 다운(인스턴스: {{instances}}, 리더 {{holder}}): 자동 복구, 엔드포인트 갱신, 노드 장애 처리가 멈춥니다. 인스턴스 하나만 다운되면 약 {{leaseDurationSeconds}}초 안에 대기 인스턴스가 넘겨받습니다.',
      'kube-proxy':
        '모든 노드에서 kube-proxy 다운: 커널에 이미 있는 Service 규칙은 계속 전달하지만 어디에서도 규칙이 갱신되지 않습니다.',
      coredns:
        '클러스터 DNS 다운: 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다. 이미 열린 연결은 계속 동작합니다.',
      kubelet:
        '모든 노드에서 kubelet 다운: 컨테이너는 계속 실행되지만 {{graceS}}초 후 모든 노드가 NotReady가 되고 아무것도 시작·중지·점검되지 않습니다.',
      'container-runtime':
        '모든 노드에서 컨테이너 런타임 다운: containerd에서는 실행 중인 컨테이너가 살아남지만 아무것도 시작할 수 없고, {{graceS}}초 후 노드가 NotReady가 됩니다.',
      cni: '모든 노드에서 CNI 에이전트({{plugin}}) 다운: 기존 파드 네트워킹은 계속 동작하고, 새 파드는 네트워크를 받지 못합니다.',
      'kubelet-node-writes-blocked':
        '{{node}}에서 kubelet 다운: 그곳의 파드는 계속 실행되지만 더 이상 관리되지 않습니다 (시작·중지·프로브 없음). etcd에 활성 알람({{alarms}})이 있어 모든 쓰기를 거부하므로, 노드 컨트롤러가 {{node}}(을)를 NotReady로 표시하거나 taint를 달 수 없습니다: 알람이 해제될 때까지 파드는 Service 엔드포인트에 남고, 아무것도 축출되거나 다른 곳에 다시 만들어지지 않습니다.',
      'kubelet-node':
        '{{node}}에서 kubelet 다운: 그곳의 파드는 계속 실행되지만 더 이상 관리되지 않습니다 (시작·중지·프로브 없음). {{graceS}}초(이 버전의 node-monitor grace period) 뒤 {{node}}(은)는 NotReady가 되어 Service 엔드포인트에서 빠지고, {{tolerationS}}초 뒤 파드가 축출됩니다 (컨트롤러가 있는 파드는 다른 곳에 다시 만들어짐).',
      'kube-proxy-node':
        '{{node}}에서 kube-proxy 다운: 커널에 이미 있는 Service 규칙은 계속 전달하지만 더 이상 갱신되지 않아, {{node}}에서 나가는 트래픽이 사라진 엔드포인트로 갈 수 있고 새 엔드포인트에는 닿지 않습니다.',
      'cni-node':
        '{{node}}에서 CNI 에이전트({{plugin}}) 다운: 이미 실행 중인 파드는 네트워크를 유지하지만, {{node}}에 새로 배치되는 파드는 네트워크를 받지 못해 시작되지 않습니다.',
    },
    'drain-api': {
      'api-down':
        'API 서버가 서비스하지 않습니다. kubectl drain은 {{node}}(을)를 cordon하거나 아무것도 축출할 수 없습니다(축출은 API 호출입니다).',
    },
    'version-skew': {
      versions:
        '버전: kube-apiserver {{apiserverRange}}(이미지 태그), kubelet {{kubeletRange}}(status.nodeInfo). {{node}}의 버전은 {{current}}.',
      'kubelets-only': 'kubelet 버전 {{kubeletRange}}(status.nodeInfo). API 서버 버전은 보이지 않습니다.',
      'apiservers-apart':
        'API 서버끼리 마이너 버전이 {{apiserverMaxSkew}} 넘게 차이 납니다({{apiserverOldest}}, {{apiserverNewest}}). 지원 범위 밖이니 진행 중인 업그레이드를 먼저 끝내세요.',
      'upgrade-in-progress':
        '컨트롤 플레인 업그레이드가 진행 중입니다: API 서버가 {{apiserverOldest}}(과)와 {{apiserverNewest}}(으)로 섞여 있습니다.',
      'kubelet-newer':
        'kubelet({{kubeletNewest}})이 가장 오래된 API 서버({{apiserverOldest}})보다 새 버전입니다. kubelet은 API 서버보다 새 버전이면 안 됩니다.',
      'kubelet-too-old':
        '가장 오래된 kubelet({{kubeletOldest}})이 API 서버({{apiserverNewest}})보다 마이너 버전 {{kubeletMaxSkew}}개 넘게 뒤처져 있습니다.',
      'kubelets-fall-behind':
        '{{target}}(으)로 업그레이드하면 {{kubeletOldest}} kubelet이 마이너 버전 {{kubeletMaxSkew}}개 넘게 뒤처집니다. 워커도 곧이어 업그레이드하세요.',
      'skips-minor':
        '{{node}}(을)를 {{current}}에서 {{target}}(으)로 올리면 마이너 버전을 건너뜁니다. 한 번에 마이너 버전 하나씩 올리세요.',
      downgrade:
        '{{target}}(은)는 {{node}}의 현재 버전({{current}})보다 낮습니다. 다운그레이드는 kubeadm이 지원하지 않습니다.',
    },
    'upgrade-packages': {
      legacy:
        '{{next}} 패키지(kubeadm, kubelet, kubectl)는 레거시 저장소 apt.kubernetes.io와 yum.kubernetes.io에만 배포되었고, 이 저장소는 2023년 9월에 동결되어 2024년 3월에 삭제되었습니다 (pkgs.k8s.io는 v1.24부터): 문서의 kubeadm 업그레이드 방법으로는 설치할 수 없고, {{current}}(은)는 지원이 끝난 지 오래입니다.',
    },
    'upgrade-order': {
      'cluster-start':
        '클러스터 전체의 업그레이드를 물으셨습니다. 클러스터는 "순서"에 있는 순서와 단계에 따라 컨트롤 플레인부터 노드별로 업그레이드하며, {{node}}부터 시작합니다. 판정은 첫 단계인 {{node}}에 대한 것입니다. 단계마다 판정을 보려면 "모든 노드 하나씩 업그레이드"라고 물어보세요.',
      'cluster-next':
        '클러스터 전체의 업그레이드를 물으셨습니다. 클러스터는 컨트롤 플레인부터 노드별로 업그레이드하며, 업그레이드가 이미 진행 중입니다. 다음 노드는 {{node}}이며 순서와 단계는 "순서"에 있습니다. 판정은 {{node}}에 대한 것입니다.',
      'cluster-start-only':
        '클러스터 전체의 업그레이드를 물으셨습니다. {{node}}(이)가 클러스터의 유일한 노드이며, "순서"의 단계로 업그레이드합니다. 판정은 이 노드에 대한 것입니다.',
      'cluster-start-openshift':
        '클러스터 전체의 업그레이드를 물으셨습니다. OpenShift는 클러스터 버전 오퍼레이터로 클러스터 전체를 한 번에 업그레이드하며("순서"의 단계), 노드를 하나씩 손으로 올리지 않습니다. 판정은 Machine Config Operator가 드레인하고 재부팅하는 노드 중 하나인 {{node}}에 대한 것입니다.',
      'cluster-start-provider':
        '클러스터 전체의 업그레이드를 물으셨습니다. 제공자가 컨트롤 플레인을, 그다음 노드 풀을 업그레이드하며("순서"의 단계), 노드를 하나씩 손으로 올리지 않습니다. 판정은 제공자가 드레인하고 교체하는 노드 중 하나인 {{node}}에 대한 것입니다.',
      'cluster-start-unknown':
        '클러스터 전체의 업그레이드를 물으셨습니다. 이 배포판을 어떻게 업그레이드하는지 클러스터에서 알 수 없어 특정 도구의 명령은 드리지 않고, "순서"에 일반적인 순서만 드립니다. 판정은 업그레이드가 시작될 노드인 {{node}}에 대한 것입니다.',
      'cluster-start-k3d':
        '클러스터 전체의 업그레이드를 물으셨습니다. 이 클러스터는 k3d 클러스터 {{cluster}}이며, 노드를 하나씩 올리지 않고 그 릴리스의 이미지로 새 클러스터를 만들어 업그레이드합니다("순서"의 단계). 판정은 그 노드 중 하나인 {{node}}에 대한 것입니다.',
      'control-plane':
        '업그레이드 순서: 컨트롤 플레인 노드를 하나씩, {{node}}부터(upgrade apply로) 시작해 {{others}}(kubeadm upgrade node) 순으로, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로. 그다음 워커.',
      'control-plane-only':
        '업그레이드 순서: {{node}}(이)가 유일한 컨트롤 플레인 노드입니다(upgrade apply로). 그다음 워커.',
      'control-plane-partial':
        '업그레이드 순서: 컨트롤 플레인 노드를 하나씩, 각각 Ready이고 etcd가 정상인 것을 확인한 뒤 다음으로, 그다음 워커. 파일에는 OpenShift의 etcd quorum guard가 세는 컨트롤 플레인 노드 {{total}}대 중 {{node}}만 있어, 나머지 {{unseen}}대와 그중 어느 것이 이미 업그레이드되었는지는 파일로 알 수 없습니다.',
      'control-plane-only-no-workers':
        '업그레이드 순서: {{node}}(이)가 유일한 컨트롤 플레인 노드이고(upgrade apply로), 워커 노드는 없습니다.',
      'control-plane-next':
        '업그레이드 순서: {{upgraded}}(은)는 이미 {{upgradedVersion}}입니다. 다음은 {{node}}(kubeadm upgrade node), 그다음 {{others}}, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로. 그다음 워커.',
      'control-plane-last':
        '업그레이드 순서: {{upgraded}}(은)는 이미 {{upgradedVersion}}입니다. {{node}}(이)가 마지막 컨트롤 플레인 노드입니다(kubeadm upgrade node). 그다음 워커.',
      worker:
        '업그레이드 순서: 컨트롤 플레인({{controlPlaneNodes}})을 먼저, 그다음 {{node}} 같은 워커를 하나 또는 몇 개씩.',
      'worker-no-control-plane-node':
        '업그레이드 순서: 컨트롤 플레인을 먼저(노드 중에 컨트롤 플레인 노드가 없으니 실행되는 곳에서, 예를 들어 제공자를 통해 올리세요), 그다음 {{node}} 같은 워커를 하나 또는 몇 개씩.',
      'control-plane-first':
        '컨트롤 플레인을 먼저 {{target}}(으)로 올리세요. API 서버가 {{apiserverOldest}}이고, kubelet은 API 서버보다 새 버전이면 안 됩니다.',
      'control-plane-no-workers':
        '업그레이드 순서: 컨트롤 플레인 노드를 하나씩, {{node}}부터(upgrade apply로) 시작해 {{others}}(kubeadm upgrade node) 순으로, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로.',
      'control-plane-next-no-workers':
        '업그레이드 순서: {{upgraded}}(은)는 이미 {{upgradedVersion}}입니다. 다음은 {{node}}(kubeadm upgrade node), 그다음 {{others}}, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로.',
      'control-plane-last-no-workers':
        '업그레이드 순서: {{upgraded}}(은)는 이미 {{upgradedVersion}}입니다. {{node}}(이)가 마지막 컨트롤 플레인 노드입니다(kubeadm upgrade node).',
      openshift:
        '업그레이드 순서: OpenShift는 노드별이 아니라 클러스터 전체를 한 번에 업그레이드합니다. 클러스터 버전 오퍼레이터(oc adm upgrade)가 컨트롤 플레인을 올리고, 그다음 Machine Config Operator가 {{node}}(을)를 포함한 모든 노드를 machine config pool마다 한 대씩 직접 드레인하고 재부팅합니다. {{node}}(을)를 손으로 업그레이드하지 마세요.',
      provider:
        '업그레이드 순서: 제공자가 컨트롤 플레인을 먼저, 그다음 노드 풀을 업그레이드합니다. 노드 풀은 서지 방식으로 업그레이드됩니다: 제공자가 새 버전의 노드를 먼저 추가한 뒤 {{node}}(을)를 포함한 기존 노드를 직접 cordon·드레인하고 삭제합니다. {{node}}(은)는 제자리에서 업그레이드되지 않고 교체됩니다: kubelet을 손으로 업그레이드하지 마세요.',
      'unknown-distribution':
        '업그레이드 순서: 데이터에 이 클러스터를 설치한 배포판(kubeadm, k3s, RKE2, OpenShift, 관리형 서비스)의 표시가 없어 특정 도구의 명령은 드리지 않습니다. 설치한 도구로 업그레이드하세요: 컨트롤 플레인을 먼저 한 노드씩, 그다음 워커를, 한 번에 마이너 버전 하나씩 (쿠버네티스 버전 차이 정책).',
      k3d: '업그레이드 순서: {{node}}(은)는 k3s를 Docker 컨테이너로 실행하는 k3d 클러스터 {{cluster}}의 노드입니다 (k3d.io). k3s 설치 스크립트는 컨테이너 안에서는 쓸 수 없고, k3d에는 업그레이드 명령이 없습니다: 새 k3s 릴리스는 그 릴리스의 rancher/k3s 이미지로 만든 새 노드 컨테이너, 즉 다시 만든 클러스터를 뜻합니다.',
      'k3s-server':
        '업그레이드 순서: k3s 서버를 하나씩, {{node}}부터 시작해 {{others}} 순으로, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로. 그다음 에이전트.',
      'k3s-server-no-agents':
        '업그레이드 순서: k3s 서버를 하나씩, {{node}}부터 시작해 {{others}} 순으로, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로.',
      'k3s-only-server': '업그레이드 순서: {{node}}(이)가 유일한 k3s 서버입니다. 그다음 에이전트.',
      'k3s-only-server-no-agents':
        '업그레이드 순서: {{node}}(이)가 유일한 k3s 서버이고, 에이전트는 없습니다.',
      'k3s-agent':
        '업그레이드 순서: k3s 서버({{controlPlaneNodes}})를 먼저, 그다음 {{node}} 같은 에이전트를 하나 또는 몇 개씩.',
      'rke2-server':
        '업그레이드 순서: RKE2 서버를 하나씩, {{node}}부터 시작해 {{others}} 순으로, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로. 그다음 에이전트.',
      'rke2-server-no-agents':
        '업그레이드 순서: RKE2 서버를 하나씩, {{node}}부터 시작해 {{others}} 순으로, 각각 Ready와 etcd 정상을 확인한 뒤 다음으로.',
      'rke2-only-server': '업그레이드 순서: {{node}}(이)가 유일한 RKE2 서버입니다. 그다음 에이전트.',
      'rke2-only-server-no-agents':
        '업그레이드 순서: {{node}}(이)가 유일한 RKE2 서버이고, 에이전트는 없습니다.',
      'rke2-agent':
        '업그레이드 순서: RKE2 서버({{controlPlaneNodes}})를 먼저, 그다음 {{node}} 같은 에이전트를 하나 또는 몇 개씩.',
    },
    'what-if-target': {
      'unknown-component': '{{component}} 컴포넌트는 모릅니다.',
      'unknown-node': '{{node}} 노드가 없습니다.',
    },
  },
  lost: {
    'leader-scheduler': {
      'held-here':
        '{{node}}(이)가 kube-scheduler 리더 Lease를 보유하고 있습니다: 노드가 내려가면 {{leaseDurationSeconds}}초 Lease가 만료된 뒤 리더 선출로 대기 인스턴스({{standbys}})가 넘겨받으며, 그동안 새 파드가 스케줄되지 않습니다.',
    },
    'leader-controller-manager': {
      'held-here':
        '{{node}}(이)가 kube-controller-manager 리더 Lease를 보유하고 있습니다: 노드가 내려가면 약 {{leaseDurationSeconds}}초 후 리더 선출로 대기 인스턴스({{standbys}})로 넘어가며, 그동안 조정(자동 복구, 엔드포인트 갱신)이 멈춥니다.',
    },
    'workloads-on-control-plane': {
      'system-stranded':
        '{{node}}의 애드온 파드({{pods}})는 축출되지도 다시 스케줄되지도 않습니다 ({{strandedText}}): {{node}}(이)가 돌아올 때까지 다운입니다.',
      system:
        '{{node}}의 애드온 파드({{pods}})는 드레인이 없으므로 바로 옮겨지지 않습니다. {{graceS}}초 후 {{node}}(이)가 NotReady/Unknown으로 표시되어 taint가 붙고, {{tolerationS}}초 NoExecute toleration이 끝나면 taint manager가 축출해 다시 스케줄됩니다.',
    },
    'emptydir-pods': {
      'present-stranded':
        '{{node}}에 emptyDir 데이터가 있는 파드: {{pods}}. 축출되지 않고 ({{strandedText}}) {{node}}(이)가 돌아올 때까지 그 노드에 묶여 있습니다.',
      present:
        '{{node}}에 emptyDir 데이터가 있는 파드: {{pods}}. {{node}}(이)가 {{graceS}}초 + {{tolerationS}}초보다 오래 다운되면 축출되어 다른 곳에 다시 만들어지고 그 데이터는 사라집니다.',
    },
    capacity: {
      fits: 'toleration이 끝난 뒤 축출될 파드 {{evictable}}개가 들어갈 자리가 Ready이고 스케줄 가능한 다른 노드에 있습니다.',
      'some-pending': '{{unplaced}}(을)를 받을 자리가 다른 곳에 없습니다. 축출되면 Pending으로 남습니다.',
      'none-fit': '다른 어떤 노드도 파드({{unplaced}})를 받을 수 없습니다. 축출되면 Pending으로 남습니다.',
      'only-node-unseen-partial':
        '데이터 안에서는 {{node}}(이)가 Ready이고 스케줄 가능한 유일한 노드이지만, 파일이 일부분이라 (OpenShift의 etcd quorum guard는 파일보다 컨트롤 플레인 노드를 {{count}}대 더 셉니다) {{node}}(이)가 다운된 동안 그 위에서 실행 중인 것(파드는 스냅샷에 없음)을 다른 노드가 받을 수 있는지는 알 수 없습니다.',
      'only-node-unseen-absent':
        '노드 목록에는 {{node}}에서 실행 중인 것을 받을 다른 노드가 없지만, 데이터의 파드가 목록에 없는 노드({{absentNodes}})에서 실행 중입니다: 노드 목록이 불완전하므로 {{node}}(이)가 다운된 동안 그 위에서 실행 중인 것(파드는 스냅샷에 없음)을 다른 노드가 받을 수 있는지는 알 수 없습니다.',
      'only-node-unseen':
        '{{node}}(은)는 Ready이고 스케줄 가능한 유일한 노드입니다: 그 위에서 실행 중인 것(파드는 스냅샷에 없음)은 노드가 다운된 동안 옮겨 갈 곳이 없습니다.',
    },
  },
  stops: {
    'etcd-member-removed':
      '{{node}}의 etcd 멤버(영구히: 멤버 목록에서 빠지고 예전 데이터로는 다시 합류할 수 없음, 빈 데이터 디렉터리로 새 멤버로서만 다시 합류)',
    'rule-updates':
      '{{node}}의 Service 규칙 갱신(새 Service, 엔드포인트 변경): kube-proxy가 내려가 있는 몇 초 동안',
    'rules-resync': '{{node}}의 Service 규칙 갱신: API 서버가 돌아올 때까지 kube-proxy가 재동기화할 수 없음',
    'rule-updates-rolling': '각 노드의 kube-proxy가 재시작하는 몇 초 동안 그 노드의 Service 규칙 갱신',
    'rule-updates-all': '모든 노드의 Service 규칙 갱신: 새 Service, 스케일되거나 옮겨진 파드가 반영되지 않음',
    kubelet: '{{node}}에서 kubelet이 내려가 있는 동안 파드 시작·중지, 프로브, 상태 갱신',
    'kubelet-writes-blocked':
      '{{node}}에서 실패하는 파드: etcd가 쓰기를 거부하는 동안 교체되지도 Service 엔드포인트에서 빠지지도 않음',
    'kubelet-down': '{{node}}에서 kubelet이 다시 시작될 때까지 파드 시작·중지·프로브와 상태 갱신',
    'kubelet-evicted':
      '{{node}}의 파드: NotReady가 되면({{graceS}}초) Service 엔드포인트에서 빠지고, {{tolerationS}}초 뒤 축출',
    'kube-proxy-down':
      'kube-proxy가 다시 시작될 때까지 {{node}}의 Service 규칙 갱신(새 Service, 엔드포인트 변경): 규칙이 낡아 갑니다',
    'cni-down': '{{node}}의 새 파드 네트워크 설정({{plugin}}): 에이전트가 돌아올 때까지 시작되지 않음',
    'api-all': '모든 API 호출과 kubectl 명령',
    'api-changes': '클러스터의 모든 변경: 매니페스트 적용, 스케일링, 롤아웃',
    'controllers-wait': '재시작하는 동안 스케줄링과 조정(reconciliation)',
    'apiserver-one': '{{node}}의 API 서버: API 용량이 {{before}}대에서 {{after}}대로 감소',
    'vip-clients':
      'VIP로 접속하는 모든 클라이언트의 API: {{node}}의 API 서버가 돌아오거나 VIP가 옮겨 갈 때까지',
    'vip-clients-stays': 'VIP로 접속하는 모든 클라이언트의 API: {{node}}의 API 서버가 돌아올 때까지',
    'k3d-node-pods': '{{node}}의 모든 파드: 노드 컨테이너와 그 파드가 다시 시작될 때까지',
    'apiserver-rolling': 'API 서버를 하나씩: 각각 재시작하는 동안 용량이 하나 줄어듦',
    'etcd-rolling': 'etcd 멤버를 하나씩: 리더가 재시작할 때 리더 교체(짧은 쓰기 지연)',
    'leader-rolling': '리더가 재시작할 때 약 {{seconds}}초 동안 {{component}} 작업',
    writes: 'etcd에 대한 모든 쓰기: 클러스터 상태가 고정됨',
    'etcd-member': '재시작하는 동안 {{node}}의 etcd 멤버',
    'etcd-election': '리더 역할이 다른 멤버로 넘어가는 잠깐 동안 etcd 쓰기',
    'etcd-member-down': '{{node}}의 etcd 멤버(다시 시작될 때까지)',
    'etcd-election-timeout':
      '선출 타임아웃({{electionTimeoutMs}} ms) 뒤 나머지 멤버가 새 리더를 뽑을 때까지 etcd 쓰기',
    'scheduler-lease-expiry':
      'Lease가 만료되어 대기 인스턴스가 가져갈 때까지 최대 {{leaseDurationSeconds}}초 동안 스케줄링',
    'controller-manager-lease-expiry':
      'Lease가 만료되어 대기 인스턴스가 가져갈 때까지 최대 {{leaseDurationSeconds}}초 동안 조정',
    scheduler: 'kube-scheduler가 돌아올 때까지 새 파드 스케줄링',
    'scheduler-failover': '대기 인스턴스가 Lease를 획득할 때까지 약 {{leaseDurationSeconds}}초 동안 스케줄링',
    'controller-manager': 'kube-controller-manager가 돌아올 때까지 조정(자동 복구, 엔드포인트 갱신)',
    'controller-manager-failover':
      '대기 인스턴스가 Lease를 획득할 때까지 약 {{leaseDurationSeconds}}초 동안 조정',
    'scheduling-pending': '스케줄링: 새 파드와 대체 파드가 Pending에 머묾',
    scheduling: '새 파드 스케줄링',
    'self-healing': '자동 복구: 죽은 파드의 ReplicaSet이 대체 파드를 만들지 못함',
    'node-failure': '노드 장애 감지와 재스케줄링',
    scaling: 'HPA/VPA 스케일링과 롤아웃',
    endpoints: 'Endpoints/EndpointSlice 갱신: 죽은 파드가 계속 Service 트래픽을 받음',
    'dns-all': '레플리카가 돌아올 때까지 클러스터 내부 이름 해석({{workload}})',
    'dns-one': '한 번에 클러스터 DNS 레플리카 하나',
    'cni-new-pods': '에이전트가 돌아올 때까지 {{node}}의 새 파드 네트워크 설정({{plugin}})',
    'cni-new-pods-rolling': '{{plugin}} 에이전트가 재시작하는 동안 각 노드의 새 파드 네트워크 설정',
    runtime: '{{node}}의 컨테이너 시작·중지·점검',
    'node-pods-unseen': '{{node}}의 파드(데이터에 모두 있지는 않음): 다른 곳에 다시 만들어질 때까지',
    'k3d-old-cluster':
      'k3d 클러스터 {{cluster}}를 지운 뒤의 그 워크로드: 새 클러스터에 배포한 것만 계속 서비스합니다',
    'node-pods': '{{node}}의 파드({{count}}개): 다른 곳에 다시 만들어질 때까지',
    'node-pods-none': '{{node}}의 kubelet, kube-proxy, CNI와 DaemonSet·정적 파드: 노드가 돌아올 때까지',
    'node-pods-unlisted': '{{node}}의 파드(스냅샷에 없어 무엇인지 모름): 다른 곳에 다시 만들어질 때까지',
    'node-pods-until-back': '{{node}}의 파드: {{node}}(이)가 돌아올 때까지, 다른 곳에서 대신하는 파드 없음',
    'every-workload': '클러스터의 모든 워크로드와 모든 Service 트래픽: 파드를 실행할 Ready 노드가 따로 없음',
    'node-pods-statefulset':
      '{{node}}의 파드({{count}}개): Deployment의 파드는 다른 곳에 다시 만들어질 때까지, StatefulSet 파드({{statefulSetPods}})는 {{node}}(이)가 돌아오거나 강제 삭제될 때까지',
    'leader-failover': '리더 선출이 Lease를 대기 인스턴스로 옮기는 약 {{seconds}}초 동안 {{component}} 작업',
    // No 각각 ("each"): Korean has no plural form here (no `_one`), so the text reads right for one pod too.
    'drain-evicts-refused':
      '드레인이 {{node}}에서 축출하는 파드 {{count}}개: 어드미션 웹훅 {{webhook}}에 백엔드가 없는 동안 대체 파드가 거부되어, 백엔드가 다시 생길 때까지 다시 만들어지지 않음',
    'drain-evicts': '드레인이 {{node}}에서 축출하는 파드 {{count}}개: 다른 노드에 다시 만들어짐',
    'drain-no-room':
      '드레인이 {{node}}에서 축출하는 파드 {{count}}개: 받아 줄 다른 노드가 없어 Pending으로 남음',
    'drain-stranded':
      '드레인이 {{node}}에서 축출하는 파드 {{count}}개: 유일한 노드라 uncordon할 때까지 Pending으로 남음',
    'drain-error-webhook':
      '드레인이 {{pods}}에서 멈춤: 그 축출은 어드미션 웹훅 {{webhooks}}(failurePolicy Fail)를 거치는데 드레인이 그 백엔드를 먼저 축출했으므로 API 서버가 HTTP 500("failed calling webhook")으로 답하고, 드레인은 429만 재시도하므로 그 오류로 멈추어 드레인이 끝나지 않음',
    'drain-error':
      '드레인이 {{pods}}에서 멈춤: PodDisruptionBudget 여러 개({{budgets}})가 그 파드를 선택해 축출이 HTTP 500으로 거부되고, 드레인은 429만 재시도하므로 그 오류로 멈추어 드레인이 끝나지 않음',
    'drain-waits':
      '드레인이 {{pods}}에서 멈춤: {{budgets}}(이)가 축출을 거부하고(HTTP 429) kubectl은 허용될 때까지 재시도하므로 그동안 드레인이 끝나지 않음',
    'drain-pinned':
      '{{node}}에 고정된 파드 {{count}}개 (데이터나 Rook mon/OSD가 그 노드에 있음): 축출된 뒤 uncordon할 때까지 Pending으로 남음',
    'drain-evicts-writes-blocked':
      '드레인 자체: {{node}}의 cordon과 파드 {{count}}개 축출은 쓰기이므로 etcd가 거부함',
    'drain-evicts-node-dead':
      '드레인의 완료: {{node}}의 파드 {{count}}개가 Terminating으로 남음 (NotReady: 축출을 확인해 줄 kubelet이 없음)',
    cordon: '{{node}}의 새 파드: uncordon할 때까지 노드가 cordon 상태',
    'delete-node':
      '클러스터 노드로서의 {{node}}: kubelet이 다시 등록할 때까지 아무것도 스케줄되지 않고 DaemonSet 파드도 다시 만들어지지 않음',
    'upgrade-node':
      '{{node}}(을)를 드레인·업그레이드·재시작하는 동안 그 노드의 kubelet과 파드(재부팅하면 약 {{seconds}}초)',
    'upgrade-node-replaced':
      '노드 풀이 {{node}}(을)를 교체하는 동안 그 노드의 파드: 노드 풀이 (서지 설정대로) 새 노드를 먼저 추가한 뒤 {{node}}(을)를 cordon·드레인하고 삭제합니다. 파드는 새 노드나 다른 노드에서 다시 시작합니다',
  },
  keeps: {
    'member-remove-refused': '모든 것(etcd가 제거를 거부하므로 {{node}}의 멤버는 그대로 남음)',
    'refused-pods':
      '{{node}}의 {{pods}}: {{budgets}}(이)가 중단을 허용하지 않는 동안 축출되지 않고 계속 실행됨',
    'running-pods': '이미 실행 중인 파드',
    'pod-traffic': '파드 간 트래픽(CNI는 노드 로컬)',
    'service-rules':
      '기존 엔드포인트로 가는 Service 트래픽: 커널에 이미 설정된 Service 규칙이 그대로 남아 계속 전달함',
    'existing-connections':
      '{{node}}(을)를 지나는 기존 연결은 계속 흐름: kube-proxy가 재시작하는 동안 커널 규칙이 그대로 남음',
    'existing-connections-all': '모든 노드에서 기존 연결은 계속 흐름',
    'containers-on-node': '{{node}}에서 실행 중인 컨테이너',
    'static-pods': '{{node}}의 컨트롤 플레인 정적 파드(kubelet이 재시작해도 멈추지 않음)',
    nodeport: '클러스터로 들어오는 NodePort와 LoadBalancer 경로',
    dns: '클러스터 DNS: 그 파드는 이미 가진 정보로 계속 응답',
    'dns-others': '나머지 클러스터 DNS 레플리카의 이름 해석',
    api: 'API와 kubectl',
    'api-others': '다른 API 서버를 통한 kubectl과 API: {{others}}',
    'api-others-direct':
      'VIP를 거치지 않고 다른 API 서버에 직접 접속하는 클라이언트의 kubectl과 API: {{others}}',
    'etcd-quorum': 'etcd 쿼럼({{voters}}대 중 {{quorum}}대)',
    'reads-maybe': 'API 서버가 watch 캐시로 답하는 일부 읽기(kubectl get은 답할 수도 있음)',
    controllers: 'API와 컨트롤러(대체 파드를 만들지만 스케줄을 기다림)',
    'scheduler-pending': 'API와 이미 있는 파드의 스케줄링',
    'other-nodes': '다른 노드와 그 파드',
    'other-nodes-ready': 'Ready인 다른 노드와 그 파드: {{nodes}}',
    'drain-daemonsets': '{{node}}의 DaemonSet 파드(드레인이 무시)와 노드 자체: 계속 실행됨',
    'cordon-pods': '{{node}}에서 실행 중인 모든 파드: cordon은 아무것도 축출하지 않음',
    'delete-node-static-pods':
      '{{node}}의 정적 파드(etcd, kube-apiserver 등): kubelet이 매니페스트로 실행하므로 Node 객체와 관계없이 계속 실행됨',
    'uncordon-pods': '{{node}}와 다른 노드에서 실행 중인 모든 파드: uncordon은 아무것도 옮기지 않음',
    'drain-pods': '{{node}}에서 실행 중인 모든 파드: 드레인이 축출 전에 멈춤',
    'drain-k3s-server-sqlite':
      '{{node}}의 k3s server 프로세스(API 서버, 스케줄러, 컨트롤러 매니저, k3s의 SQLite 데이터스토어): 드레인은 파드만 축출하므로 계속 실행됨',
    'drain-k3s-server-datastore':
      '{{node}}의 k3s server 프로세스(API 서버, 스케줄러, 컨트롤러 매니저가 들어 있고 상태는 SQLite 또는 외부 데이터스토어에 있음): 드레인은 파드만 축출하므로 계속 실행됨',
    'drain-k3s-server-etcd':
      '{{node}}의 k3s server 프로세스(API 서버, 스케줄러, 컨트롤러 매니저, 내장 etcd 멤버): 드레인은 파드만 축출하므로 계속 실행됨',
    'drain-static-pods':
      '{{node}}의 컨트롤 플레인 정적 파드: 드레인이 축출하지 않으므로 그곳의 API 서버와 etcd는 계속 실행됨',
  },
  interrupt: {
    'no-load-balancer-down':
      '클라이언트가 로드 밸런서 대신 {{node}}의 API 서버에 직접 접속하는 경우: 다시 시작될 때까지 API를 쓸 수 없음',
    'kube-proxy-restart':
      'API 서버에 연결되지 않는 동안 kube-proxy가 재시작할 때(컨트롤 플레인 장애 중 노드 재부팅 등): 재동기화할 수 없어 노드가 비어 있거나 오래된 규칙으로 시작할 수 있음',
    'backend-dies':
      'API 서버가 다운된 동안 백엔드 파드가 죽을 때: 엔드포인트를 뺄 수 없어 트래픽이 죽은 IP로 계속 감',
    'backend-dies-proxy':
      '{{node}}의 kube-proxy가 내려가 있는 동안 백엔드 파드가 죽을 때: kube-proxy가 돌아올 때까지 {{node}}(이)가 죽은 IP로 보냄',
    'backend-dies-proxy-rolling':
      '어느 노드의 kube-proxy가 재시작하는 동안 백엔드 파드가 죽을 때: 그 몇 초 동안 그 노드가 죽은 IP로 보냄',
    'backend-dies-proxy-all':
      'kube-proxy가 다운된 동안 백엔드 파드가 죽을 때: 모든 노드가 죽은 IP로 계속 보냄',
    'backend-dies-kcm':
      '컨트롤러 매니저가 없는 동안 백엔드 파드가 죽을 때: 엔드포인트가 남아 트래픽이 죽은 IP로 계속 감',
    'node-reboot':
      '그사이 노드가 재부팅될 때: 그 노드의 파드가 죽고, 컨트롤 플레인이 재스케줄하거나 kubelet이 재시작할 수 있어야 돌아옴',
    'workloads-on-masters': '워크로드({{count}}개)가 있는 컨트롤 플레인 노드가 다운될 때: {{pods}}',
    'no-load-balancer':
      '클라이언트가 로드 밸런서 대신 {{node}}의 API 서버에 직접 붙어 있을 때: 재시작 동안 API를 잃음',
    'kubelet-long':
      'kubelet이 {{graceS}}초 넘게 내려가 있을 때: 노드가 NotReady가 되고 파드가 실행 중인데도 Service 엔드포인트에서 빠짐. 그 후 {{tolerationS}}초가 지나면 축출됨',
    'container-dies':
      'kubelet이 내려가 있는 동안 {{node}}의 컨테이너가 죽을 때: kubelet이 돌아올 때까지 재시작되지 않음',
    'dns-no-api': '그사이 API 서버가 다운될 때: 삭제된 클러스터 DNS 파드가 다시 만들어지지 않음',
    'cni-restart': '{{plugin}} 에이전트가 돌아오지 않을 때: 새 파드가 네트워크를 받지 못함',
    'runtime-no-live-restore': '런타임이 live-restore 없는 Docker일 때: {{node}}의 모든 컨테이너가 함께 멈춤',
    'node-down-endpoints':
      '{{node}}(이)가 NotReady로 표시될 때까지 최대 {{graceS}}초 동안 Service가 트래픽 일부를 그 노드의 파드로 보내고, 그 요청은 실패함',
    'node-down-endpoints-until-back':
      '{{node}}(이)가 돌아올 때까지 Service가 트래픽 일부를 그 노드의 파드로 보내고(아무것도 엔드포인트에서 빼지 않음), 그 요청은 실패함',
    'node-pods-single-until-back':
      '어떤 워크로드의 레플리카가 모두 {{node}}에 있을 때: {{node}}(이)가 돌아올 때까지 다운',
    'node-pods-single':
      '어떤 워크로드의 레플리카가 모두 {{node}}에 있을 때: 다른 곳에 다시 만들어질 때까지 다운',
    'drain-single': '어떤 워크로드의 레플리카가 모두 {{node}}에 있을 때: 다른 곳에서 시작될 때까지 다운',
  },
  duration: {
    'kube-proxy': 'kube-proxy는 몇 초 안에 재시작하고, 첫 재동기화 후 {{node}}의 규칙이 다시 최신이 됨',
    kubelet: '재시작은 몇 초. {{graceS}}초 다운되면 NotReady, 그 후 {{tolerationS}}초 뒤 축출',
    'kubelet-down-writes-blocked':
      'etcd가 쓰기를 거부하는 동안 NotReady도 축출도 없음, 알람이 해제되면 {{node}}(은)는 NotReady가 되고(그때 Lease는 이미 {{graceS}}초보다 오래됨) 그 {{tolerationS}}초 뒤 파드 축출 (그 전에 kubelet이 돌아오지 않으면)',
    'kubelet-down':
      'kubelet이 멈추고 {{graceS}}초 뒤 {{node}}(은)는 NotReady, 그 {{tolerationS}}초 뒤 파드 축출 (그 전에 kubelet이 돌아오지 않으면)',
    apiserver: 'API 서버 재시작은 보통 {{health}}(이)가 통과할 때까지 수십 초',
    'etcd-election': 'etcd 리더 역할 이전은 보통 몇 초보다 훨씬 짧음',
    'etcd-rejoin': '리더가 아닌 etcd 멤버는 재시작 후 몇 초 안에 다시 합류하며, 리더 선출을 일으키지 않음',
    'etcd-rejoin-leader-unknown':
      '재시작한 etcd 멤버는 몇 초 안에 다시 합류함. 그 멤버가 리더였다면 정상 종료 시 먼저 다른 멤버에게 리더십을 넘기고(보통 몇 초 훨씬 안), 아니라면 선출은 없음',
    'etcd-election-timeout':
      '선출 타임아웃(기본 {{electionTimeoutMs}} ms)과 선출 한 번이 지나야 새 etcd 리더가 생김',
    'lease-expiry': 'Lease가 만료된 뒤 대기 인스턴스가 넘겨받음: 최대 {{seconds}}초',
    'until-restarted':
      '{{node}}의 인스턴스는 다시 시작될 때까지 내려가 있음: kubelet은 프로세스가 종료되거나 liveness probe가 실패한 정적 파드는 다시 시작하지만, 멈췄어도 probe를 통과하는 것은 다시 시작하지 않음',
    'leader-lease': '리더 교체는 최대 Lease 기간인 {{seconds}}초',
    // 장애가 난 노드는 스스로 돌아오지 않습니다 (reader5 F2): 재부팅 시간 없음.
    'node-down':
      '{{graceS}}초 후 NotReady, 그 후 {{tolerationS}}초 뒤 파드 축출(전체 약 {{totalS}}초). {{node}} 자체는 누군가 복구할 때까지 다운',
    'node-down-none': '{{graceS}}초 후 NotReady. 축출되거나 다른 곳에 다시 만들어지는 파드는 없음',
    'node-down-no-controller':
      '{{node}}(이)가 돌아올 때까지: 그동안 NotReady 표시, 축출, 다시 스케줄이 없고 자동 복구도 없음',
    'node-down-writes-blocked':
      '알람이 해제되거나 {{node}}(이)가 돌아올 때까지: 그동안 NotReady 표시와 축출이 없음',
    'node-down-no-other-node':
      '{{node}}(이)가 돌아오거나 노드가 추가될 때까지: {{graceS}}초 후 NotReady, {{tolerationS}}초 뒤 축출된 파드는 Pending으로 남음',
    'until-restored': '컨트롤 플레인이 복구될 때까지 계속되며 자동 복구는 없음',
    'after-restore': '복구 후, 하트비트가 {{graceS}}초보다 오래된 노드는 잠시 NotReady로 표시될 수 있음',
    quorum: '멤버가 충분히 돌아올 때까지. 과반을 영구히 잃으면 etcd 스냅샷에서 복원해야만 돌아옴',
  },
  steps: {
    daemonset:
      'DaemonSet 컨트롤러가 {{daemonSet}} 파드를 노드별로(한 번에 최대 {{maxUnavailable}}개) 교체하고, 앞의 것이 Ready가 된 뒤 다음으로 넘어감',
    'static-node':
      '{{position}}. {{node}}: {{component}}(을)를 갱신하고 Ready(와 etcd 정상)를 확인한 뒤 다음으로',
    'cp-first':
      '{{node}} 먼저: kubeadm 패키지를 {{target}}(으)로 올리고, kubeadm upgrade plan 확인, kubeadm upgrade apply {{target}} 실행, 그다음 드레인, kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet, uncordon',
    'cp-first-only-node':
      '{{node}} 먼저: kubeadm 패키지를 {{target}}(으)로 올리고, kubeadm upgrade plan 확인, kubeadm upgrade apply {{target}} 실행, 그다음 드레인 없이({{node}}(은)는 유일한 노드라 드레인해도 옮길 곳이 없고, kubelet 재시작이면 남을 것까지 지움) kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet',
    'cp-first-plan':
      '{{node}} 먼저: kubeadm 패키지를 올릴 릴리스로 업그레이드하고, kubeadm upgrade plan 실행, 거기 나오는 전체 버전(vX.Y.Z)으로 upgrade apply, 그다음 드레인, kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet, uncordon',
    'cp-first-plan-only-node':
      '{{node}} 먼저: kubeadm 패키지를 올릴 릴리스로 업그레이드하고, kubeadm upgrade plan 실행, 거기 나오는 전체 버전(vX.Y.Z)으로 upgrade apply, 그다음 드레인 없이({{node}}(은)는 유일한 노드라 드레인해도 옮길 곳이 없고, kubelet 재시작이면 남을 것까지 지움) kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet',
    'cp-first-next':
      '{{node}} 먼저, 다음 마이너인 {{next}} 패치 릴리스까지만(kubeadm은 마이너 버전 건너뛰기를 지원하지 않음): kubeadm 패키지를 그 릴리스로 올리고, kubeadm upgrade plan 실행, 거기 나오는 전체 버전(vX.Y.Z)으로 upgrade apply, 그다음 드레인, kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet, uncordon',
    'cp-first-next-only-node':
      '{{node}} 먼저, 다음 마이너인 {{next}} 패치 릴리스까지만(kubeadm은 마이너 버전 건너뛰기를 지원하지 않음): kubeadm 패키지를 그 릴리스로 올리고, kubeadm upgrade plan 실행, 거기 나오는 전체 버전(vX.Y.Z)으로 upgrade apply, 그다음 드레인 없이({{node}}(은)는 유일한 노드라 드레인해도 옮길 곳이 없고, kubelet 재시작이면 남을 것까지 지움) kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet',
    'cp-first-minor':
      '{{node}} 먼저: kubeadm에는 {{target}}(이)가 아닌 전체 버전(vX.Y.Z)이 필요합니다. kubeadm 패키지를 {{target}} 패치 릴리스로 올리고, kubeadm upgrade plan으로 그 버전을 확인해 upgrade apply에 지정, 그다음 드레인, kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet, uncordon',
    'cp-first-minor-only-node':
      '{{node}} 먼저: kubeadm에는 {{target}}(이)가 아닌 전체 버전(vX.Y.Z)이 필요합니다. kubeadm 패키지를 {{target}} 패치 릴리스로 올리고, kubeadm upgrade plan으로 그 버전을 확인해 upgrade apply에 지정, 그다음 드레인 없이({{node}}(은)는 유일한 노드라 드레인해도 옮길 곳이 없고, kubelet 재시작이면 남을 것까지 지움) kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet',
    'cp-first-one-minor':
      '{{node}} 먼저, 마이너 버전 하나씩: kubeadm은 {{current}}에서 {{target}}(으)로 한 번에 올릴 수 없습니다. 먼저 클러스터 전체를 {{next}} 패치 릴리스로 올리고(kubeadm upgrade plan으로 확인) 그다음 {{target}}(으)로 올리세요 (https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/)',
    'cp-next':
      '{{node}}: kubeadm 패키지 업그레이드, kubeadm upgrade node 실행, 그다음 드레인, kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet, uncordon',
    'cp-wait': '{{node}}(이)가 Ready이고 API 서버가 /readyz를 통과하며 etcd 멤버가 모두 정상일 때까지 기다림',
    'kubeadm-legacy':
      '{{current}}에서 {{next}}(으)로 가는 업그레이드 명령은 드리지 않습니다: 그 패키지는 지금 어떤 Kubernetes 저장소에서도 설치할 수 없습니다 (위 참고). 그 패키지의 자체 미러가 있다면 {{next}}용으로 쓰인 kubeadm 업그레이드 안내를 따르고(명령이 지금과 다름), 없다면 지원되는 릴리스로 다시 구축할 계획을 세우세요',
    'cp-partial':
      '{{node}}(과)와 파일에 없는 다른 컨트롤 플레인 노드 {{unseen}}대: 하나씩, 동시에 두 대는 안 됨 (etcd quorum guard는 컨트롤 플레인 노드 한 대의 중단만 허용)',
    'cp-not-ready':
      '먼저 {{nodes}}(을)를 복구하거나(Ready, etcd 멤버 정상) 교체하세요: 지금 NotReady라 이 순서에서 뺐고, 돌아온 뒤에 업그레이드합니다',
    'cp-others':
      '그다음 나머지 컨트롤 플레인 노드를 하나씩, 각각 같은 방법이되 kubeadm upgrade node로: {{others}}',
    'cp-remaining':
      '그다음 남은 컨트롤 플레인 노드를 하나씩, 각각 같은 방법이되 kubeadm upgrade node로: {{others}}',
    workers:
      '그다음 워커를 한 대(또는 몇 대)씩: kubeadm 패키지 업그레이드, kubeadm upgrade node 실행, 그다음 드레인, kubelet과 kubectl 패키지 업그레이드, kubelet 재시작, uncordon',
    'control-plane-before': '컨트롤 플레인 노드를 먼저 하나씩: {{controlPlaneNodes}}',
    'control-plane-before-kubeadm':
      '컨트롤 플레인 노드를 먼저 하나씩: {{first}}에서 upgrade apply, 그다음 {{others}}에서 kubeadm upgrade node',
    'control-plane-before-kubeadm-next':
      '컨트롤 플레인 노드를 먼저 하나씩, {{next}} 패치 릴리스로(다음 마이너까지만, kubeadm upgrade plan으로 확인): {{first}}에서 upgrade apply, 그다음 {{others}}에서 kubeadm upgrade node',
    'control-plane-before-kubeadm-only':
      '컨트롤 플레인 노드 {{first}}(을)를 먼저, upgrade apply로(kubeadm upgrade plan으로 확인)',
    'control-plane-before-kubeadm-only-next':
      '컨트롤 플레인 노드 {{first}}(을)를 먼저, {{next}} 패치 릴리스로(다음 마이너까지만, kubeadm upgrade plan으로 확인) upgrade apply로',
    worker:
      '그다음 {{node}}: kubeadm 패키지 업그레이드, kubeadm upgrade node 실행, 그다음 드레인, kubelet과 kubectl 패키지 업그레이드, systemctl daemon-reload && systemctl restart kubelet, uncordon',
    'openshift-check': '채널과 제공되는 업데이트 확인: oc adm upgrade',
    'openshift-start': '거기 나오는 버전으로 업데이트 시작(oc adm upgrade --to-latest=true는 가장 새 버전)',
    'openshift-watch':
      '모든 풀이 업데이트될 때까지 지켜보기: oc get clusterversion, oc get machineconfigpool',
    'provider-control-plane': '컨트롤 플레인을 먼저, 제공자를 통해(콘솔이나 CLI)',
    'provider-nodes':
      '그다음 {{node}}의 노드 풀을 제공자를 통해: 제공자가 새 노드를 먼저 추가하고(서지 설정) 기존 노드를 한 대(또는 몇 대)씩 cordon·드레인한 뒤 삭제',
    'unknown-control-plane':
      '먼저 컨트롤 플레인 노드를 한 대씩 클러스터를 설치한 도구로 업그레이드하고, 다음 노드 전에 Ready이며 API 서버가 응답하는지 (kubectl get --raw {{health}}) 확인하세요',
    'unknown-workers':
      '그다음 워커를 한 대(또는 몇 대)씩: 드레인, 같은 방법으로 kubelet 업그레이드, uncordon',
    'k3d-save':
      'k3d 클러스터 {{cluster}}에서 다시 배포할 수 없는 것(매니페스트, 볼륨 데이터)을 저장하세요: 데이터스토어는 기존 server 컨테이너 안에 있어 저절로 옮겨지지 않습니다',
    'k3d-create':
      'k3d cluster create에 --image로 그 릴리스의 rancher/k3s 이미지(태그는 k3s 버전의 +를 -로 바꾼 것)를 주어 새 k3d 클러스터를 만드세요',
    'k3d-move':
      '새 클러스터에 워크로드를 배포하고 클라이언트를 옮긴 뒤, 기존 클러스터를 지우세요 (k3d cluster delete {{cluster}})',
    'k3s-server':
      '{{node}} 먼저: 드레인하고, 같은 플래그에 INSTALL_K3S_VERSION을 릴리스(vX.Y.Z+k3sN 태그)로 지정해 k3s 설치 스크립트를 다시 실행(k3s가 재시작됨), uncordon',
    'server-wait': '{{node}}(이)가 Ready이고 API 서버가 /readyz를 통과할 때까지 기다림',
    'k3s-other-servers': '그다음 나머지 서버를 하나씩, 같은 방법으로: {{others}}',
    'k3s-agents':
      '그다음 에이전트를 한 대(또는 몇 대)씩: 드레인, 같은 INSTALL_K3S_VERSION으로 설치 스크립트 다시 실행(k3s-agent가 재시작됨), uncordon',
    'k3s-agent':
      '그다음 {{node}}: 드레인하고, 서버와 같은 INSTALL_K3S_VERSION으로 k3s 설치 스크립트를 다시 실행(k3s-agent가 재시작됨), uncordon',
    'rke2-server':
      '{{node}} 먼저: 드레인하고, INSTALL_RKE2_VERSION을 릴리스(vX.Y.Z+rke2rN 태그)로 지정해 RKE2 설치 스크립트를 다시 실행, systemctl restart rke2-server, uncordon',
    'rke2-other-servers': '그다음 나머지 서버를 하나씩, 같은 방법으로: {{others}}',
    'rke2-agents':
      '그다음 에이전트를 한 대(또는 몇 대)씩: 드레인, 같은 INSTALL_RKE2_VERSION과 INSTALL_RKE2_TYPE=agent로 설치 스크립트 다시 실행, systemctl restart rke2-agent, uncordon',
    'rke2-agent':
      '그다음 {{node}}: 드레인하고, 서버와 같은 INSTALL_RKE2_VERSION과 INSTALL_RKE2_TYPE=agent로 RKE2 설치 스크립트를 다시 실행, systemctl restart rke2-agent, uncordon',
  },
  advice: {
    'member-remove-manifest':
      '제거 직후 {{node}}의 /etc/kubernetes/manifests/etcd.yaml을 지우세요. 그러지 않으면 그 노드의 etcd 정적 파드가 제거된 멤버로 계속 시작하다가 크래시 루프에 빠집니다(etcdctl 대신 {{node}}에서 kubeadm reset을 실행하면 멤버와 매니페스트를 함께 제거함).',
    'member-remove-stop':
      '제거 직후 {{node}}의 etcd를 영구히 멈추고, 다시 합류시키기 전에 데이터 디렉터리를 비우세요: 제거된 멤버가 다시 시작하면 클러스터가 거부해 계속 실패합니다.',
    'member-remove-refused':
      '먼저 다운된 멤버({{down}})를 복구하고 클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 etcdctl endpoint health --cluster로 확인하세요: etcd는 남는 시작된 멤버가 쿼럼을 유지할 때만 제거를 받아들입니다.',
    'member-remove-last':
      '대신할 멤버를 먼저 추가한 뒤 이 멤버를 제거하세요: etcd는 마지막 멤버를 제거하지 않습니다.',
    'kubeadm-repo-apt':
      'Debian이나 Ubuntu 노드마다 패키지를 올리기 전에 저장소 줄을 {{next}}(으)로 바꾸세요(pkgs.k8s.io는 마이너마다 저장소가 따로 있고, 아직 apt.kubernetes.io를 가리키는 파일은 먼저 pkgs.k8s.io로 설정): {{command}}',
    'kubeadm-repo-yum':
      'RHEL 계열 노드마다 패키지를 올리기 전에 저장소를 {{next}}(으)로 바꾸세요(pkgs.k8s.io는 마이너마다 저장소가 따로 있고, 아직 yum.kubernetes.io를 가리키는 파일은 먼저 pkgs.k8s.io로 설정): {{command}}',
    'kubeadm-package': '그다음 그 노드에서 kubeadm 패키지를 올리세요: {{command}}',
    'kubelet-package':
      '나중에 그 노드의 kubelet과 kubectl 패키지를 올릴 때는 다음 명령을 쓰세요: {{command}}',
    'etcd-member-down':
      '클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 etcdctl endpoint health --cluster로 확인하고, 다른 유지보수보다 먼저 {{node}}의 멤버를 복구하세요.',
    'check-status-first':
      '먼저 "상태"를 물어보세요. 무엇이든 재시작하기 전에 API 서버에 연결되고 etcd가 정상이어야 합니다.',
    'restore-api-first':
      '먼저 API 서버를 복구하세요. API 서버에 연결되지 않는 동안 kube-proxy, kubelet, 노드를 재시작하지 마세요.',
    'verify-iptables': '재시작 후 {{node}}에 규칙이 돌아왔는지 확인하세요: iptables-save | grep -c KUBE-SVC',
    'verify-ipvs': '재시작 후 {{node}}의 가상 서버를 확인하세요: ipvsadm -Ln',
    'verify-nftables': '재시작 후 {{node}}의 테이블을 확인하세요: nft list table ip kube-proxy',
    'verify-iptables-each':
      '각 노드의 kube-proxy가 재시작되면 그 노드에 규칙이 돌아왔는지 확인하세요: iptables-save | grep -c KUBE-SVC',
    'verify-ipvs-each': '각 노드의 kube-proxy가 재시작되면 그 노드의 가상 서버를 확인하세요: ipvsadm -Ln',
    'verify-nftables-each':
      '각 노드의 kube-proxy가 재시작되면 그 노드의 테이블을 확인하세요: nft list table ip kube-proxy',
    'verify-proxy-health-each':
      '각 노드의 kube-proxy가 재시작되면 그 노드에서 Service 규칙을 다시 동기화했는지 모드와 상관없이 확인하세요: curl -sf http://127.0.0.1:10256/healthz (동기화될 때까지 실패합니다). 모드는 curl -s http://127.0.0.1:10249/proxyMode로 알 수 있고, 자세히 보려면 iptables 모드에서 iptables-save | grep -c KUBE-SVC, IPVS 모드에서 ipvsadm -Ln, nftables 모드에서 nft list table ip kube-proxy를 실행하세요.',
    'verify-proxy-health':
      '재시작 후 {{node}}에서 kube-proxy가 Service 규칙을 다시 동기화했는지 모드와 상관없이 확인하세요: curl -sf http://127.0.0.1:10256/healthz (동기화될 때까지 실패합니다). 모드는 curl -s http://127.0.0.1:10249/proxyMode로 알 수 있고, 자세히 보려면 iptables 모드에서 iptables-save | grep -c KUBE-SVC, IPVS 모드에서 ipvsadm -Ln, nftables 모드에서 nft list table ip kube-proxy를 실행하세요.',
    'one-node-at-a-time': '한 번에 노드 한 대씩 진행하고, 다음으로 가기 전에 확인하세요.',
    'kubelet-down-writes-blocked':
      '{{node}}의 kubelet을 다시 시작하세요 (노드에서 systemctl restart kubelet): etcd가 쓰기를 거부하는 동안에는 아무것도 그 파드를 옮기거나 교체하지 않습니다.',
    'kubelet-down':
      '가능하면 {{graceS}}초 안에 {{node}}의 kubelet을 다시 시작하고 (노드에서 systemctl restart kubelet) 지켜보세요: kubectl get node {{node}} -w.',
    'node-agent-down':
      '{{node}}의 {{component}}(을)를 복구하세요 (그 파드: kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
    'kubelet-watch':
      'kubelet이 재시작하는 동안 노드를 지켜보세요: kubectl get node {{node}} -w. {{graceS}}초 안에 돌아와 Ready를 유지해야 합니다.',
    'apiserver-window':
      '짧은 유지보수 시간을 잡으세요. 유일한 API 서버가 재시작하는 동안 아무것도 바꿀 수 없습니다.',
    'apiserver-lb':
      '클라이언트가 {{node}}에 직접이 아니라 로드 밸런서를 통해 API 서버에 접속하는지 확인하세요.',
    'wait-readyz':
      'API 서버는 하나씩 재시작하고, 다음으로 가기 전에 {{node}}에서 {{health}}(이)가 통과할 때까지 기다리세요.',
    'wait-readyz-single':
      '재시작한 뒤 다른 것을 바꾸기 전에 {{node}}에서 {{health}}(이)가 통과할 때까지 기다리세요.',
    'etcd-health':
      '클러스터용 etcdctl이 설정된 상태에서 전후로 etcdctl endpoint health --cluster를 확인하고 멤버는 하나씩 재시작하세요.',
    'etcd-health-single':
      '클러스터용 etcdctl이 설정된 상태에서 재시작 전후로 etcdctl endpoint health를 확인하세요.',
    'coredns-rollout':
      'kubectl -n kube-system rollout restart deployment/{{workload}}(을)를 쓰세요(파드를 하나씩 교체). 서로 다른 노드에 레플리카를 2개 이상 두세요.',
    'coredns-spread': '클러스터 DNS 레플리카를 서로 다른 노드에 2개 이상 두고 PodDisruptionBudget을 거세요.',
    'watch-rollout': '지켜보세요: kubectl -n {{namespace}} rollout status ds/{{name}}',
    'static-one-at-a-time':
      '컨트롤 플레인 노드를 하나씩 갱신하고 다음으로 가기 전에 Ready(와 etcd 정상)를 확인하세요.',
    'drain-for-runtime': '런타임이 live-restore 없는 Docker라면 먼저 {{node}}(을)를 드레인하세요.',
    'ha-shape':
      '컨트롤 플레인 노드를 3대나 5대로 로드 밸런서 뒤에 두고, 사용자 워크로드는 그 위에서 돌리지 마세요.',
    'no-node-reboots':
      '컨트롤 플레인 장애 중에는 노드를 재부팅하거나 kube-proxy를 재시작하지 마세요. 그래야 트래픽 장애로 번지지 않습니다.',
    'quorum-restore': '쿼럼이 회복될 때까지 멤버를 복구하고, 쿼럼이 없는 동안에는 멤버를 제거하지 마세요.',
    'etcd-backup':
      '미리 클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 etcd 스냅샷을 떠 두고(etcdctl snapshot save /var/backups/etcd-snapshot.db) 사본을 클러스터 밖에 보관하세요.',
    'leader-check':
      '리더 Lease를 확인하세요: kubectl -n kube-system get lease {{component}} -o yaml (holderIdentity, renewTime).',
    'node-down-prepare':
      '미리 대비하려면 워크로드를 서로 다른 노드에 레플리카 2개 이상으로 실행하고, 계획된 작업에는 PodDisruptionBudget을 두세요.',
    'drain-command':
      '다음 명령으로 드레인하세요: kubectl drain {{node}} --ignore-daemonsets ({{emptyDirFlag}} 플래그는 그 데이터가 없어져도 될 때만 추가, v1.20보다 오래된 kubectl에서는 {{emptyDirOldFlag}}).',
    'drain-command-plain': '다음 명령으로 드레인하세요: kubectl drain {{node}} --ignore-daemonsets',
    'drain-command-force':
      '다음 명령으로 드레인하세요: kubectl drain {{node}} --ignore-daemonsets --force (--force는 컨트롤러가 없는 파드({{forcePods}})를 영구히 삭제하며, 아무것도 다시 만들지 않습니다).',
    'drain-command-emptydir':
      '{{emptyDirPods}}의 emptyDir 데이터가 사라져도 된다면(드레인이 지웁니다) 다음 명령으로 드레인하세요: kubectl drain {{node}} --ignore-daemonsets {{emptyDirFlag}} (v1.20보다 오래된 kubectl에서는 {{emptyDirOldFlag}}).',
    'drain-command-force-emptydir':
      '다음 명령으로 드레인하세요: kubectl drain {{node}} --ignore-daemonsets --force {{emptyDirFlag}} (v1.20보다 오래된 kubectl에서는 {{emptyDirOldFlag}}). --force는 컨트롤러가 없는 파드({{forcePods}})를 영구히 삭제하며 아무것도 다시 만들지 않고, {{emptyDirPods}}의 emptyDir 데이터는 사라집니다.',
    uncordon: '끝나면 노드가 다시 새 파드를 받도록 uncordon하세요(kubectl uncordon {{node}}).',
    'delete-node-drain-first':
      '먼저 드레인한 뒤 삭제하세요: kubectl drain {{node}} --ignore-daemonsets, 그다음 kubectl delete node {{node}}; 드레인은 PodDisruptionBudget을 지키며 노드가 빠지기 전에 파드를 옮깁니다 (파드에 필요한 플래그는 "{{node}} 드레인해도 돼?"로 물어보세요).',
    'delete-node-etcd-member':
      'etcd 멤버 {{member}}도 제거하세요: {{node}}에서 kubeadm reset(그 노드의 멤버를 제거함), 또는 다른 컨트롤 플레인 노드에서 etcdctl member remove {{memberId}}.',
    'delete-node-etcd-member-noid':
      'etcd 멤버 {{member}}도 제거하세요: {{node}}에서 kubeadm reset(그 노드의 멤버를 제거함), 또는 다른 컨트롤 플레인 노드에서 etcdctl member list로 ID를 확인해 제거하세요.',
    'upgrade-plan': '먼저 계획을 확인하세요: kubeadm upgrade plan.',
    'upgrade-plan-worker':
      '먼저 {{node}}(이)가 아닌 컨트롤 플레인 노드에서 계획을 확인하세요: kubeadm upgrade plan.',
    'etcd-backup-openshift':
      '먼저 etcd를 백업하세요: 컨트롤 플레인 노드 {{master}}에서(oc debug node/{{master}} 후 chroot /host) /usr/local/bin/cluster-backup.sh /home/core/assets/backup을 실행하고 사본을 클러스터 밖에 보관하세요.',
    'etcd-backup-k3s':
      '먼저 etcd 스냅샷을 떠 두세요: 서버에서 k3s etcd-snapshot save. 사본은 클러스터 밖에 보관하세요.',
    'etcd-backup-rke2':
      '먼저 etcd 스냅샷을 떠 두세요: 서버에서 rke2 etcd-snapshot save. 사본은 클러스터 밖에 보관하세요.',
    'etcd-backup-k3s-datastore':
      '먼저 데이터스토어를 백업하세요: SQLite라면 /var/lib/rancher/k3s/server/db와 서버 토큰(/var/lib/rancher/k3s/server/token)을 서버 밖으로 복사하고, 외부 데이터스토어라면 그 데이터베이스의 도구로 백업하세요.',
  },
};
