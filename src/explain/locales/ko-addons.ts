/**
 * 노드가 멈춘 동안 다른 워크로드에서 멈추는 것의 한국어 문구 (issue 29): 알려진 애드온
 * (src/analysis/addons-table.ts, 각 행의 출처), MetalLB 레이어 2 광고 노드
 * (src/analysis/network-controllers.ts), CSI 컨트롤러 (src/analysis/storage-controllers.ts).
 * ../i18n.ts가 `checks`와 `advice`에 합칩니다.
 */
export const koAddons = {
  checks: {
    // NotReady 노드의 단순 재부팅 (src/analysis/dead-node-reboot.ts).
    'dead-node-drain': {
      'reboot-remedy':
        '{{node}}(은)는 NotReady입니다(Ready={{ready}}): 이미 데이터 플레인에서 빠져 있으므로 여기서는 재부팅이 위험 요인이 아니라 복구 방법입니다. 더 잃는 것이 없고, kubelet이나 머신이 멈춘 노드는 재부팅으로 돌아옵니다. 먼저 드레인하지 마세요: 컨테이너가 멈췄다고 확인해 줄 kubelet이 없는 동안 드레인은 끝날 수 없습니다(파드는 Terminating으로 남을 뿐입니다). 이 노드의 파드(지금 Terminating: {{terminatingText}}): 이미 다른 곳에서 대체됨: {{replacedText}}, 대체되지 않음: {{pendingText}}. 이 파드들은 {{node}}(이)가 돌아와 kubelet이 이전 파드의 종료를 확인할 때까지 기다립니다.',
    },
    'etcd-quorum-after': {
      'external-kept':
        '외부 etcd의 멤버 {{voters}}대 중 {{healthy}}대가 정상입니다 (쿼럼 {{quorum}}, 추가 장애 {{spare}}대 허용){{downText}}. {{node}} 재부팅은 어느 멤버도 내리지 않습니다.',
      'external-no-spare':
        '외부 etcd에 남은 장애 허용치가 없습니다: 멤버 {{voters}}대 중 {{healthy}}대만 정상이며 쿼럼 {{quorum}}대와 같습니다{{downText}}. {{node}} 재부팅은 멤버를 내리지 않지만, 작업 중 멤버 하나를 더 잃으면(호스트, 네트워크 단절) 클러스터 전체의 쓰기가 멈춥니다.',
      'lost-external':
        '외부 etcd는 이미 쿼럼을 잃었습니다: 멤버 {{voters}}대 중 {{healthy}}대만 정상으로 쿼럼 {{quorum}}에 못 미칩니다{{downText}}. 과반이 돌아올 때까지 클러스터 전체에서 아무것도 쓸 수 없습니다.',
    },
    'etcd-leader': {
      unknown:
        'etcd 리더는 알 수 없습니다: etcd 자체를 읽지 않았으므로(봇 설정에 이 클러스터의 etcd 항목이 없음) 멤버 상태, 리더, 알람은 etcd 파드로만 판단합니다. etcd에서 직접 읽으려면 이 클러스터에 etcd 항목을 주세요 (etcd CA, 클라이언트 인증서와 키, docs/clusters.md "Reading etcd directly").',
    },
    'cluster-addons': {
      'all-here':
        '다른 워크로드가 의존하는 애드온의 Ready 레플리카가 모두 {{node}}에 있습니다. 다른 노드에서 대체 파드가 Ready가 될 때까지 생기는 일: {{addonsText}}',
    },
    'network-controllers': {
      'l2-announcer':
        '{{node}}의 MetalLB speaker가 {{services}}의 LoadBalancer IP({{ips}})를 광고합니다 (레이어 2: 그 트래픽은 모두 {{node}}(으)로 들어옵니다). {{node}}(이)가 내려가면 다른 노드의 speaker가 IP를 넘겨받아 gratuitous ARP를 보냅니다: 이를 따르는 클라이언트는 몇 초 안에 다시 연결되고, 따르지 않는 클라이언트는 ARP 캐시가 만료된 뒤에야 연결되며, {{node}}(을)를 거쳐 열려 있던 연결은 끊깁니다.',
      'l2-unknown':
        'MetalLB speaker가 {{node}}에서 실행되고 LoadBalancer Service에 IP가 있지만({{services}}), 어느 노드가 각 IP를 광고하는지는 알 수 없습니다 (ServiceL2Status를 읽지 못함: MetalLB 0.14 이전, BGP 모드, 또는 권한 없음). {{node}}(이)라면 그 IP는 노드가 내려갈 때 다른 노드로 옮겨집니다.',
    },
    'csi-controller': {
      'all-here':
        '드라이버 {{driver}}의 CSI 컨트롤러 {{workload}}의 Ready 레플리카가 모두 {{node}}에 있습니다: 다른 노드에서 대체 파드가 Ready가 될 때까지 {{driver}} 볼륨은 연결(attach), 해제, 프로비저닝되지 않습니다. {{node}}에서 옮겨진 파드 중 그런 볼륨을 쓰는 파드는 ContainerCreating에서 기다립니다("timed out waiting for external-attacher"){{podsText}}.{{attachedText}}',
      'all-here-no-attach':
        '드라이버 {{driver}}의 CSI 컨트롤러 {{workload}}의 Ready 레플리카가 모두 {{node}}에 있습니다: 다른 노드에서 대체 파드가 Ready가 될 때까지 {{driver}}의 새 볼륨은 프로비저닝되지 않습니다 (CSIDriver가 attach를 요구하지 않으므로 옮겨진 파드는 볼륨을 그대로 마운트합니다).',
      'all-here-unknown-driver':
        'CSI 컨트롤러 {{workload}}의 Ready 레플리카가 모두 {{node}}에 있습니다: 다른 노드에서 대체 파드가 Ready가 될 때까지 그 드라이버의 볼륨은 연결되거나 프로비저닝되지 않습니다. 어느 드라이버인지는 알 수 없어(CSIDriver나 PersistentVolume이 가리키지 않음) 기다리는 파드를 특정하지 못합니다.',
    },
  },
  advice: {
    'etcd-quorum-after': {
      'external-no-spare':
        '먼저 내려간 etcd 멤버({{down}})를 복구하거나 교체한 뒤(죽은 멤버를 제거하고 새 멤버 추가) 작업하세요: 멤버가 내려간 동안 etcd에는 다른 문제를 견딜 여유가 없습니다.',
      'lost-external':
        '먼저 외부 etcd 멤버({{down}})를 복구하세요: 과반이 응답할 때까지 어떤 변경도 할 수 없습니다.',
    },
    'dead-node-drain': {
      'reboot-remedy':
        '{{node}}(을)를 드레인하지 말고 재부팅하세요(응답이 없으면 콘솔이나 전원 관리로). 재부팅 뒤 {{node}}(이)가 Ready인지(kubectl get node {{node}}), Terminating 파드가 사라지고 대체되지 않은 파드가 다시 실행되는지 확인하세요(kubectl get pods --all-namespaces --output=wide --field-selector=spec.nodeName={{node}}). 돌아오지 않으면 꺼진 것을 확인한 뒤 out-of-service taint를 걸어(kubectl taint nodes {{node}} {{taint}}=nodeshutdown:NoExecute) StatefulSet 파드가 다른 곳에서 시작되게 하고, 돌아오면 taint를 지우세요(kubectl taint nodes {{node}} {{taint}}-).',
      'reboot-remedy-no-out-of-service':
        '{{node}}(을)를 드레인하지 말고 재부팅하세요(응답이 없으면 콘솔이나 전원 관리로). 재부팅 뒤 {{node}}(이)가 Ready인지(kubectl get node {{node}}), Terminating 파드가 사라지고 대체되지 않은 파드가 다시 실행되는지 확인하세요(kubectl get pods --all-namespaces --output=wide --field-selector=spec.nodeName={{node}}). 돌아오지 않으면 꺼진 것을 확인한 뒤 Node 오브젝트를 삭제해(kubectl delete node {{node}}) StatefulSet 파드가 다른 곳에서 시작되게 하세요. kubelet이 돌아오면 노드를 다시 등록합니다.',
    },
    'cluster-addons': {
      'all-here':
        '{{workloadsText}}에 다른 노드의 두 번째 레플리카를 두세요 (레플리카를 늘리고 anti-affinity나 topology spread로 분산). 그러면 {{node}}(이)가 내려간 동안에도 계속 동작합니다.',
    },
    'network-controllers': {
      'l2-announcer':
        '재부팅 전에 IP를 {{node}}에서 옮겨 장애 감지가 아닌 계획된 전환이 되게 하세요: kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers=true (MetalLB가 그 노드에서 광고를 멈춥니다), IP가 다른 곳에서 광고될 때까지 기다린 뒤, 재부팅 후 레이블을 지우세요 (kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers-).',
      'l2-announcer-drain':
        '드레인 전에 IP를 {{node}}에서 옮겨 장애 감지가 아닌 계획된 전환이 되게 하세요: kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers=true (MetalLB가 그 노드에서 광고를 멈춥니다), IP가 다른 곳에서 광고될 때까지 기다린 뒤, {{node}}(을)를 uncordon할 때 레이블을 지우세요 (kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers-).',
      'l2-announcer-lost':
        '{{node}}에 장애가 나면 MetalLB가 memberlist로 알아차린 뒤 IP를 스스로 옮깁니다. gratuitous ARP를 무시하는 클라이언트는 ARP 캐시가 만료될 때까지 {{node}}(으)로 계속 보냅니다. 계획된 작업이라면 먼저 빼세요 (kubectl label node {{node}} node.kubernetes.io/exclude-from-external-load-balancers=true).',
    },
    'csi-controller': {
      'all-here':
        '{{workload}}의 두 번째 레플리카를 다른 노드에 두세요(또는 다른 곳에서 하나가 Ready가 될 때까지 기다리세요). 그러면 {{node}}(이)가 내려간 동안에도 {{driver}} 볼륨이 연결되고 해제됩니다.',
      'all-here-no-attach':
        '{{workload}}의 두 번째 레플리카를 다른 노드에 두세요. 아니면 {{node}}(이)가 내려간 동안 {{driver}}의 새 클레임이 Pending으로 남는 것을 감수하세요.',
      'all-here-unknown-driver':
        '{{workload}}의 두 번째 레플리카를 다른 노드에 두세요(또는 다른 곳에서 하나가 Ready가 될 때까지 기다리세요). 그러면 {{node}}(이)가 내려간 동안에도 볼륨이 연결되고 프로비저닝됩니다.',
    },
  },
  /** csi-controller 문장의 부분. */
  addonDerived: {
    addon: '{{workload}} ({{name}}): {{stops}}',
    csiPods: ': {{pods}}',
    csiAttachedUnknown: ' {{node}}에 연결된 볼륨은 알 수 없습니다 (VolumeAttachment를 읽지 못함).',
    csiAttached:
      ' {{node}}에 연결된 {{driver}} 볼륨(VolumeAttachment): {{volumes}}. 각 볼륨은 그 파드가 사라진 뒤에야 해제되고, 파드는 그 뒤에야 다른 곳에서 시작합니다.',
  },
  /** 각 애드온이 멈춘 동안 다른 워크로드에서 멈추는 것 (출처는 src/analysis/addons-table.ts의 각 행). */
  addonStops: {
    'kube-dns':
      '어느 파드에서도 클러스터 내부 DNS 이름이 해석되지 않습니다 (이미 캐시된 응답은 TTL까지 유지).',
    coredns: '어느 파드에서도 클러스터 내부 DNS 이름이 해석되지 않습니다 (이미 캐시된 응답은 TTL까지 유지).',
    'metrics-server':
      '메트릭 API(v1beta1.metrics.k8s.io)를 쓸 수 없습니다: CPU·메모리 기준 HorizontalPodAutoscaler가 스케일하지 않고, kubectl top이 실패하며, 네임스페이스 삭제가 이 API를 기다립니다.',
    'cert-manager': '인증서가 발급되거나 갱신되지 않습니다 (이미 발급된 인증서는 만료될 때까지 동작).',
    'cert-manager-webhook':
      'API 서버가 cert-manager 리소스(Certificate, Issuer)의 생성과 변경을 거부합니다: 웹훅이 failurePolicy: Fail입니다.',
    kyverno:
      '웹훅이 막는 쪽(failurePolicy: Fail)이면 웹훅이 다루는 요청이 거부됩니다. 파드 생성도, 드레인이 만드는 대체 파드도 포함됩니다. 여는 쪽(Ignore)이면 그동안 정책이 건너뛰어집니다.',
    gatekeeper:
      '웹훅이 막는 쪽(failurePolicy: Fail)이면 웹훅이 다루는 요청이 거부되고, 여는 쪽(Ignore, 기본값)이면 검사 없이 통과합니다.',
    istiod:
      '사이드카 주입이 켜진 네임스페이스의 새 파드가 거부되고(주입 웹훅이 막는 쪽), 프록시는 설정 변경을 받지 못합니다(마지막 설정 유지).',
    'external-dns': 'Service와 Ingress의 DNS 레코드가 생성, 변경, 삭제되지 않습니다 (기존 레코드는 유지).',
    'sealed-secrets': '그동안 만들거나 바꾼 SealedSecret이 Secret으로 풀리지 않습니다.',
    argocd: 'Argo CD가 애플리케이션을 동기화하지도, 드리프트를 감지하지도 않습니다.',
    flux: 'Flux가 소스를 가져오지도, 변경을 적용하지도 않습니다.',
    'cluster-autoscaler':
      '노드가 추가되지 않습니다: 다른 곳에 자리가 없는 파드는(드레인으로 옮겨지는 파드 포함) 돌아올 때까지 Pending으로 남습니다.',
    'cilium-operator':
      'Cilium이 새 노드에 파드 CIDR을 할당하지 않고(cluster-pool IPAM) identity를 정리하지 않습니다. 실행 중인 파드의 네트워크에는 영향이 없습니다.',
    'calico-kube-controllers':
      'Calico 컨트롤러가 네임스페이스, 서비스 어카운트, 정책을 Calico에 동기화하지 않고 삭제된 노드의 IP를 회수하지 않습니다. 실행 중인 파드의 네트워크에는 영향이 없습니다.',
    'calico-typha':
      '모든 노드의 Felix가 Typha 연결을 잃습니다: Typha가 다시 Ready가 될 때까지 새 파드와 정책 변경이 반영되지 않습니다. 실행 중인 파드의 네트워크에는 영향이 없습니다.',
    'metallb-controller':
      '새 LoadBalancer Service에 IP가 할당되지 않습니다 (이미 할당된 IP는 speaker가 계속 광고).',
  },
};
