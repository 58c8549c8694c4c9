/**
 * Korean answer texts (i18next resources), in the vocabulary of the source articles
 * (docs/domain.md, "Sources": 컨트롤 플레인, 데이터 플레인, 쿼럼, 리더 선출, 재부팅, 드레인).
 * Same keys as ./en.ts. Particles after a placeholder are written `(이)가`, `(은)는`, `(을)를`,
 * `(으)로`; {@link ../i18n.ts} picks the right one for the word before it.
 */
import type { Messages } from './en.js';

export const ko: Messages = {
  verdict: { safe: '안전', caution: '주의', unsafe: '위험' },
  health: { healthy: '정상', degraded: '저하', critical: '심각', unknown: '알 수 없음' },
  title: {
    reboot: '재부팅 영향: {{cluster}}의 {{node}}',
    drainReboot: '드레인 후 재부팅 영향: {{cluster}}의 {{node}}',
    status: '{{cluster}} HA 상태',
    help: 'k8s-ha-bot: 물어볼 수 있는 것',
    error: '답변할 수 없습니다',
    clarify: '다음 중 어느 질문입니까?',
  },
  summary: {
    'safe-control-plane':
      '{{node}} 재부팅해도 안전합니다: 컨트롤 플레인은 나머지 멤버로 계속 동작하고, 마지막 레플리카를 잃는 워크로드가 없습니다.',
    'safe-worker':
      '{{node}} 재부팅해도 안전합니다: 파드는 다른 노드로 옮겨갈 수 있고 컨트롤 플레인이 정상입니다.',
    'safe-worker-nothing-moves':
      '{{node}} 재부팅해도 안전합니다: 옮겨야 할 파드가 없고(DaemonSet과 정적 파드는 노드와 함께 돌아옴) 컨트롤 플레인이 정상입니다.',
    'safe-unseen':
      '{{node}} 재부팅을 막는 것은 찾지 못했지만 스냅샷에 파드가 없어 그 노드에서 실행 중인 것은 점검하지 못했습니다.',
    caution: '{{node}} 재부팅은 가능하지만 주의가 필요합니다: 아래 {{count}}건을 먼저 확인하세요.',
    'caution-none-required': '{{node}} 재부팅은 가능하지만 주의가 필요합니다: 먼저 아래 경고를 읽어 보세요.',
    unsafe: '지금 {{node}}(을)를 재부팅하지 마세요: 아래 {{count}}건의 차단 요인이 있습니다.',
    'not-found': '{{cluster}}에 {{node}}(이)라는 노드가 없습니다.',
    'not-found-list': '{{cluster}}에 {{node}}(이)라는 노드가 없습니다. 노드 목록: {{nodes}}.',
    'not-found-suggest':
      '{{cluster}}에 {{node}}(이)라는 노드가 없습니다. {{suggestions}}(을)를 말씀하셨습니까?',
    status: '{{health}}: {{gist}}',
  },
  plane: {
    control: '컨트롤 플레인',
    data: '데이터 플레인',
    affected: '영향 있음',
    unaffected: '영향 없음',
    'affected-not-touched':
      '자체 상태로 영향 받음 (재부팅은 건드리지 않음: {{node}}에는 컨트롤 플레인 구성 요소가 없음)',
    why: '이유',
    stops: '멈추는 것',
    keeps: '계속 동작하는 것',
    'keeps-serving': '중단 없음, 노드 용량 {{before}}대 → {{after}}대',
    'no-interruption': '중단 없음, API 용량 {{before}} → {{after}}',
  },
  // 첫 화면과 자세히 (issue 30, item 4; src/explain/first-screen.ts).
  screen: {
    details: '자세히',
    quorum: 'etcd {{before}} → {{after}} (★ 리더, ● 정상, ○ 다운; 쿼럼 {{quorum}}: {{state}})',
    'quorum-now': 'etcd {{now}} (★ 리더, ● 정상, ○ 다운, ? 확인 안 됨; 쿼럼 {{quorum}}: {{state}})',
    'quorum-kept': '유지',
    'quorum-lost': '잃음',
    'quorum-unknown': '알 수 없음',
    'quorum-removed':
      'etcd {{before}} → {{after}} (멤버 제거: ★ 리더, ● 정상, ○ 다운, ? 확인 안 됨; 제거 뒤 쿼럼 {{quorum}}: {{state}})',
    'quorum-refused': 'etcd가 거부, 바뀌는 것 없음',
    more: '나머지 {{what}}은 "자세히"에서 볼 수 있습니다',
    'more-and': '과 ',
    'more-reasons': '이유 {{count}}건',
    'more-steps': '할 일 {{count}}건',
  },
  role: { 'control-plane': '컨트롤 플레인 노드', worker: '워커 노드' },
  stops: {
    'pods-evicted-refused':
      '{{node}}의 파드 {{count}}개는 드레인으로 축출되지만, 어드미션 웹훅 {{webhook}}에 백엔드가 없는 동안 대체 파드가 거부되어 웹훅이 돌아올 때까지 다시 만들어지지 않습니다',
    'single-down-refused':
      '{{workloads}}: 중단되며, 어드미션 웹훅 {{webhook}}(이)가 대체 파드를 거부하는 동안 다른 곳에서 시작되지 않습니다',
    'api-all': '모든 API 호출과 kubectl 명령 (API 서버가 유일한 허브)',
    'vip-move':
      '{{node}}의 컨트롤 플레인 VIP: VIP가 옮겨 가는 동안(옮겨 간다면) VIP로 API에 접속하는 클라이언트가 몇 초간 멈춥니다',
    'api-writes': 'API를 통한 모든 변경 (오브젝트 생성, 수정, 스케일, 축출): etcd가 쓰기를 거부합니다',
    scheduling: '새 파드 스케줄링',
    'self-healing': '자동 복구: 죽은 파드가 다시 만들어지지 않음',
    'node-failure': '노드 장애 감지와 재스케줄링',
    scaling: '스케일링(HPA)과 롤아웃',
    endpoints: 'Endpoints/EndpointSlice 갱신: 죽은 파드로도 Service 트래픽이 계속 감',
    'apiserver-capacity': '{{node}}의 API 서버: API 용량이 {{before}}대에서 {{after}}대로 감소',
    'etcd-member': '{{node}}의 etcd 멤버: {{voters}}대 중 {{after}}대 남음 (쿼럼 {{quorum}}), {{spareText}}',
    'spare-none': '복귀할 때까지 추가 장애를 허용하지 못함',
    'spare-some': '그동안 {{spare}}대 추가 장애 허용',
    'leader-failover':
      '리더 선출로 Lease가 대기 인스턴스로 넘어가는 약 {{seconds}}초 동안 {{component}} 작업',
    'etcd-election': '리더 역할이 다른 멤버로 넘어가는 잠깐 동안 etcd 쓰기',
    'pods-evicted': '{{node}}의 파드 {{count}}개가 드레인으로 축출되어 다른 노드에서 다시 생성됨',
    'pods-writes-blocked':
      '{{node}}의 파드 {{count}}개가 노드와 함께 멈춤: etcd가 쓰기를 거부하므로 드레인이 축출할 수도, 다른 곳에 다시 생성할 수도 없음',
    'pods-on-dead-node':
      '아직 {{node}}에 묶여 있는 파드 {{count}}개: 노드가 NotReady라 이미 Service 트래픽을 받지 않고, 드레인으로 옮길 수도 없음 (축출을 확인해 줄 kubelet이 없음)',
    'pods-lost': '{{pods}}: 영구 삭제됨, 다시 생성하는 컨트롤러가 없음',
    'away-history': ', {{node}}의 최근 {{count}}회 유지보수 다운 시간의 중앙값은 {{seconds}}초',
    'away-none': ', 아직 관측된 {{node}} 유지보수가 없어 일반적인 재부팅 시간입니다',
    'node-agents': '{{node}}(이)가 돌아올 때까지 그 노드의 kubelet, kube-proxy, CNI (보통 약 {{seconds}}초)',
    'node-agents-no-proxy':
      '{{node}}(이)가 돌아올 때까지 그 노드의 kubelet, CNI (보통 약 {{seconds}}초), 스냅샷에는 그 노드에서 실행되는 kube-proxy가 없음',
    'node-agents-no-cni':
      '{{node}}(이)가 돌아올 때까지 그 노드의 kubelet, kube-proxy (보통 약 {{seconds}}초), 그 노드의 CNI 플러그인은 스냅샷에 없음',
    'node-agents-kubelet-only':
      '{{node}}(이)가 돌아올 때까지 그 노드의 kubelet (보통 약 {{seconds}}초), 그 노드의 kube-proxy와 CNI 플러그인은 스냅샷에 없음',
    'single-down': '{{workloads}}: 다른 노드에서 다시 스케줄되어 뜰 때까지 다운타임',
    'single-down-no-room':
      '{{workloads}}: 다른 노드에 자리가 생기거나 {{node}}(이)가 돌아와 uncordon될 때까지 다운',
    'pods-stranded':
      '{{node}}에서 축출되는 파드 {{count}}개: 다른 어느 노드에도 들어가지 못해 자리가 생기거나 {{node}}(이)가 돌아와 uncordon될 때까지 Pending으로 남음',
    'only-node-down': '{{workloads}}: 재부팅 내내 다운 ({{node}}(이)가 유일한 노드)',
    'pods-only-node':
      '{{node}}의 파드 {{count}}개: 노드와 함께 멈추고 돌아오면 다시 시작함 (유일한 노드라 드레인하지 않음)',
    'pinned-down': '{{workloads}}: {{node}}에 고정되어 재부팅 내내 다운 (다른 노드로 재스케줄되지 않음)',
    'drain-waits-reboot':
      '드레인이 {{pods}}에서 멈춤: {{budgets}}(이)가 축출을 거부하고(HTTP 429) kubectl은 허용될 때까지 재시도하므로 드레인이 끝나지 않아 {{node}}(을)를 재부팅할 준비가 되지 않음',
    'node-pods': '{{node}}에서 실행 중인 파드',
  },
  keeps: {
    'running-pods': '다른 노드에서 이미 실행 중인 파드',
    'api-reads': 'apiserver를 통한 읽기 (kubectl get, watch)와 삭제',
    'pod-traffic': '파드 간 통신 (CNI는 노드 로컬)',
    'service-traffic':
      '기존 엔드포인트로 가는 Service 트래픽: 커널에 이미 설정된 Service 규칙이 그대로 남아 계속 전달함',
    dns: '클러스터 DNS (다른 노드에 그 파드가 있는 한)',
    'api-others': '다른 API 서버를 통한 kubectl과 API: {{others}}',
    'api-others-direct':
      'VIP를 거치지 않고 다른 API 서버에 직접 접속하는 클라이언트의 kubectl과 API: {{others}}',
    'leaders-elsewhere': '스케줄링과 조정(reconcile): 리더가 다른 노드에 있음',
    'leaders-after-failover': '리더 페일오버 후의 스케줄링과 조정',
    'control-untouched': '컨트롤 플레인 자체: {{node}}에는 컨트롤 플레인 구성 요소가 없음',
    'control-managed': '컨트롤 플레인: 보이는 노드가 아니라 클라우드 제공자가 운영함',
    'other-workloads': '다른 노드의 워크로드는 계속 실행되고 서비스됨',
    'spread-workloads': '다른 노드에 레플리카가 있는 Service는 그쪽에서 계속 응답함',
    'refused-pods':
      '{{node}}의 {{pods}}: {{budgets}}(이)가 중단을 허용하지 않는 동안 축출되지 않고 계속 실행됨',
  },
  checks: {
    'node-not-found': {
      unknown: '{{node}}(이)라는 노드가 없습니다.',
      'empty-group': '{{node}}에 속한 노드가 없습니다.',
    },
    'node-role': {
      'control-plane-etcd':
        '{{node}}(은)는 stacked etcd 멤버가 있는 컨트롤 플레인 노드입니다 (컨트롤 플레인 노드 {{controlPlaneNodes}}대 중 하나).',
      'control-plane': '{{node}}(은)는 컨트롤 플레인 노드입니다 ({{controlPlaneNodes}}대 중 하나).',
      // Korean has no `_one` plural form: the only control-plane node has its own text.
      'control-plane-etcd-single': '{{node}}(은)는 stacked etcd 멤버가 있는 유일한 컨트롤 플레인 노드입니다.',
      'control-plane-single': '{{node}}(은)는 유일한 컨트롤 플레인 노드입니다.',
      'worker-etcd': '{{node}}(은)는 etcd 멤버가 있는 워커 노드입니다.',
      worker: '{{node}}(은)는 워커 노드입니다: 재부팅은 데이터 플레인에만 영향을 줍니다.',
      'worker-lost': '{{node}}(은)는 워커 노드입니다: 이 노드를 잃으면 데이터 플레인에만 영향을 줍니다.',
      'worker-replaced': '{{node}}(은)는 워커 노드입니다: 이 노드의 교체는 데이터 플레인에만 영향을 줍니다.',
    },
    'managed-control-plane': {
      managed:
        '컨트롤 플레인은 클라우드 제공자가 관리(managed)합니다 (보이는 컨트롤 플레인 노드가 없고 apiserver identity Lease {{apiservers}}개): 보이는 어떤 노드도 컨트롤 플레인에 영향을 주지 않으므로 데이터 플레인 점검만 적용됩니다.',
      'managed-status':
        '컨트롤 플레인은 클라우드 제공자가 관리(managed)합니다: HA와 etcd 쿼럼은 클러스터 안에서 볼 수 없습니다. apiserver identity Lease {{apiservers}}개가 있습니다.',
      'managed-leases-unseen':
        '컨트롤 플레인은 클라우드 제공자가 관리(managed)합니다 (보이는 컨트롤 플레인 노드가 없고, apiserver identity Lease는 스냅샷에 없음): 보이는 어떤 노드도 컨트롤 플레인에 영향을 주지 않으므로 데이터 플레인 점검만 적용됩니다.',
      'managed-status-leases-unseen':
        '컨트롤 플레인은 클라우드 제공자가 관리(managed)합니다: HA와 etcd 쿼럼은 클러스터 안에서 볼 수 없고, apiserver identity Lease는 스냅샷에 없습니다.',
      provider:
        '컨트롤 플레인은 {{provider}}(이)가 관리합니다: API 서버와 etcd는 보이는 노드 밖에서 실행됩니다.',
    },
    'node-health': {
      'not-ready':
        '{{node}}(은)는 이미 NotReady 상태입니다 (Ready={{ready}}): 이미 데이터 플레인에서 빠져 있습니다.',
      'lease-stale':
        '{{node}}의 노드 Lease가 {{ageS}}초 전에 마지막으로 갱신되었습니다 (node-monitor grace period {{graceS}}초 초과): 그 뒤로 kubelet이 API 서버에 연결하지 못하고 있습니다 (멈췄거나, 중지되었거나, 끊김). 이런 kubelet은 축출을 확인해 주지 못하므로 {{node}} 드레인이 멈출 수 있고, 축출된 파드는 Terminating으로 남습니다.',
    },
    'concurrent-disruption': {
      'control-plane':
        '다른 컨트롤 플레인 노드가 이미 다운되었거나 cordon 상태입니다: {{nodes}}. 멤버 두 대가 동시에 빠지면 쿼럼을 잃습니다.',
      'control-plane-no-member':
        '컨트롤 플레인 노드가 이미 다운되었거나 cordon 상태입니다: {{nodes}}. 그 노드가 돌아올 때까지 컨트롤 플레인의 여유가 줄어듭니다. {{node}}에는 etcd 멤버가 없어 이 재부팅으로 내려가는 멤버는 없습니다.',
      workers: '다른 노드가 이미 NotReady 또는 cordon 상태입니다: {{nodes}}. 축출된 파드를 받을 수 없습니다.',
      'kured-lock': 'kured가 {{holder}}에 대한 재부팅 잠금을 잡고 있습니다: 다른 노드가 재부팅 중입니다.',
      'kured-lock-held':
        'kured가 {{holder}}에 대한 재부팅 잠금을 잡고 있습니다: 아직 Ready이고 스케줄 가능하며 표시도 없지만, kured가 언제든 cordon, 드레인, 재부팅할 수 있습니다.',
      'status-kured-lock': 'kured가 {{holder}}에 대한 재부팅 잠금을 잡고 있고, 재부팅이 시작되었습니다.',
      'status-kured-lock-held':
        'kured가 {{holder}}에 대한 재부팅 잠금을 잡고 있습니다 (아직 Ready이고 스케줄 가능): kured가 언제든 재부팅할 수 있습니다.',
      'status-nodes': 'NotReady 또는 cordon 상태인 노드: {{nodes}}.',
    },
    'control-plane-count': {
      single:
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 재부팅하는 동안 API 서버, etcd, 스케줄러, 컨트롤러 매니저가 모두 멈춥니다.',
      'single-lost':
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 이 노드를 잃으면 돌아올 때까지 API 서버, etcd, 스케줄러, 컨트롤러 매니저가 모두 멈춥니다.',
      'single-etcd-unknown-lost':
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 이 노드를 잃으면 돌아올 때까지 API 서버, 스케줄러, 컨트롤러 매니저가 멈추고, etcd가 그곳에서 실행 중이라면 etcd도 멈춥니다 (etcd가 어디서 실행되는지는 스냅샷에 없음).',
      'single-sqlite-lost':
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 이 노드를 잃으면 돌아올 때까지 API 서버, 스케줄러, 컨트롤러 매니저와 k3s의 SQLite 데이터스토어(모두 k3s server 프로세스 안)가 멈춥니다.',
      'single-datastore-lost':
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 이 노드를 잃으면 돌아올 때까지 API 서버, 스케줄러, 컨트롤러 매니저가 멈춥니다 (k3s의 상태는 etcd가 아니라 이 노드의 SQLite 또는 외부 데이터스토어에 있습니다).',
      'single-etcd-unknown':
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 재부팅하는 동안 API 서버, 스케줄러, 컨트롤러 매니저가 멈추고, etcd가 그곳에서 실행 중이라면 etcd도 멈춥니다 (etcd가 어디서 실행되는지는 스냅샷에 없음).',
      'no-other-ready-etcd-unknown':
        'Ready 상태인 다른 컨트롤 플레인 노드가 없습니다: {{node}}(을)를 재부팅하면 API 서버, 스케줄러, 컨트롤러 매니저가 멈추고, etcd가 그곳에서 실행 중이라면 etcd도 멈춥니다 (etcd가 어디서 실행되는지는 스냅샷에 없음).',
      'status-single-etcd-unknown':
        '단일 컨트롤 플레인: 컨트롤 플레인 노드 1대 (Ready {{ready}}대). HA가 아닙니다: 이 노드를 잃으면 API 서버, 스케줄링, 자동 복구가 멈추고, etcd가 그곳에서 실행 중이라면 etcd도 멈춥니다 (etcd가 어디서 실행되는지는 스냅샷에 없음).',
      'single-sqlite':
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 재부팅하는 동안 API 서버, 스케줄러, 컨트롤러 매니저와 k3s의 SQLite 데이터스토어(모두 k3s server 프로세스 안)가 멈춥니다.',
      'single-datastore':
        '{{node}} 한 대가 컨트롤 플레인 전부입니다: 재부팅하는 동안 API 서버, 스케줄러, 컨트롤러 매니저가 멈춥니다 (k3s의 상태는 etcd가 아니라 이 노드의 SQLite 또는 외부 데이터스토어에 있습니다).',
      'no-other-ready':
        'Ready 상태인 다른 컨트롤 플레인 노드가 없습니다: {{node}}(을)를 재부팅하면 API 서버, etcd, 스케줄러, 컨트롤러 매니저가 멈춥니다.',
      'no-other-ready-sqlite':
        'Ready 상태인 다른 컨트롤 플레인 노드가 없습니다: {{node}}(을)를 재부팅하면 API 서버, 스케줄러, 컨트롤러 매니저와 k3s의 SQLite 데이터스토어가 멈춥니다.',
      'no-other-ready-datastore':
        'Ready 상태인 다른 컨트롤 플레인 노드가 없습니다: {{node}}(을)를 재부팅하면 API 서버, 스케줄러, 컨트롤러 매니저가 멈춥니다 (k3s의 상태는 etcd가 아니라 SQLite 또는 외부 데이터스토어에 있습니다).',
      redundant: '다른 컨트롤 플레인 노드 {{readyOthers}}대가 Ready 상태로 남습니다.',
      partial:
        '파일이 일부분입니다: OpenShift의 etcd quorum guard는 컨트롤 플레인 노드 {{total}}대를 세지만 파일에는 {{node}}만 있습니다. 다른 컨트롤 플레인 노드와 그 노드들이 Ready인지, etcd 멤버 구성과 쿼럼은 알 수 없습니다.',
      'status-partial':
        '파일이 일부분입니다: OpenShift의 etcd quorum guard는 컨트롤 플레인 노드 {{total}}대를 세지만 파일에는 {{seen}}대만 있습니다. 다른 컨트롤 플레인 노드와 etcd 멤버 구성, 쿼럼은 알 수 없습니다.',
      'partial-from-guard':
        '파일이 일부분입니다: OpenShift의 etcd quorum guard는 컨트롤 플레인 노드 {{total}}대를 세지만 파일에는 {{node}}만 있습니다. 다른 컨트롤 플레인 노드(Ready인지 포함)는 알 수 없고, 그 etcd 멤버는 guard가 센 Ready guard 파드 수로만 알 수 있습니다.',
      'status-partial-from-guard':
        '파일이 일부분입니다: OpenShift의 etcd quorum guard는 컨트롤 플레인 노드 {{total}}대를 세지만 파일에는 {{seen}}대만 있습니다. 다른 컨트롤 플레인 노드(Ready인지 포함)는 알 수 없고, 그 etcd 멤버는 guard가 센 Ready guard 파드 수로만 알 수 있습니다.',
      'status-single':
        '단일 컨트롤 플레인: 컨트롤 플레인 노드 1대 (Ready {{ready}}대). HA가 아닙니다: 이 노드를 잃으면 API 서버, etcd, 스케줄링, 자동 복구가 멈춥니다.',
      'status-single-sqlite':
        '단일 컨트롤 플레인: 컨트롤 플레인 노드 1대 (Ready {{ready}}대). HA가 아닙니다: 이 노드를 잃으면 API 서버, k3s의 SQLite 데이터스토어, 스케줄링, 자동 복구가 멈춥니다.',
      'status-single-datastore':
        '단일 컨트롤 플레인: 컨트롤 플레인 노드 1대 (Ready {{ready}}대). HA가 아닙니다: 이 노드를 잃으면 API 서버, 스케줄링, 자동 복구가 멈춥니다 (k3s의 상태는 etcd가 아니라 SQLite 또는 외부 데이터스토어에 있습니다).',
      'status-not-ready': '컨트롤 플레인 노드 {{total}}대 중 {{ready}}대 Ready, NotReady: {{notReady}}.',
      'status-ready': '컨트롤 플레인 노드 {{total}}대 중 {{ready}}대 Ready.',
    },
    'control-plane-taint': {
      untainted:
        '{{node}}에는 컨트롤 플레인 NoSchedule taint가 없어서 일반 워크로드가 스케줄되고, 재부팅 시 함께 내려갑니다.',
    },
    'apiserver-redundancy': {
      'none-other':
        '살아 있는 다른 API 서버가 없습니다: 재부팅 동안 kubectl과 모든 컨트롤러가 API를 잃습니다.',
      'none-other-lost':
        '살아 있는 다른 API 서버가 없습니다: 노드가 돌아올 때까지 kubectl과 모든 컨트롤러가 API를 잃습니다.',
      capacity:
        'API 서버 용량이 {{before}}대에서 {{after}}대로 줄어듭니다. 로드 밸런서를 거치는 클라이언트는 {{others}}(으)로 계속 접속합니다.',
      'already-down':
        '{{node}}의 API 서버는 이미 내려가 있어 재부팅으로 줄어드는 API 용량이 없습니다. 로드 밸런서를 거치는 클라이언트는 {{others}}(으)로 계속 접속합니다.',
      'capacity-no-quorum':
        'API 서버 용량이 {{before}}대에서 {{after}}대로 줄어들지만, etcd 쿼럼이 없으면 남은 API 서버({{others}})는 쓰기도 일관된 읽기도 할 수 없습니다: 쿼럼이 돌아올 때까지 클라이언트는 오류를 받습니다.',
      'already-down-no-quorum':
        '{{node}}의 API 서버는 이미 내려가 있습니다. etcd 쿼럼이 없으면 남은 API 서버({{others}})는 쓰기도 일관된 읽기도 할 수 없습니다: 쿼럼이 돌아올 때까지 클라이언트는 오류를 받습니다.',
      'capacity-vip':
        'API 서버 용량이 {{before}}대에서 {{after}}대로 줄어듭니다. {{others}}(은)는 계속 응답하지만, 끊김 없이 동작하는 것은 이 API 서버에 직접 접속하는 클라이언트뿐입니다: 컨트롤 플레인 VIP로 접속하는 클라이언트는 VIP와 함께 끊깁니다(VIP 항목 참고).',
      'already-down-vip':
        '{{node}}의 API 서버는 이미 내려가 있어 재부팅으로 줄어드는 API 용량이 없습니다. {{others}}(은)는 계속 응답하지만, 끊김 없이 동작하는 것은 이 API 서버에 직접 접속하는 클라이언트뿐입니다: 컨트롤 플레인 VIP로 접속하는 클라이언트는 VIP와 함께 끊깁니다(VIP 항목 참고).',
      status:
        'API 서버 {{total}}대 중 {{alive}}대 동작 (kubernetes EndpointSlice 주소 {{endpoints}}개){{downText}}.',
      'status-no-slice':
        'API 서버 {{total}}대 중 {{alive}}대 동작 (kubernetes EndpointSlice는 스냅샷에 없음){{downText}}.',
      'status-unseen':
        'API 서버 {{total}}대(컨트롤 플레인 노드마다 하나)가 있지만 응답하는지는 보지 못했습니다 (데이터에 /readyz, API 서버 identity Lease, kube-apiserver 파드가 없음: Ready인 노드가 응답하는 API 서버라는 뜻은 아님).',
    },
    'leader-scheduler': {
      'held-here':
        '{{node}}(이)가 kube-scheduler 리더 Lease를 보유하고 있습니다: 재부팅이 시작되면 {{leaseDurationSeconds}}초 Lease가 만료된 뒤 리더 선출로 대기 인스턴스({{standbys}})가 넘겨받으며, 그동안 새 파드가 스케줄되지 않습니다.',
      'held-here-no-quorum':
        '{{node}}(이)가 kube-scheduler 리더 Lease를 보유하고 있습니다. 쿼럼이 없으면 Lease를 쓸 수 없어 대기 인스턴스가 넘겨받지 못하므로, 쿼럼이 돌아올 때까지 파드가 스케줄되지 않습니다.',
      'held-here-writes-blocked':
        '{{node}}(이)가 kube-scheduler 리더 Lease를 보유하고 있습니다. etcd가 쓰기를 거부하는 동안에는 Lease를 쓸 수 없어 대기 인스턴스가 넘겨받지 못하므로, 알람이 해제될 때까지 파드가 스케줄되지 않습니다.',
      'no-standby': '{{node}}에 유일한 kube-scheduler가 있습니다: 돌아올 때까지 파드가 스케줄되지 않습니다.',
      stale:
        'kube-scheduler 리더 Lease(보유자 {{holder}})가 {{renewAgeS}}초 전에 마지막으로 갱신되어 Lease 기간 {{leaseDurationSeconds}}초를 넘었습니다: 스케줄링이 이미 실패하고 있습니다.',
      missing: 'kube-system에서 kube-scheduler 리더 Lease를 찾지 못했습니다.',
      'held-elsewhere': 'kube-scheduler 리더는 {{node}}(이)가 아니라 {{holder}}입니다.',
      'status-held':
        'kube-scheduler 리더: {{holder}} (Lease {{renewAgeS}}초 전 갱신, 리더 변경 {{transitions}}회).',
    },
    'leader-controller-manager': {
      'held-here':
        '{{node}}(이)가 kube-controller-manager 리더 Lease를 보유하고 있습니다: 약 {{leaseDurationSeconds}}초 후 리더 선출로 대기 인스턴스({{standbys}})로 넘어가며, 그동안 조정(자동 복구, 엔드포인트 갱신)이 멈춥니다.',
      'held-here-no-quorum':
        '{{node}}(이)가 kube-controller-manager 리더 Lease를 보유하고 있습니다. 쿼럼이 없으면 Lease를 쓸 수 없어 대기 인스턴스가 넘겨받지 못하므로, 쿼럼이 돌아올 때까지 아무것도 조정되지 않습니다.',
      'held-here-writes-blocked':
        '{{node}}(이)가 kube-controller-manager 리더 Lease를 보유하고 있습니다. etcd가 쓰기를 거부하는 동안에는 Lease를 쓸 수 없어 대기 인스턴스가 넘겨받지 못하므로, 알람이 해제될 때까지 아무것도 조정되지 않습니다.',
      'no-standby': '{{node}}에 유일한 kube-controller-manager가 있습니다: 돌아올 때까지 조정이 멈춥니다.',
      stale:
        'kube-controller-manager 리더 Lease(보유자 {{holder}})가 {{renewAgeS}}초 전에 마지막으로 갱신되어 Lease 기간 {{leaseDurationSeconds}}초를 넘었습니다: 컨트롤러가 이미 멈춰 있습니다.',
      missing: 'kube-system에서 kube-controller-manager 리더 Lease를 찾지 못했습니다.',
      'held-elsewhere': 'kube-controller-manager 리더는 {{node}}(이)가 아니라 {{holder}}입니다.',
      'status-held':
        'kube-controller-manager 리더: {{holder}} (Lease {{renewAgeS}}초 전 갱신, 리더 변경 {{transitions}}회).',
    },
    readyz: {
      'etcd-failing':
        'apiserver의 /readyz가 etcd 실패를 보고합니다 ({{failing}}): 컨트롤 플레인이 이미 장애 상태입니다.',
      failing: 'apiserver가 실패한 readiness 점검을 보고합니다: {{failing}}.',
      unavailable: 'apiserver의 /readyz가 HTTP {{status}}(으)로 응답했습니다: 준비되지 않았습니다.',
      passing: '응답한 apiserver의 /readyz는 통과합니다.',
    },
    'etcd-topology': {
      stacked: 'etcd는 stacked 구성입니다: 컨트롤 플레인 노드마다 멤버 하나 ({{sourceText}}).',
      external:
        'etcd는 클러스터 노드 밖에서 동작합니다 (external 구성): 노드 재부팅은 etcd에 영향이 없습니다 ({{sourceText}}).',
      managed: 'etcd는 클라우드 제공자가 운영하며 관찰할 수 없습니다.',
      unknown: 'etcd를 관찰할 수 없습니다: etcd 파드도 etcd 데이터도 없어 쿼럼을 알 수 없습니다.',
      'unknown-no-pods':
        'etcd를 관찰할 수 없습니다: 파드가 스냅샷에 없고 etcd 데이터도 없어 쿼럼을 알 수 없습니다.',
      embedded: 'etcd는 서버에 내장되어 있습니다: etcd 역할을 가진 서버마다 멤버 하나 ({{sourceText}}).',
      'datastore-sqlite':
        'etcd 역할을 가진 노드가 없고, k3s server에 기록된 설정(k3s.io/node-args, k3s.io/node-env)이 다른 데이터스토어를 고르지 않습니다 (--cluster-init, --server, --datastore-endpoint 없음): k3s는 기본 데이터스토어인 SQLite로 상태를 server 노드에 저장합니다. 점검할 etcd도 쿼럼도 없습니다.',
      datastore:
        'etcd 역할을 가진 노드가 없습니다: k3s는 상태를 SQLite나 외부 데이터스토어에 두므로 노드에서 점검할 etcd 쿼럼이 없습니다.',
      'probe-tls':
        '{{endpoint}}{{memberText}}의 etcd: {{message}}. 그곳의 etcd를 확인하지 못했습니다. 봇의 etcd ca, cert, key 설정을 점검하세요.',
      'probe-timeout': '{{endpoint}}{{memberText}}의 etcd: {{message}}. 다운된 것으로 봅니다.',
      'probe-refused': '{{endpoint}}{{memberText}}의 etcd: {{message}}. 다운된 것으로 봅니다.',
      'probe-unreachable': '{{endpoint}}{{memberText}}의 etcd: {{message}}. 다운된 것으로 봅니다.',
      'probe-http': '{{endpoint}}{{memberText}}의 etcd: {{message}}.',
      'probe-error': '{{endpoint}}{{memberText}}의 etcd: {{message}}.',
      'probe-no-endpoints': 'etcd를 조회하지 못했습니다: {{message}}.',
    },
    'etcd-voters': {
      two: 'etcd 투표 멤버가 2대입니다: 쿼럼이 2라서 장애를 하나도 허용하지 못합니다. 2대는 1대보다 나쁩니다.',
      even: 'etcd 투표 멤버가 {{voters}}대(짝수)입니다: 쿼럼 {{quorum}}, 허용 장애 {{tolerated}}대로 한 대 적은 구성과 같습니다.',
      odd: 'etcd 투표 멤버 {{voters}}대: 쿼럼 {{quorum}}, 허용 장애 {{tolerated}}대.',
    },
    'etcd-quorum-after': {
      lost: 'etcd 쿼럼을 잃게 됩니다: {{voters}}대 중 {{after}}대만 정상으로 남습니다 (쿼럼 {{quorum}}){{downText}}. 쿼럼이 없으면 클러스터 전체의 쓰기가 멈춥니다: kubectl 변경, 스케줄링, 복구 모두 불가.',
      'kept-no-spare':
        'etcd 쿼럼은 유지됩니다: {{voters}}대 중 {{after}}대가 정상으로 남지만 (쿼럼 {{quorum}}), {{node}}(이)가 내려가 있는 동안 추가 장애는 허용되지 않습니다.',
      kept: 'etcd 쿼럼은 유지됩니다: {{voters}}대 중 {{after}}대 정상 (쿼럼 {{quorum}}), 그동안 {{spare}}대 추가 장애 허용.',
      'learner-only': '{{node}}의 etcd 멤버는 learner입니다: 투표하지 않으므로 쿼럼은 변하지 않습니다.',
      'status-lost':
        'etcd 쿼럼 상실: {{voters}}대 중 {{healthy}}대 정상, 쿼럼 {{quorum}}{{downText}}. 쓰기가 멈춰 있습니다.',
      'status-no-spare':
        'etcd 쿼럼은 여유 없이 유지 중: {{voters}}대 중 {{healthy}}대 정상 (쿼럼 {{quorum}}){{downText}}. 한 대만 더 빠지면 모든 쓰기가 멈춥니다.',
      'status-single':
        'etcd 멤버가 하나뿐입니다. 정상이지만 여유가 없어, 그 멤버가 내려가 있는 동안 클러스터 전체의 모든 쓰기가 멈춥니다.',
      'status-single-from-pods':
        'etcd 멤버가 하나뿐입니다. 그 etcd 파드는 Ready이지만 (멤버 자체의 상태는 보지 못함: 데이터에 etcd status 없음) 여유가 없어, 그 멤버가 내려가 있는 동안 클러스터 전체의 모든 쓰기가 멈춥니다.',
      'status-no-spare-from-pods':
        'etcd 파드로 보는 한 쿼럼은 여유 없이 유지 중: {{voters}}대 중 {{healthy}}대의 etcd 파드가 Ready (쿼럼 {{quorum}}, 멤버 자체의 상태는 보지 못함: 데이터에 etcd status 없음){{downText}}. 한 대만 더 빠지면 모든 쓰기가 멈춥니다.',
      'status-kept-from-pods':
        'etcd 파드로 보는 한 쿼럼 유지: {{voters}}대 중 {{healthy}}대의 etcd 파드가 Ready (쿼럼 {{quorum}}, 멤버 자체의 상태는 보지 못함: 데이터에 etcd status 없음), 추가 장애 {{spare}}대 허용{{leaderText}}.',
      'status-kept-from-guard':
        'OpenShift etcd quorum guard가 보고하는 대로 etcd 쿼럼 유지: {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget이 guard 파드 {{guardExpected}}개 중 {{guardHealthy}}개를 Ready로 세며, guard 파드는 자기 컨트롤 플레인 노드의 etcd 멤버가 etcd health 엔드포인트에 응답할 때만 Ready입니다 (etcd 자체는 읽지 못했으며, 기록된 PDB status 기준). 따라서 {{voters}}대 중 {{healthy}}대 정상 (쿼럼 {{quorum}}, 여유 {{spare}}대).',
      'status-no-spare-from-guard':
        'OpenShift etcd quorum guard가 보고하는 대로 etcd 쿼럼은 여유 없이 유지 중: {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget이 guard 파드 {{guardExpected}}개 중 {{guardHealthy}}개를 Ready로 세며, guard 파드는 자기 컨트롤 플레인 노드의 etcd 멤버가 etcd health 엔드포인트에 응답할 때만 Ready입니다 (etcd 자체는 읽지 못했으며, 기록된 PDB status 기준). 따라서 {{voters}}대 중 {{healthy}}대 정상 (쿼럼 {{quorum}}){{downText}}. 한 대만 더 빠지면 모든 쓰기가 멈춥니다.',
      'kept-from-guard':
        'OpenShift etcd quorum guard가 보고하는 대로 etcd 쿼럼은 유지됩니다: {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget이 guard 파드 {{guardExpected}}개 중 {{guardHealthy}}개를 Ready로 세며, guard 파드는 자기 컨트롤 플레인 노드의 etcd 멤버가 etcd health 엔드포인트에 응답할 때만 Ready입니다 (etcd 자체는 읽지 못했으며, 기록된 PDB status 기준). 따라서 {{voters}}대 중 {{after}}대가 정상으로 남습니다 (쿼럼 {{quorum}}, {{node}}(이)가 내려가 있는 동안 여유 {{spare}}대).',
      'kept-no-spare-from-guard':
        'OpenShift etcd quorum guard가 보고하는 대로 etcd 쿼럼은 유지됩니다: {{guardNamespace}}/{{guardPdb}} PodDisruptionBudget이 guard 파드 {{guardExpected}}개 중 {{guardHealthy}}개를 Ready로 세며, guard 파드는 자기 컨트롤 플레인 노드의 etcd 멤버가 etcd health 엔드포인트에 응답할 때만 Ready입니다 (etcd 자체는 읽지 못했으며, 기록된 PDB status 기준). 따라서 {{voters}}대 중 {{after}}대가 정상으로 남지만 (쿼럼 {{quorum}}), {{node}}(이)가 내려가 있는 동안 추가 장애는 허용되지 않습니다.',
      'status-unknown-single':
        'etcd 투표 멤버는 하나(노드로부터 추정)이지만 그 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없음){{downText}}: 동작 중인지 알 수 없습니다.',
      'status-unknown-guard-count':
        'OpenShift etcd quorum guard가 세는 컨트롤 플레인 노드 수(컨트롤 플레인 노드마다 guard 파드 하나)로 etcd 투표 멤버는 {{voters}}대(쿼럼 {{quorum}})이지만, etcd 멤버 {{voters}}대 중 {{unknown}}대의 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없고, guard도 모두 정상으로 세지 않음){{downText}}: 쿼럼이 유지되는지 알 수 없습니다.',
      'unknown-guard-count':
        '재부팅 전후의 etcd 쿼럼은 알 수 없습니다: OpenShift etcd quorum guard가 세는 컨트롤 플레인 노드 수(컨트롤 플레인 노드마다 guard 파드 하나)로 투표 멤버는 {{voters}}대(쿼럼 {{quorum}})이지만, etcd 멤버 {{voters}}대 중 {{unknown}}대의 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없고, guard도 모두 정상으로 세지 않음){{downText}}. {{node}}(을)를 재부팅하기 전에 etcd 멤버 상태를 확인하세요.',
      'status-unknown':
        'etcd 투표 멤버 {{voters}}대(쿼럼 {{quorum}}, 노드로부터 추정)가 있지만 etcd 멤버 {{voters}}대 중 {{unknown}}대의 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없음){{downText}}: 쿼럼이 유지되는지 알 수 없습니다.',
      unknown:
        '재부팅 전후의 etcd 쿼럼은 알 수 없습니다: 투표 멤버 {{voters}}대(쿼럼 {{quorum}})가 노드로부터 추정되었지만 etcd 멤버 {{voters}}대 중 {{unknown}}대의 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없음){{downText}}. {{node}}(을)를 재부팅하기 전에 etcd 멤버 상태를 확인하세요.',
      'unknown-lost':
        '{{node}}(을)를 잃었을 때의 etcd 쿼럼은 알 수 없습니다: 투표 멤버 {{voters}}대(쿼럼 {{quorum}})가 노드로부터 추정되었지만 etcd 멤버 {{voters}}대 중 {{unknown}}대의 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없음){{downText}}. 먼저 etcd 멤버 상태를 확인하세요.',
      'status-kept':
        'etcd 쿼럼 유지: {{voters}}대 중 {{healthy}}대 정상 (쿼럼 {{quorum}}), 추가 장애 {{spare}}대 허용{{leaderText}}.',
      'lost-single':
        'etcd 멤버는 {{node}}의 하나뿐입니다: 내려가 있는 동안 클러스터 전체의 쓰기가 멈춥니다 (kubectl 변경, 스케줄링, 복구 불가).',
    },
    'etcd-learner': {
      learner:
        'etcd에 learner 멤버가 있습니다 ({{learners}}): 멤버 변경이 진행 중이며, learner는 승격되기 전까지 투표하지 않고 쿼럼에 들어가지 않습니다.',
      'learner-reboot':
        'etcd에 learner 멤버가 있습니다 ({{learners}}): 멤버 변경이 진행 중이므로 끝날 때까지 어떤 etcd 멤버도 내리면 안 됩니다.',
      unmatched:
        'etcd 멤버 {{unmatched}}(이)가 어떤 컨트롤 플레인 노드와도 맞지 않습니다: 멤버 목록과 노드가 다릅니다.',
    },
    'etcd-leader': {
      // 장애가 난 리더는 리더 역할을 넘겨주지 못합니다 (정상 중지만 리더 역할을 넘김): 사라진 노드의 문장 (fate `lost`).
      'leader-here-lost':
        '{{node}}(이)가 etcd 리더입니다: 장애가 난 리더는 리더 역할을 넘겨주지 못합니다. 다른 멤버들이 선출 타임아웃(기본 {{electionTimeoutMs}}ms) 뒤 새 리더를 뽑고, 그때까지 쓰기가 기다립니다.',
      'leader-here-writes-blocked-lost':
        '{{node}}(이)가 etcd 리더입니다: 장애가 난 리더는 리더 역할을 넘겨주지 못하고, 다른 멤버들이 선출 타임아웃(기본 {{electionTimeoutMs}}ms) 뒤 새 리더를 뽑습니다. 그래도 쓰기는 계속 거부됩니다: 켜진 알람이 해제될 때까지(NOSPACE라면 compact와 defrag 뒤) 누가 리더든 쓰기를 막습니다.',
      'leader-here':
        '{{node}}(이)가 etcd 리더(etcd leader)입니다: 정상 종료 시 etcd가 먼저 다른 멤버에게 리더 역할을 넘깁니다(잠깐 쓰기가 멈춤, 미리 할 일 없음).',
      'leader-here-no-quorum':
        '{{node}}(이)가 etcd 리더입니다. 남은 멤버들은 쿼럼이 없어 새 리더를 뽑지 못합니다.',
      'leader-here-writes-blocked':
        '{{node}}(이)가 etcd 리더입니다: 정상 종료 시 etcd가 다른 멤버에게 리더 역할을 넘기지만, 누가 리더든 쓰기는 계속 거부됩니다: 켜진 알람이 해제될 때까지(NOSPACE라면 compact와 defrag 뒤) 쓰기를 막습니다.',
      'leader-elsewhere': 'etcd 리더는 {{node}}(이)가 아니라 {{leader}}입니다.',
      lag: 'etcd 멤버 {{behind}}(이)가 가장 앞선 멤버보다 적용된 Raft 항목 {{lag}}개만큼 뒤처져 있습니다 (어느 멤버든 항목 {{limit}}개 넘게 뒤처지면 etcd는 새 쓰기를 거부합니다).',
      'in-step': 'etcd 투표 멤버가 모두 최신 상태입니다(적용 인덱스 차이 {{lag}}).',
      'in-step-answered':
        '응답한 etcd 멤버 {{answered}}대는 서로 뒤처지지 않았습니다: 적용 인덱스 차이 {{lag}}.',
      'status-leader': 'etcd 리더: {{leader}} (멤버 id {{leaderId}}).',
      'status-no-leader':
        '리더를 보고하는 etcd 멤버가 없습니다 (응답한 멤버 {{healthy}}대): 선출 중이거나 쿼럼을 잃었으며, 쓰기는 대기합니다.',
    },
    'etcd-alarms': {
      alarms:
        'etcd 알람이 켜져 있습니다: {{alarms}}. 클러스터가 읽기와 삭제만 받으므로 축출(eviction)도 실패합니다.',
      nospace:
        'etcd에 NOSPACE 알람이 켜져 있습니다 ({{alarms}}): 데이터베이스가 쿼터에 도달해 etcd가 읽기와 삭제만 받습니다. apiserver는 살아 있고 /readyz도 통과하지만 아무것도 바꿀 수 없습니다: kubectl 변경, 축출(드레인 실패), 스케줄링, Lease 갱신이 모두 안 됩니다.',
      unknown:
        'etcd 알람 목록을 읽지 못했습니다 (리더가 있어야 응답합니다): NOSPACE나 CORRUPT 알람이 없다고 단정할 수 없습니다.',
    },
    'etcd-db-size': {
      high: 'etcd 데이터베이스가 쿼터 {{quotaMiB}} MiB 중 {{dbSizeMiB}} MiB ({{percent}}%)를 쓰고 있습니다.',
      fine: 'etcd 데이터베이스가 쿼터 {{quotaMiB}} MiB 중 {{dbSizeMiB}} MiB ({{percent}}%)를 쓰고 있습니다.',
    },
    'orphaned-daemonset-pods': {
      missing:
        '{{node}}에 DaemonSet이 클러스터에 없는 DaemonSet 파드가 있습니다({{daemonSets}}): {{pods}}. 드레인은 --ignore-daemonsets가 있어도 이 파드를 거부하며(kubectl 오류 `daemonsets.apps "NAME" not found`), --force만 이 파드를 영구히 삭제합니다(다시 만드는 것이 없음).',
      unseen:
        '{{node}}에 스냅샷에 DaemonSet이 없는 DaemonSet 파드가 있습니다({{daemonSets}}): {{pods}}. 클러스터에도 없다면 드레인은 --ignore-daemonsets가 있어도 이 파드를 거부하며(kubectl 오류 `daemonsets.apps "NAME" not found`) --force만 영구히 삭제합니다. DaemonSet이 있으면 --force도 --ignore-daemonsets처럼 그대로 둡니다.',
    },
    'unmanaged-pods': {
      present:
        '{{node}}에 컨트롤러가 없는 파드가 있습니다: {{pods}}. 드레인은 --force 없이는 거부하며, 삭제되면 다시 생기지 않습니다.',
      'only-node':
        '{{node}}에 컨트롤러가 없는 파드가 있습니다: {{pods}}. 삭제되면 다시 생기지 않습니다: 유일한 노드인 {{node}}(을)를 드레인하면 이 파드를 삭제하고(--force) 아무것도 옮기지 못합니다. 드레인 없이 재부팅하면 그대로 남습니다.',
    },
    'emptydir-pods': {
      present:
        '{{node}}에 emptyDir 데이터가 있는 파드: {{pods}}. 드레인에 {{emptyDirFlag}} 플래그(v1.20보다 오래된 kubectl에서는 {{emptyDirOldFlag}})가 필요하고 그 데이터는 사라집니다.',
      'only-node':
        '{{node}}에 emptyDir 데이터가 있는 파드: {{pods}}. 드레인하면 그 데이터가 삭제되고({{emptyDirFlag}}), 드레인 없이 재부팅하면 노드 디스크에 그대로 남습니다.',
      'only-node-memory':
        '{{node}}에 emptyDir 데이터가 있는 파드: {{pods}}. 드레인하면 그 데이터가 삭제되고({{emptyDirFlag}}), 드레인 없이 재부팅하면 노드 디스크에 그대로 남습니다. 단, 메모리(medium: Memory) emptyDir({{inMemory}})은 재부팅하면 항상 비워집니다.',
      // 유일한 노드의 장애 (fate `lost`, what-if/node-down.ts): 드레인도, 직접 하는 재부팅도 없습니다.
      'only-node-lost':
        '{{node}}에 emptyDir 데이터가 있는 파드: {{pods}}. 그 데이터는 {{node}}의 디스크에 있습니다: 파드가 삭제되거나 축출되면 사라지고, 그렇지 않으면 {{node}}(이)가 돌아올 때 그대로 남아 있습니다.',
      'only-node-memory-lost':
        '{{node}}에 emptyDir 데이터가 있는 파드: {{pods}}. 그 데이터는 {{node}}의 디스크에 있습니다: 파드가 삭제되거나 축출되면 사라지고, 그렇지 않으면 {{node}}(이)가 돌아올 때 그대로 남아 있습니다. 단, {{inMemory}}의 메모리(medium: Memory) emptyDir은 장애와 함께 사라집니다.',
    },
    'daemonset-pods': {
      present:
        '{{node}}의 DaemonSet 파드({{daemonSets}})와 정적 파드는 축출되지 않고 노드와 함께 돌아옵니다.',
      'daemonsets-only': '{{node}}의 DaemonSet 파드({{daemonSets}})는 축출되지 않고 노드와 함께 돌아옵니다.',
      'static-only': '{{node}}의 정적 파드는 축출되지 않고 노드와 함께 돌아옵니다.',
      'present-drain':
        '{{node}}의 DaemonSet 파드({{daemonSets}})와 정적 파드는 축출되지 않습니다: 드레인 중에도 그 노드에서 계속 실행됩니다.',
      'daemonsets-only-drain':
        '{{node}}의 DaemonSet 파드({{daemonSets}})는 축출되지 않습니다: 드레인 중에도 그 노드에서 계속 실행됩니다.',
      'static-only-drain':
        '{{node}}의 정적 파드는 축출되지 않습니다: 드레인 중에도 그 노드에서 계속 실행됩니다.',
      // NotReady 노드의 드레인 (issue 16, reader6 B15/F10).
      'present-not-ready-drain':
        '{{node}}의 DaemonSet 파드({{daemonSets}})와 정적 파드는 축출되지 않습니다: 드레인은 그대로 두지만 {{node}}(이)가 NotReady라서 그 파드가 아직 실행 중인지는 알 수 없습니다.',
      'daemonsets-only-not-ready-drain':
        '{{node}}의 DaemonSet 파드({{daemonSets}})는 축출되지 않습니다: 드레인은 그대로 두지만 {{node}}(이)가 NotReady라서 그 파드가 아직 실행 중인지는 알 수 없습니다.',
      'static-only-not-ready-drain':
        '{{node}}의 정적 파드는 축출되지 않습니다: 드레인은 그대로 두지만 {{node}}(이)가 NotReady라서 그 파드가 아직 실행 중인지는 알 수 없습니다.',
    },
    'pdb-blocks': {
      'quorum-guard':
        'OpenShift의 {{namespace}}/{{pdb}} PodDisruptionBudget이 etcd 쿼럼을 지킵니다: 기록된 status로는 컨트롤 플레인 노드를 {{disruptionsAllowed}}대까지 중단할 수 있으니(정상 {{currentHealthy}}, 필요 {{desiredHealthy}}: 봇이 아니라 이 PDB가 직접 센 값), 컨트롤 플레인 노드는 한 대씩 드레인하세요.',
      'quorum-guard-blocked':
        'OpenShift의 {{namespace}}/{{pdb}} PodDisruptionBudget은 기록된 status로는 컨트롤 플레인 노드 중단을 허용하지 않습니다 (정상 {{currentHealthy}}, 필요 {{desiredHealthy}}: 이 PDB가 직접 센 값): 다른 etcd 멤버가 내려가 있거나 드레인 중이며, 이 컨트롤 플레인 노드의 드레인은 기다리게 됩니다.',
      'max-unavailable-zero':
        'PodDisruptionBudget {{namespace}}/{{pdb}}의 maxUnavailable이 0입니다: 모든 축출이 거부되고(HTTP 429) 드레인이 끝없이 기다립니다.',
      'min-available-all':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 파드 {{expectedPods}}개(expectedPods) 중 {{minAvailable}}개가 항상 가용해야 한다고 요구합니다(minAvailable {{minAvailable}}, disruptionsAllowed {{disruptionsAllowed}}): 모든 축출이 HTTP 429로 거부되어 드레인이 끝없이 기다립니다.',
      'stops-webhook':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(disruptionsAllowed {{disruptionsAllowed}})(이)가 {{pods}}의 축출을 HTTP 429로 거부하고, 그 재시도는 웹훅 {{webhook}}에서 실패합니다(HTTP 500): 드레인이 그곳에서 멈춥니다. 재시도는 드레인이 웹훅의 백엔드(failurePolicy Fail)를 축출한 뒤에 오고 kubectl은 429만 재시도하므로 드레인은 끝나지 않은 채 종료됩니다.',
      'no-disruptions':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(이)가 지금은 중단을 허용하지 않습니다 (disruptionsAllowed 0, 필요 {{desiredHealthy}}개 중 정상 {{currentHealthy}}개): {{pods}} 축출이 HTTP 429로 거부됩니다.',
      'more-than-allowed-stuck':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단만 허용하는데 파드 {{podsHere}}개가 {{node}}에 있습니다: 드레인이 먼저 축출한 파드의 대체 파드를 받아 줄 노드가 없어 PDB의 허용 중단이 다시 생기지 않으므로, {{stuck}}의 축출은 계속 거부됩니다(HTTP 429).',
      'more-than-allowed-stuck-why':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단만 허용하는데 파드 {{podsHere}}개가 {{node}}에 있습니다: 드레인이 먼저 축출한 파드의 대체 파드가 Pending으로 남아({{pendingWhy}}) PDB의 허용 중단이 다시 생기지 않으므로, {{stuck}}의 축출은 계속 거부됩니다(HTTP 429).',
      'more-than-allowed':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단만 허용하는데 파드 {{podsHere}}개가 {{node}}에 있습니다: 대체 파드가 정상이 될 때까지 드레인이 기다립니다.',
      'not-computed':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: disruption 컨트롤러가 현재 spec에 대한 status를 아직 계산하지 않았습니다(status 없음, 또는 observedGeneration이 generation보다 뒤처짐). 그래서 API 서버는 계산될 때까지 그 파드({{pods}})의 모든 축출을 HTTP 429("still being processed")로 거부합니다.',
      'unhealthy-evictable':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단을 허용하지만, {{node}}의 그 파드({{pods}})는 Ready가 아니고 unhealthyPodEvictionPolicy({{policy}})에 따라 PDB 계산에 들지 않고 축출됩니다.',
      allows:
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 {{disruptionsAllowed}}개 중단을 허용하고, 그 파드 중 {{podsHere}}개가 {{node}}에 있으므로 드레인을 진행할 수 있습니다.',
      overlapping:
        '파드 {{pod}}(을)를 PodDisruptionBudget 여러 개({{pdbs}})가 선택합니다: eviction API가 500을 반환해 드레인이 축출하지 못합니다.',
      'status-blocking': '지금 중단을 허용하지 않는 PodDisruptionBudget (드레인이 기다리게 됨): {{pdbs}}.',
    },
    'cluster-dns': {
      'already-down':
        '클러스터 DNS가 이미 다운 상태입니다: {{workloads}}의 파드 {{count}}개 중 Ready인 파드가 없어({{stateText}}) {{node}}에 손대기 전인 지금도 클러스터 내부 이름 해석이 실패합니다. 기존 문제이며, 이번 작업이 일으키는 것도 고치는 것도 아닙니다.',
      'down-now':
        '클러스터 DNS가 이미 다운 상태입니다: {{workloads}}의 파드 {{count}}개 중 Ready인 파드가 없어({{stateText}}) 여기서 무슨 일이 있든 지금도 클러스터 내부 이름 해석이 실패합니다. 기존 문제입니다.',
      'status-down':
        '클러스터 DNS가 다운 상태입니다: {{workloads}}의 파드 {{count}}개 중 Ready인 파드가 없어({{stateText}}) 클러스터 내부 이름 해석이 실패합니다.',
    },
    'single-replica': {
      // 파드를 대신할 것이 없는 사라진 노드 (what-if/node-down.ts `stranded`; issue 16, reader5 F14, F22).
      'single-stranded':
        '{{workload}} ({{kind}}, {{namespace}})(은)는 레플리카 1개가 {{node}}에서 실행됩니다: {{node}}(이)가 돌아올 때까지 다운이고, 다른 곳에 다시 스케줄되지 않습니다. {{strandedText}}.',
      'all-here-stranded':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카({{replicas}}개)가 모두 {{node}}에 있습니다: {{node}}(이)가 돌아올 때까지 다운이고, 어느 것도 다른 곳에 다시 스케줄되지 않습니다. {{strandedText}}.',
      'dns-single-stranded':
        '클러스터 DNS({{workload}})의 레플리카 1개가 {{node}}에서 실행됩니다: {{node}}(이)가 돌아올 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈추고, 다른 곳에 다시 스케줄되지 않습니다. {{strandedText}}.',
      'dns-all-here-stranded':
        '클러스터 DNS({{workload}})의 레플리카({{replicas}}개)가 모두 {{node}}에 있습니다: {{node}}(이)가 돌아올 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈추고, 어느 것도 다른 곳에 다시 스케줄되지 않습니다. {{strandedText}}.',
      'spread-stranded':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있습니다. 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답하고, {{node}}(이)가 돌아올 때까지 다른 곳에서 대신하는 파드는 없습니다. {{strandedText}}.',
      'none-ready-elsewhere-stranded':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있고, 다른 노드의 레플리카는 Ready가 아닙니다: {{node}}(이)가 돌아올 때까지 다운이고, 어느 것도 다른 곳에 다시 스케줄되지 않습니다. {{strandedText}}.',
      'dns-none-ready-elsewhere-stranded':
        '클러스터 DNS({{workload}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있고, 다른 노드의 레플리카는 Ready가 아닙니다: {{node}}(이)가 돌아올 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈추고, 어느 것도 다른 곳에 다시 스케줄되지 않습니다. {{strandedText}}.',
      single:
        '{{workload}} ({{kind}}, {{namespace}})(은)는 단일 레플리카로 {{node}}에서만 실행됩니다: 다른 노드에서 다시 스케줄되어 뜰 때까지 다운타임이 생깁니다.',
      'all-here':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 {{replicas}}개가 모두 {{node}}에 있습니다: 다시 스케줄될 때까지 다운타임이 생깁니다.',
      'all-here-two':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 2개가 모두 {{node}}에 있습니다: 다시 스케줄될 때까지 다운타임이 생깁니다.',
      'dns-all-here-two':
        '클러스터 DNS({{workload}})의 레플리카 2개가 모두 {{node}}에 있습니다: 다시 스케줄될 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'dns-single':
        '클러스터 DNS({{workload}})가 단일 레플리카로 {{node}}에만 있습니다: 다시 스케줄될 때까지 클러스터 내부 이름 해석이 멈춥니다.',
      'dns-all-here':
        '클러스터 DNS({{workload}})의 레플리카 {{replicas}}개가 모두 {{node}}에 있습니다: 다시 스케줄될 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      // 유일한 노드 (reader 2.5): 다른 노드로 다시 스케줄되지 않음
      'dns-single-only-node':
        '클러스터 DNS({{workload}})는 단일 레플리카로 유일한 노드인 {{node}}에서 실행됩니다: 다시 스케줄될 곳이 없어, {{node}}(이)가 돌아와 uncordon되고 {{workload}}(이)가 다시 뜰 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'dns-all-here-only-node':
        '클러스터 DNS({{workload}})의 레플리카 {{replicas}}개가 모두 유일한 노드인 {{node}}에 있습니다: 다시 스케줄될 곳이 없어, {{node}}(이)가 돌아와 uncordon되고 {{workload}}(이)가 다시 뜰 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'dns-all-here-only-node-two':
        '클러스터 DNS({{workload}})의 레플리카 2개가 모두 유일한 노드인 {{node}}에 있습니다: 다시 스케줄될 곳이 없어, {{node}}(이)가 돌아와 uncordon되고 {{workload}}(이)가 다시 뜰 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'all-here-only-node-two':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 2개가 모두 유일한 노드인 {{node}}에 있습니다: 실행될 곳이 없어 {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      'single-only-node':
        '{{workload}} ({{kind}}, {{namespace}})(은)는 단일 레플리카로 유일한 노드인 {{node}}에서 실행됩니다: 실행될 곳이 없어 {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      // No other node has room for its pods (issue 28).
      'single-no-room':
        '{{workload}} ({{kind}}, {{namespace}})(은)는 단일 레플리카로 {{node}}에서 실행되고, 다른 어느 노드도 받을 수 없습니다: 다른 노드에 자리가 생기거나 {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      'all-here-no-room':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 {{replicas}}개가 모두 {{node}}에 있고, 다른 어느 노드도 받을 수 없습니다: 다른 노드에 자리가 생기거나 {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      'all-here-no-room-two':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 2개가 모두 {{node}}에 있고, 다른 어느 노드도 받을 수 없습니다: 다른 노드에 자리가 생기거나 {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      'all-here-only-node':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 {{replicas}}개가 모두 유일한 노드인 {{node}}에 있습니다: 실행될 곳이 없어 {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      'dns-single-only-node-lost':
        '클러스터 DNS({{workload}})는 단일 레플리카로 유일한 노드인 {{node}}에서 실행됩니다: 실행될 곳이 없어, {{node}}(이)가 돌아와 {{workload}}(이)가 다시 뜰 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'dns-all-here-only-node-lost':
        '클러스터 DNS({{workload}})의 레플리카 {{replicas}}개가 모두 유일한 노드인 {{node}}에 있습니다: 실행될 곳이 없어, {{node}}(이)가 돌아와 {{workload}}(이)가 다시 뜰 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'single-only-node-lost':
        '{{workload}} ({{kind}}, {{namespace}})(은)는 단일 레플리카로 유일한 노드인 {{node}}에서 실행됩니다: 실행될 곳이 없어 {{node}}(이)가 돌아올 때까지 다운됩니다.',
      'all-here-only-node-lost':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 {{replicas}}개가 모두 유일한 노드인 {{node}}에 있습니다: 실행될 곳이 없어 {{node}}(이)가 돌아올 때까지 다운됩니다.',
      'dns-all-here-only-node-two-lost':
        '클러스터 DNS({{workload}})의 레플리카 2개가 모두 유일한 노드인 {{node}}에 있습니다: 다시 스케줄될 곳이 없어, {{node}}(이)가 돌아와 {{workload}}(이)가 다시 뜰 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'all-here-only-node-two-lost':
        '{{workload}} ({{kind}}, {{namespace}})의 레플리카 2개가 모두 유일한 노드인 {{node}}에 있습니다: 실행될 곳이 없어 {{node}}(이)가 돌아올 때까지 다운됩니다.',
      spread:
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있습니다. 그 파드가 다시 스케줄되는 동안 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답합니다.',
      'none-ready-elsewhere':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있고, 다른 노드의 레플리카는 Ready가 아닙니다: 다른 곳에서 다시 스케줄되어 Ready가 될 때까지 다운타임이 생깁니다.',
      'dns-none-ready-elsewhere':
        '클러스터 DNS({{workload}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있고, 다른 노드의 레플리카는 Ready가 아닙니다: 다시 스케줄되어 Ready가 될 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈춥니다.',
      'status-list': '단일 레플리카 워크로드 (노드가 내려가면 함께 다운): {{workloads}}.',
      'single-pinned':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 1개가 {{node}}에 고정되어 있습니다. 다른 노드에서 실행될 수 없어 재부팅 내내, {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      'all-here-pinned':
        '{{workload}} ({{kind}}, {{namespace}}): 모든 레플리카가 {{node}}에 고정되어 있습니다. 다른 노드에서 실행될 수 없어 재부팅 내내, {{node}}(이)가 돌아와 uncordon될 때까지 다운됩니다.',
      'spread-pinned':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 고정되어 있어, {{node}}(이)가 돌아와 uncordon될 때까지 Pending으로 남습니다. 그동안 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답합니다.',
      'single-pinned-lost':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 1개가 {{node}}에 고정되어 있습니다. 다른 노드에서 실행될 수 없어 {{node}}(이)가 돌아올 때까지 다운됩니다.',
      'all-here-pinned-lost':
        '{{workload}} ({{kind}}, {{namespace}}): 모든 레플리카가 {{node}}에 고정되어 있습니다. 다른 노드에서 실행될 수 없어 {{node}}(이)가 돌아올 때까지 다운됩니다.',
      'spread-pinned-lost':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 고정되어 있어, {{node}}(이)가 돌아올 때까지 다운됩니다. 그동안 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답합니다.',
      'single-statefulset-lost':
        '{{workload}} ({{kind}}, {{namespace}})(은)는 단일 레플리카로 {{node}}에서만 실행됩니다: 다운됩니다. 그 노드의 파드는 {{node}}(이)가 돌아오거나, {{node}}(이)가 확실히 꺼진 뒤 강제 삭제되거나, {{node}}에 node.kubernetes.io/out-of-service taint를 줄 때까지 다른 곳에서 다시 만들어지지 않습니다(잃은 노드의 StatefulSet 파드는 Terminating으로 남음).',
      'all-here-statefulset-lost':
        '{{workload}} ({{kind}}, {{namespace}})의 모든 레플리카가 {{node}}에 있습니다: 다운됩니다. 그 노드의 파드는 {{node}}(이)가 돌아오거나, {{node}}(이)가 확실히 꺼진 뒤 강제 삭제되거나, {{node}}에 node.kubernetes.io/out-of-service taint를 줄 때까지 다른 곳에서 다시 만들어지지 않습니다(잃은 노드의 StatefulSet 파드는 Terminating으로 남음).',
      'none-ready-elsewhere-statefulset-lost':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있고, 다른 노드의 레플리카는 Ready가 아닙니다: 다운됩니다. 그 노드의 파드는 {{node}}(이)가 돌아오거나, {{node}}(이)가 확실히 꺼진 뒤 강제 삭제되거나, {{node}}에 node.kubernetes.io/out-of-service taint를 줄 때까지 다른 곳에서 다시 만들어지지 않습니다(잃은 노드의 StatefulSet 파드는 Terminating으로 남음).',
      'spread-statefulset-lost':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있습니다. 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답합니다. 그 노드의 파드는 {{node}}(이)가 돌아오거나, {{node}}(이)가 확실히 꺼진 뒤 강제 삭제되거나, {{node}}에 node.kubernetes.io/out-of-service taint를 줄 때까지 다른 곳에서 다시 만들어지지 않습니다(잃은 노드의 StatefulSet 파드는 Terminating으로 남음).',
      'operator-daemon':
        '{{workload}} ({{kind}}, {{namespace}}): Rook 오퍼레이터가 {{node}}에서 실행하는 Ceph {{daemon}} 데몬이며 데이터가 그 노드에 있습니다. 다른 노드로 재스케줄되지 않고 재부팅 내내 다운되며, PodDisruptionBudget이 드레인을 허용하는 동안 Ceph는 다른 데몬으로 서비스합니다.',
      'operator-daemon-lost':
        '{{workload}} ({{kind}}, {{namespace}}): Rook 오퍼레이터가 {{node}}에서 실행하는 Ceph {{daemon}} 데몬이며 데이터가 그 노드에 있습니다. 다른 노드로 재스케줄되지 않고 {{node}}(이)가 돌아올 때까지 다운됩니다.',
      'operator-daemon-drain':
        '{{workload}} ({{kind}}, {{namespace}}): Rook 오퍼레이터가 {{node}}에서 실행하는 Ceph {{daemon}} 데몬이며 데이터가 그 노드에 있습니다. 축출되면 다른 노드로 재스케줄되지 않고 {{node}}(이)가 uncordon될 때까지 Pending으로 남으며, PodDisruptionBudget이 드레인을 허용하는 동안 Ceph는 다른 데몬으로 서비스합니다.',
      'operator-daemon-refused':
        '{{workload}} ({{kind}}, {{namespace}}): Rook 오퍼레이터가 {{node}}에서 실행하는 Ceph {{daemon}} 데몬이며 데이터가 그 노드에 있습니다. 지금은 PodDisruptionBudget {{refusedBy}}(이)가 축출을 거부하므로(HTTP 429) 그 노드에서 계속 실행되고 드레인은 이 파드에서 기다립니다.',
      'operator-daemon-down':
        '{{workload}} ({{kind}}, {{namespace}}): Rook 오퍼레이터가 {{node}}에서 실행하는 Ceph {{daemon}} 데몬이며 이미 Ready가 아닙니다({{state}}). Ceph는 지금 이 데몬 없이 저하된 상태로 동작하며, {{node}}(을)를 내려도 이 데몬이 돌아오지는 않습니다.',
      'stopped-webhook':
        '{{workload}} ({{kind}}, {{namespace}}): 어드미션 웹훅 {{stoppedWebhook}}(이)가 {{node}}에 있는 파드 {{count}}개의 축출을 HTTP 500으로 거부해 드레인이 그 파드에서 멈춥니다. 축출되지 않으므로 그곳에서 계속 실행됩니다.',
      stopped:
        '{{workload}} ({{kind}}, {{namespace}}): PodDisruptionBudget 여러 개({{stoppedBy}})가 {{node}}의 그 파드 {{count}}개를 선택해 축출이 HTTP 500으로 거부되고 드레인이 멈춥니다: 파드는 그곳에서 계속 실행됩니다.',
      refused:
        '{{workload}} ({{kind}}, {{namespace}}): PodDisruptionBudget {{refusedBy}}(이)가 {{node}}에 있는 파드 {{count}}개의 축출을 거부하므로(HTTP 429) 축출되지 않습니다. 드레인이 기다리는 동안 그 노드에서 계속 실행됩니다.',
    },
    'workloads-on-control-plane': {
      user: '컨트롤 플레인 노드 {{node}}에서 워크로드가 실행 중입니다: {{pods}}. 그 노드와 함께 내려갑니다.',
      'user-drain':
        '컨트롤 플레인 노드 {{node}}에서 워크로드가 실행 중입니다: {{pods}}. 드레인은 이들도 다른 파드처럼 축출합니다.',
      system: '{{node}}의 애드온 파드({{pods}})는 드레인으로 축출되어 다시 스케줄됩니다.',
      // 함께 장애 난 노드 (fate `lost`, issue 16, reader6 B17): 드레인은 없습니다.
      'system-lost':
        '{{node}}의 애드온 파드({{pods}})는 노드와 함께 다운됩니다. {{node}}(이)가 NotReady로 표시되고 NoExecute toleration 시간이 지나면 taint manager가 축출하여 다시 스케줄됩니다.',
      'system-down-lost':
        '{{node}}의 애드온 파드({{pods}})는 노드와 함께 다운되고 다른 노드로 옮겨지지 않습니다: {{node}}(이)가 돌아올 때까지 다운됩니다.',
    },
    'local-volumes': {
      pinned:
        '{{node}}에 묶인 파드 (hostPath 데이터나 hostname nodeSelector): {{pods}}. 재부팅 내내 다운됩니다.',
      'pinned-drain':
        '{{node}}에 묶인 파드 (hostPath 데이터나 hostname nodeSelector): {{pods}}. 축출되면 다른 곳에서 실행될 수 없어 {{node}}(이)가 uncordon될 때까지 Pending으로 남습니다.',
      'pinned-lost':
        '{{node}}에 묶인 파드 (hostPath 데이터나 hostname nodeSelector): {{pods}}. {{node}}(이)가 돌아올 때까지 다운됩니다.',
    },
    capacity: {
      'status-one-node':
        '{{node}}(이)가 유일한 노드입니다: 모든 워크로드가 그곳에서 실행되며, 노드가 내려가 있는 동안 다른 곳으로 옮겨 갈 수 없어 멈춥니다.',
      'status-one-runnable':
        '{{node}}(은)는 NoSchedule taint 없이 Ready이고 스케줄 가능한 유일한 노드입니다: 일반 워크로드가 그곳에서 실행되며, 노드가 내려가 있는 동안 옮겨 갈 곳이 없어 멈춥니다.',
      fits: '옮겨 갈 파드 {{evictable}}개가 들어갈 자리가 Ready이고 스케줄 가능한 다른 노드에 있습니다.{{pendingText}}',
      'some-pending':
        '{{unplaced}}(이)가 들어갈 자리가 다른 노드에 없습니다: 드레인 후 Pending으로 남습니다.{{pendingText}}',
      'none-fit':
        '축출될 파드({{unplaced}})를 받을 수 있는 노드가 없습니다: Pending으로 남습니다.{{pendingText}}',
      'only-node':
        '{{node}}(은)는 클러스터의 유일한 노드입니다: 드레인이 축출하는 파드({{unplaced}})는 실행될 곳이 없어 {{node}}(이)가 돌아와 uncordon될 때까지 Pending으로 남습니다.',
      'only-node-unseen-partial':
        '데이터 안에서는 {{node}}(이)가 Ready이고 스케줄 가능하며 NoSchedule taint가 없는 유일한 노드이지만, 파일이 일부분이라 (OpenShift의 etcd quorum guard는 파일보다 컨트롤 플레인 노드를 {{unseenNodes}}대 더 셉니다) {{node}}에서 실행 중인 것(파드는 스냅샷에 없음)을 다른 노드가 받을 수 있는지는 알 수 없습니다.',
      'only-node-unseen-absent':
        '노드 목록에는 {{node}}에서 실행 중인 것을 받을 다른 노드가 없지만, 데이터의 파드가 목록에 없는 노드({{absentNodes}})에서 실행 중입니다: 노드 목록이 불완전하므로 {{node}}에서 실행 중인 것(파드는 스냅샷에 없음)을 다른 노드가 받을 수 있는지는 알 수 없습니다.',
      'only-node-unseen':
        '{{node}}(은)는 Ready이고 스케줄 가능하며 NoSchedule taint가 없는 유일한 노드입니다: 그 위에서 실행 중인 것(파드는 스냅샷에 없음)은 옮겨 갈 곳이 없어 재부팅 내내 멈춥니다.',
      'only-node-lost':
        '{{node}}(은)는 클러스터의 유일한 노드입니다: 그 파드({{unplaced}})는 실행될 곳이 없어 {{node}}(이)가 돌아올 때까지 다운됩니다.',
      'only-node-unseen-lost':
        '{{node}}(은)는 Ready이고 스케줄 가능하며 NoSchedule taint가 없는 유일한 노드입니다: 그 위에서 실행 중인 것(파드는 스냅샷에 없음)은 옮겨 갈 곳이 없어 {{node}}(이)가 돌아올 때까지 멈춥니다.',
      'only-node-replaced':
        '{{node}}(은)는 클러스터의 유일한 노드입니다: 노드 풀의 서지 업그레이드가 새 노드를 먼저 추가하고, {{node}}에서 드레인된 파드({{unplaced}})는 축출된 뒤 한 번씩 그 노드에서 시작합니다. 최대 서지가 0이면 교체 노드가 Ready가 될 때까지 Pending으로 남습니다.',
      'only-node-unseen-replaced':
        '{{node}}(은)는 Ready이고 스케줄 가능하며 NoSchedule taint가 없는 유일한 노드입니다: 노드 풀의 서지 업그레이드가 새 노드를 먼저 추가하고, {{node}}에서 실행 중인 것(파드는 스냅샷에 없음)은 축출된 뒤 그 노드에서 시작합니다. 최대 서지가 0이면 교체 노드가 Ready가 될 때까지 Pending으로 남습니다.',
    },
    'grace-period': {
      estimate:
        '드레인은 파드 {{count}}개를 축출합니다. 가장 긴 terminationGracePeriodSeconds는 {{seconds}}초입니다.',
      'estimate-fates':
        '드레인은 파드 {{count}}개를 축출합니다 ({{fatesList}}). 가장 긴 terminationGracePeriodSeconds는 {{seconds}}초입니다.',
      stops:
        '드레인이 {{stoppedPods}}에서 오류로 멈춥니다: PodDisruptionBudget 여러 개({{stoppedBy}})가 그 파드를 선택해 축출 API가 HTTP 500으로 답하고, kubectl은 429만 재시도하므로 드레인은 끝나지 않은 채 종료되고 그 파드는 계속 실행됩니다.',
      'stops-webhook':
        '드레인이 {{stoppedPods}}에서 오류로 멈춥니다: 어드미션 웹훅 {{stoppedWebhooks}}(failurePolicy Fail)가 파드 축출을 가로채는데 그 백엔드가 모두 {{node}}에서 실행되었습니다. 드레인이 그 백엔드를 축출한 뒤에는 이후의 축출이 모두 HTTP 500("failed calling webhook")으로 거부되고, kubectl은 429만 재시도하므로 드레인은 끝나지 않은 채 종료되고 그 파드들은 계속 실행됩니다.',
      'all-refused':
        '드레인이 축출하는 파드가 없습니다: 드레인이 축출하려는 파드({{refusedPods}})를 {{refusedBy}}(이)가 모두 거부하므로 드레인은 기다리기만 합니다.',
      'only-node':
        '드레인하지 않으면 파드 {{count}}개는 {{node}}(이)가 종료될 때 멈추고 돌아오면 다시 시작합니다 (NoExecute toleration 300초보다 오래 NotReady로 남지 않는 한). 가장 긴 terminationGracePeriodSeconds는 {{seconds}}초입니다.',
    },
    'control-plane-healthy-for-worker': {
      down: '컨트롤 플레인이 동작하지 않습니다 (etcd 쿼럼 상실 또는 살아 있는 apiserver 없음): 재부팅된 노드는 파드와 Service 규칙을 되찾지 못합니다: 재부팅 뒤 Service 규칙은 apiserver에서 다시 만들어지므로 빈 규칙으로 시작할 수 있습니다.',
      degraded:
        '컨트롤 플레인이 저하 상태입니다 (NotReady: {{notReadyText}}, 다운된 etcd 멤버: {{membersDownText}}). 동작은 하지만, 재부팅된 노드는 파드와 Service 규칙을 되찾는 데 컨트롤 플레인이 필요합니다.',
      healthy:
        '컨트롤 플레인이 정상이므로(/readyz 통과) {{node}}(은)는 재부팅 후 파드와 Service 규칙을 되찾습니다.',
      unseen:
        '컨트롤 플레인의 상태는 보지 못했습니다 (/readyz가 스냅샷에 없음): {{node}}(은)는 컨트롤 플레인이 동작할 때만 재부팅 후 파드와 Service 규칙을 되찾습니다. 먼저 확인하세요 (kubectl get --raw {{health}}).',
      'down-lost':
        '컨트롤 플레인이 동작하지 않습니다 (etcd 쿼럼 상실 또는 살아 있는 apiserver 없음): 다시 동작할 때까지 잃은 노드를 NotReady로 표시하거나 그 파드를 다른 곳에서 대체하는 것이 없습니다.',
      'degraded-lost':
        '컨트롤 플레인이 저하 상태입니다 (NotReady: {{notReadyText}}, 다운된 etcd 멤버: {{membersDownText}}). 동작은 하며, 잃은 노드를 NotReady로 표시하고 그 파드를 다른 곳에서 대체하는 것이 컨트롤 플레인입니다.',
      'healthy-lost':
        '컨트롤 플레인이 정상입니다(/readyz 통과): 아래 시간표대로 {{node}}(을)를 NotReady로 표시하고 그 파드를 다른 곳에서 대체합니다.',
      'unseen-lost':
        '컨트롤 플레인의 상태는 보지 못했습니다 (/readyz가 스냅샷에 없음): 컨트롤 플레인이 동작할 때만 {{node}}(이)가 NotReady로 표시되고 그 파드가 다른 곳에서 대체됩니다. 먼저 확인하세요 (kubectl get --raw {{health}}).',
      'down-replaced':
        '컨트롤 플레인이 동작하지 않습니다 (etcd 쿼럼 상실 또는 살아 있는 apiserver 없음): 다시 동작할 때까지 노드 풀 업그레이드는 {{node}}(을)를 드레인하지도, 그 파드를 새 노드에 스케줄하지도 못합니다.',
      'degraded-replaced':
        '컨트롤 플레인이 저하 상태입니다 (NotReady: {{notReadyText}}, 다운된 etcd 멤버: {{membersDownText}}). 동작은 하지만, {{node}}의 드레인과 그 파드를 새 노드에 스케줄하는 일이 컨트롤 플레인에 달려 있습니다.',
      'healthy-replaced':
        '컨트롤 플레인이 정상이므로(/readyz 통과) {{node}}에서 드레인된 파드는 새 노드와 다른 노드에 스케줄됩니다.',
      'unseen-replaced':
        '컨트롤 플레인의 상태는 보지 못했습니다 (/readyz가 스냅샷에 없음): 컨트롤 플레인이 동작할 때만 {{node}}에서 드레인된 파드가 새 노드와 다른 노드에 스케줄됩니다. 먼저 확인하세요 (kubectl get --raw {{health}}).',
    },
    'not-observed': {
      missing: '스냅샷에 없어 판단하지 않았습니다 (알 수 없음, 실패 아님): {{resourceNames}}.',
    },
    'kubectl-drain': {
      cordon:
        'kubectl cordon은 {{node}}에 spec.unschedulable을 설정합니다: 스케줄러가 새 파드를 배치하지 않습니다. 실행 중인 파드를 옮기려면 드레인하세요.',
      uncordon:
        'kubectl uncordon은 {{node}}의 spec.unschedulable을 해제합니다: 스케줄러가 새 파드를 배치할 수 있습니다. 이전에 축출된 파드는 옮겨진 노드에 그대로 있습니다.',
      refused:
        '붙여 넣은 그대로라면 드레인은 {{node}}(을)를 cordon한 뒤 아무것도 축출하기 전에 멈춥니다: {{pods}}(을)를 거부하며 (괄호 안은 각 파드에 필요한 플래그), {{node}}(은)는 cordon 상태로 남습니다.',
      'force-deletes':
        '--force는 컨트롤러가 없는 파드 {{count}}개를 영구히 삭제합니다 (다시 만들어지지 않습니다): {{pods}}.',
      'force-nothing': '--force는 {{node}}에서 아무 효과가 없습니다: 그곳의 모든 파드에 컨트롤러가 있습니다.',
      'emptydir-deletes':
        'emptyDir 삭제 플래그는 파드 {{count}}개의 emptyDir 데이터를 지웁니다 (괄호 안은 볼륨 이름): {{pods}}.',
      'emptydir-nothing':
        'emptyDir 삭제 플래그로 {{node}}에서 지워지는 데이터는 없습니다: emptyDir 볼륨을 가진 실행 중인 파드가 없습니다.',
      'eviction-disabled':
        '--disable-eviction은 파드를 축출하지 않고 삭제하므로 다음 PDB를 확인하지 않습니다: {{budgets}}.',
      'eviction-disabled-refusing':
        '--disable-eviction은 파드를 축출하지 않고 삭제하므로 PDB {{budgets}}(을)를 확인하지 않으며, {{refusing}}(은)는 한꺼번에 삭제되는 정상 파드가 지금 허용하는 중단 수보다 많아(또는 상태가 아직 계산되지 않아) 최소 가용 수 아래로 내려갑니다.',
      'eviction-disabled-none':
        '--disable-eviction으로 {{node}}에서 건너뛰는 PDB는 없습니다: 그곳 파드를 선택하는 PDB가 없습니다.',
      'pod-selector':
        '--pod-selector {{selector}}는 {{node}}의 파드 {{count}}개를 드레인하고 {{left}}개는 남깁니다. 이 답변의 나머지는 드레인되는 파드에 대한 것입니다.',
      'pod-selector-unread':
        '--pod-selector {{selector}}는 이 답변이 읽지 못하는 형식입니다: {{node}}의 모든 파드가 드레인되는 것으로 판단했으므로 실제 명령보다 많이 말할 수 있습니다.',
      'grace-period':
        '--grace-period {{seconds}}: 각 파드는 자신의 terminationGracePeriodSeconds 대신 {{seconds}}초 안에 종료됩니다.',
      timeout:
        '--timeout {{timeout}}: kubectl은 그 시간이 지나면 포기하고 {{node}}(은)는 cordon된 채로 남습니다. 여기서는 PDB 때문에 기다리는 축출이 없으므로, 그보다 오래 종료되는 파드가 있을 때만 포기합니다.',
      'timeout-gives-up':
        '--timeout {{timeout}}: 드레인은 PDB가 축출을 거부하는 {{pods}}에서 기다리다 {{timeout}} 뒤 포기합니다. {{node}}(은)는 cordon된 채 일부만 드레인되어, 먼저 축출된 파드는 다른 노드에서 실행되고 {{pods}}(은)는 {{node}}에 남습니다.',
      'dry-run':
        '--dry-run은 아무것도 바꾸지 않습니다: 아래는 같은 명령을 --dry-run 없이 실행했을 때의 결과입니다.',
      'unused-flags':
        '{{flags}}: kubectl 전역 플래그(kubectl이 연결할 API 서버, 사용자, 네임스페이스)로, 이 답변에는 쓰이지 않습니다: 답변은 봇에 설정된 대로 읽은 클러스터에 대한 것이고 (설정된 클러스터 이름의 --context는 그 클러스터를 고릅니다), 노드에는 네임스페이스가 없습니다.',
    },
    'kubectl-delete-node': {
      'force-deletes':
        '{{node}}(을)를 삭제하면 파드 가비지 컬렉터가 그 노드의 파드 {{count}}개를 축출 없이 한꺼번에 강제 삭제합니다 (유예 시간 0): {{pods}}. 컨트롤러가 다른 노드에 다시 만듭니다.',
      'force-deletes-lost':
        '{{node}}(을)를 삭제하면 파드 가비지 컬렉터가 그 노드의 파드 {{count}}개를 축출 없이 한꺼번에 강제 삭제하며(유예 시간 0), 컨트롤러 없음으로 표시된 파드는 영구히 사라지고 괄호 안의 emptyDir 데이터도 삭제됩니다: {{pods}}. 나머지는 컨트롤러가 다른 노드에 다시 만듭니다.',
      'budgets-bypassed':
        '파드 가비지 컬렉터는 축출하지 않고 삭제하므로 다음 PodDisruptionBudget을 확인하지 않습니다: {{budgets}}.',
      'budgets-bypassed-below':
        '파드 가비지 컬렉터는 축출하지 않고 삭제하므로 PodDisruptionBudget {{budgets}}(을)를 확인하지 않으며, {{below}}(은)는 한꺼번에 삭제되는 정상 파드가 지금 허용하는 중단 수보다 많아(또는 상태가 아직 계산되지 않아) 최소 가용 수 아래로 내려갑니다.',
      'etcd-member-stays':
        '{{node}}의 etcd 멤버 {{member}}(은)는 멤버 목록에 남습니다: Node 객체를 삭제해도 멤버는 제거되지 않습니다. 머신이 사라지면 etcd는 그 멤버를 투표 멤버 {{voters}}개 중 다운된 멤버로 셉니다.',
      registration:
        '{{node}}(은)는 kubelet이 재시작해 다시 등록할 때까지 클러스터에서 빠집니다 (kubelet은 시작할 때만 Node를 등록합니다). 손으로 설정한 레이블과 taint는 복원되지 않습니다.',
    },
    'target-pods': {
      unseen:
        '{{node}}의 파드가 스냅샷에 없습니다: 그곳에서 실행 중인 것(단일 레플리카, PodDisruptionBudget, 로컬 볼륨)은 점검하지 못했습니다. 먼저 {{node}}의 파드를 확인하세요 (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
      incomplete:
        '데이터에는 {{node}}의 파드 중 일부({{listed}}개)만 있습니다: OpenShift의 etcd quorum guard({{namespace}}/{{pdb}})는 컨트롤 플레인 노드마다 하나씩 Ready guard 파드 {{guardExpected}}개를 세는데, {{node}}의 guard 파드는 데이터에 없습니다. 그 밖에 실행 중인 것(단일 레플리카, PodDisruptionBudget, 로컬 볼륨)은 보지 못해 확인하지 않았습니다. 먼저 {{node}}의 파드를 확인하세요 (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
      'daemonsets-unlisted':
        '데이터에 다른 노드의 파드는 있지만 {{node}}의 파드는 없습니다. 그런데 같은 데이터의 DaemonSet 상태는 데이터에 없는 파드를 셉니다 ({{daemonSet}}: status.{{field}} {{scheduled}}, 데이터에 있는 그 파드 수 {{listed}}): {{node}}의 파드는 보지 못했으므로 그곳에서 실행 중인 것(단일 레플리카, PodDisruptionBudget, 로컬 볼륨)은 점검하지 못했습니다. 먼저 {{node}}의 파드를 확인하세요 (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
      'none-listed':
        '데이터에 다른 노드의 파드는 있지만 {{node}}의 파드는 없습니다: 그곳에서 실행 중인 것(단일 레플리카, PodDisruptionBudget, 로컬 볼륨)은 보지 못해 점검하지 못했습니다. 먼저 {{node}}의 파드를 확인하세요 (kubectl get pods --all-namespaces --field-selector=spec.nodeName={{node}}).',
    },
    'read-error': {
      forbidden:
        '{{resource}}(을)를 읽을 수 없습니다: 권한 없음 (HTTP 403). 이 데이터가 필요한 점검은 실행되지 않았습니다.',
      unauthorized:
        '{{resource}}(을)를 읽을 수 없습니다: 인증 실패 (HTTP 401). 이 데이터가 필요한 점검은 실행되지 않았습니다.',
      timeout:
        '{{resource}}(을)를 읽을 수 없습니다: 시간 초과. 이 데이터가 필요한 점검은 실행되지 않았습니다.',
      unreachable:
        '{{resource}}(을)를 읽을 수 없습니다: 연결 불가. 이 데이터가 필요한 점검은 실행되지 않았습니다.',
      'not-found':
        '{{resource}}(을)를 읽을 수 없습니다: 이 API 서버에 없음. 이 데이터가 필요한 점검은 실행되지 않았습니다.',
      error:
        '{{resource}}(을)를 읽을 수 없습니다: API가 오류로 응답. 이 데이터가 필요한 점검은 실행되지 않았습니다.',
    },
  },
  advice: {
    'node-health': {
      'lease-stale':
        '먼저 {{node}}의 kubelet을 확인하고(노드에서는 systemctl status kubelet과 journalctl -u kubelet, 여기서는 kubectl get lease {{node}} -n kube-node-lease --output=yaml의 spec.renewTime) Lease가 다시 갱신되면 다시 물어보세요.',
    },
    when: '"{{when}}"에 대해 물으셨습니다: 이 답은 지금 클러스터 상태를 기준으로 합니다. 시작하기 직전에 다시 물어보세요.',
    'concurrent-disruption': {
      'control-plane':
        '먼저 {{nodes}}(을)를 복구하고(또는 그 etcd 멤버를 교체하고: 죽은 멤버를 먼저 제거한 뒤 새 멤버를 추가) 나서 {{node}}(을)를 재부팅하세요.',
      'control-plane-no-member':
        '먼저 {{nodes}}(을)를 복구하고(또는 그 etcd 멤버를 교체하고: 죽은 멤버를 먼저 제거한 뒤 새 멤버를 추가) 나서 {{node}}(을)를 재부팅하세요.',
      'control-plane-upgrade':
        '먼저 {{nodes}}(을)를 복구하고(또는 그 etcd 멤버를 교체하고: 죽은 멤버를 먼저 제거한 뒤 새 멤버를 추가) 나서 {{node}}(을)를 업그레이드하세요.',
      'control-plane-no-member-upgrade':
        '먼저 {{nodes}}(을)를 복구하고(또는 그 etcd 멤버를 교체하고: 죽은 멤버를 먼저 제거한 뒤 새 멤버를 추가) 나서 {{node}}(을)를 업그레이드하세요.',
      'kured-lock': 'kured가 {{holder}} 작업을 끝낼 때까지 기다리세요.',
      'kured-lock-held': 'kured가 {{holder}}(을)를 재부팅하고 잠금을 풀 때까지 기다린 뒤 다시 물어보세요.',
    },
    'control-plane-count': {
      single:
        '유지보수 전에 컨트롤 플레인 노드를 3대 또는 5대로 늘리거나, 작업 시간대를 잡으세요: 실행 중인 파드는 계속 서비스하지만 변경과 자동 복구는 불가합니다.',
      'no-other-ready': '먼저 다른 컨트롤 플레인 노드를 Ready로 복구하세요.',
    },
    'etcd-quorum-after': {
      lost: '먼저 비정상 etcd 멤버를 복구하고, 한 대가 다운된 상태에서는 두 번째 멤버를 내리지 마세요.',
      'lost-remove-not-enough':
        '먼저 {{down}}의 etcd 멤버를 복구하거나 교체하고(죽은 멤버를 먼저 제거한 뒤 새 멤버를 추가), 한 대가 다운된 상태에서는 두 번째 멤버를 내리지 마세요. 죽은 멤버를 제거하기만 해서는 부족합니다: 투표 멤버 {{removeVoters}}대의 쿼럼은 {{removeQuorum}}이고, {{node}}(을)를 재부팅하면 여전히 {{after}}대만 남습니다.',
      'lost-single':
        '유지보수 전에 etcd를 멤버 3대(컨트롤 플레인 또는 etcd 노드 3대)로 늘리거나 작업 시간대를 잡으세요: 멤버가 1대뿐이면 그 멤버가 내려가 있는 동안 아무것도 쓸 수 없습니다.',
    },
    'etcd-learner': {
      'learner-reboot-no-id':
        '먼저 멤버 변경을 끝내세요: learner가 따라잡으면 승격하거나 제거한 뒤(ID는 클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 etcdctl member list로 확인) 다시 물어보세요.',
      'learner-reboot':
        '먼저 클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 멤버 변경을 끝내세요: learner가 따라잡으면 승격하거나(etcdctl member promote {{learnerId}}) 제거한 뒤(etcdctl member remove {{learnerId}}) 다시 물어보세요.',
    },
    'etcd-alarms': {
      alarms:
        '먼저 클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 원인을 해결한 뒤(NOSPACE: compact, defragment 후 etcdctl alarm disarm) 다시 물어보세요.',
      nospace:
        '클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 먼저 공간을 확보하세요: 키 이력을 현재 리비전까지 compact하고(etcdctl compact $(etcdctl endpoint status --write-out=json | grep -o \'"revision":[0-9]*\' | head -n1 | cut -d: -f2)), 모든 멤버를 defragment한 뒤(etcdctl defrag --cluster), 알람을 해제하고(etcdctl alarm disarm), 데이터가 정말 더 필요하면 --quota-backend-bytes를 늘린 뒤 다시 물어보세요.',
    },
    'etcd-topology': {
      'probe-tls':
        '봇의 etcd TLS 설정을 고치세요 (etcd.ca는 etcd CA, etcd.cert/etcd.key는 그 CA가 서명한 클라이언트 쌍, 예: kubeadm의 healthcheck-client). 그다음 다시 물어보세요.',
    },
    'leader-scheduler': {
      'held-here':
        '선택: 재부팅 전에 {{node}}의 kube-scheduler를 먼저 재시작해(정적 파드 매니페스트를 잠시 옮겼다 복원) Lease를 넘기세요.',
    },
    'leader-controller-manager': {
      'held-here':
        '선택: {{node}}의 kube-controller-manager를 먼저 재시작해(정적 파드 매니페스트를 잠시 옮겼다 복원) 지켜보는 가운데 Lease가 대기 인스턴스로 넘어가게 하세요.',
    },
    'pdb-blocks': {
      'min-available-all':
        '--disable-eviction으로 우회하지 말고, {{namespace}}의 파드를 {{minAvailable}}개 넘게 늘리거나 {{pdb}}(을)를 완화하세요 (예: maxUnavailable: 1).',
      'no-disruptions':
        '{{pdb}}(이)가 중단을 허용할 때까지(파드가 정상이 될 때까지) 기다리거나 먼저 스케일 업하세요.',
      'stops-webhook':
        '{{pdb}}(이)가 중단을 허용할 때까지(파드가 정상이 될 때까지) 기다리거나 먼저 스케일 업하세요.',
      'max-unavailable-zero': '{{pdb}}(이)가 최소 1개 중단을 허용하도록 바꾸거나 먼저 스케일 업하세요.',
      'not-computed':
        '레플리카를 기다려도 소용없습니다: kube-controller-manager가 disruption 컨트롤러와 함께 실행 중인지 확인하세요(kubectl -n kube-system get pods -l component=kube-controller-manager, 그 로그). 그래야 {{pdb}}(을)를 계산하고, status.observedGeneration이 metadata.generation과 같아집니다.',
      overlapping: '파드마다 PodDisruptionBudget 하나만 선택하도록 겹침을 없애세요.',
    },
    'cluster-dns': {
      'down-now':
        '먼저 클러스터 DNS를 복구하세요: 이름 해석을 쓰는 워크로드는 이미 실패하고 있으니 {{workloads}}의 파드가 왜 하나도 Ready가 아닌지 확인하세요 (파드의 이벤트에 스케줄되지 않거나 Ready가 아닌 이유가 나옵니다).',
      'already-down':
        '먼저 클러스터 DNS를 복구하세요: 이름 해석을 쓰는 워크로드는 이미 실패하고 있으니 {{workloads}}의 파드가 왜 하나도 Ready가 아닌지 확인하세요 (파드의 이벤트에 스케줄되지 않거나 Ready가 아닌 이유가 나옵니다).',
    },
    'single-replica': {
      single: '먼저 {{workload}}(을)를 레플리카 2개 이상으로 늘리거나, 작업 시간대에 다운타임을 감수하세요.',
      'all-here': '먼저 {{workload}}(을)를 여러 노드에 분산하세요 (topology spread 또는 anti-affinity).',
      'none-ready-elsewhere':
        '먼저 다른 노드에 있는 {{workload}} 레플리카를 Ready로 되돌리거나(Ready가 아닌 이유는 그 파드의 이벤트에 있습니다) 점검 시간에 다운타임을 감수하세요.',
      'dns-none-ready-elsewhere':
        '먼저 다른 노드에 있는 클러스터 DNS 레플리카를 Ready로 되돌리세요 (Ready가 아닌 이유는 그 파드의 이벤트에 있습니다): 그때까지는 {{node}}(이)가 클러스터 DNS 전체를 맡고 있습니다.',
      'dns-all-here':
        '먼저 {{node}}(을)를 cordon하고(kubectl cordon {{node}}) {{workload}}(을)를 재시작해(kubectl -n {{namespace}} rollout restart deployment/{{workload}}) 파드가 다른 노드에서 뜨게 한 뒤, 여러 노드에 분산해 두세요 (topology spread 또는 anti-affinity).',
      'dns-single': '먼저 {{workload}}(을)를 서로 다른 노드에 레플리카 2개 이상으로 늘리세요.',
      'dns-single-only-node':
        '작업 시간대를 잡으세요: {{node}}(이)가 유일한 노드라 클러스터 DNS({{workload}})는 노드가 돌아올 때까지 다운됩니다.',
      'dns-all-here-only-node':
        '작업 시간대를 잡으세요: {{node}}(이)가 유일한 노드라 클러스터 DNS({{workload}})는 노드가 돌아올 때까지 다운됩니다.',
      'single-only-node':
        '{{workload}}의 다운타임을 작업 시간대로 계획하세요: {{node}}(이)가 유일한 노드입니다.',
      'all-here-only-node':
        '{{workload}}의 다운타임을 작업 시간대로 계획하세요: {{node}}(이)가 유일한 노드입니다.',
      'single-pinned':
        '{{workload}}의 다운타임을 작업 시간대로 계획하세요: 데이터가 {{node}}에 있어 다른 노드에서 실행할 수 없습니다.',
      'all-here-pinned':
        '{{workload}}의 다운타임을 작업 시간대로 계획하세요: 데이터가 {{node}}에 있어 다른 노드에서 실행할 수 없습니다.',
      'single-statefulset-lost':
        '{{workload}}의 레플리카가 서로 다른 노드에서 실행되도록 늘리세요. {{node}}(을)를 영영 잃었다면, 확실히 꺼진 뒤 node.kubernetes.io/out-of-service taint로 그 파드를 풀어 주세요.',
      'all-here-statefulset-lost':
        '{{workload}}의 레플리카가 서로 다른 노드에서 실행되도록 늘리세요. {{node}}(을)를 영영 잃었다면, 확실히 꺼진 뒤 node.kubernetes.io/out-of-service taint로 그 파드를 풀어 주세요.',
      'single-replicaset':
        '먼저 ReplicaSet {{workload}}(을)를 소유한 Deployment를 레플리카 2개 이상으로 늘리거나(ReplicaSet을 직접 바꾸면 Deployment 컨트롤러가 되돌립니다), 작업 시간대에 다운타임을 감수하세요.',
      'all-here-replicaset':
        '먼저 ReplicaSet {{workload}}(을)를 소유한 Deployment를 여러 노드에 분산하세요 (topology spread 또는 anti-affinity).',
      'dns-all-here-replicaset':
        '먼저 {{node}}(을)를 cordon하고(kubectl cordon {{node}}) ReplicaSet {{workload}}(을)를 소유한 Deployment를 rollout restart해 파드가 다른 노드에서 뜨게 한 뒤, 여러 노드에 분산해 두세요 (topology spread 또는 anti-affinity).',
      'dns-single-replicaset':
        '먼저 ReplicaSet {{workload}}(을)를 소유한 Deployment를 서로 다른 노드에 레플리카 2개 이상으로 늘리세요.',
    },
    'emptydir-pods': {
      present: 'emptyDir 데이터가 사라져도 되는지 확인한 뒤 {{emptyDirFlag}} 플래그로 드레인하세요.',
      'only-node':
        'emptyDir 데이터 때문에 {{node}}(을)를 드레인하지 마세요: 그냥 재부팅하면 데이터가 남고, 유일한 노드를 드레인하면 데이터만 지우고 아무것도 옮기지 못합니다.',
      'only-node-memory':
        'emptyDir 데이터 때문에 {{node}}(을)를 드레인하지 마세요: 그냥 재부팅하면 디스크의 데이터는 남고, 유일한 노드를 드레인하면 데이터만 지우고 아무것도 옮기지 못합니다. {{inMemory}}의 메모리 emptyDir은 재부팅하면 항상 비워지므로 중요하면 먼저 저장하세요.',
    },
    'orphaned-daemonset-pods': {
      missing:
        '--force로 드레인하세요: 그렇지 않으면 드레인이 이 파드를 거부합니다. 먼저 필요한 파드가 아닌지 확인하세요.',
      unseen:
        '드레인이 `daemonsets.apps "NAME" not found` 오류를 내면 --force를 더하세요(그 파드를 영구히 삭제합니다).',
    },
    'unmanaged-pods': {
      present: '이 파드를 컨트롤러 아래에서 다시 만들거나, 잃는 것을 감수하세요 (drain --force).',
      'only-node':
        '{{node}}(을)를 드레인하지 마세요: 유일한 노드라서 드레인은 아무것도 옮기지 못하고(축출된 파드는 {{node}}(이)가 uncordon될 때까지 Pending), --force는 컨트롤러가 없는 파드({{pods}})를 영구히 삭제합니다. 그냥 재부팅하면 이 파드는 남습니다.',
    },
    'control-plane-healthy-for-worker': {
      down: '먼저 컨트롤 플레인을 복구하세요. 지금 노드를 재부팅하면 그 노드의 트래픽이 위험합니다.',
    },
    'workloads-on-control-plane': {
      user: '먼저 {{node}}(을)를 드레인해 워크로드를 옮기고, 컨트롤 플레인 NoSchedule taint 복원을 검토하세요.',
      // 장애에 대한 답 (fate `lost`): "먼저"가 아니라 장애에 앞서 워크로드를 옮깁니다.
      'user-lost':
        '장애에 대비해 일반 워크로드를 {{node}}에서 옮겨 두고(드레인), 컨트롤 플레인 NoSchedule taint 복원을 검토하세요: 장애가 난 노드의 파드는 노드와 함께 다운됩니다.',
    },
    capacity: {
      'none-fit': '드레인 전에 용량을 늘리거나 노드를 uncordon하세요.',
      'only-node':
        '{{node}} 작업은 작업 시간대에 계획하세요: 유일한 노드라 돌아올 때까지 그 위의 모든 것이 다운됩니다 (또는 먼저 노드를 추가하세요).',
      'some-pending': '먼저 용량을 늘리거나, 이 파드가 Pending으로 남는 것을 감수하세요.',
      'only-node-unseen-partial':
        '재부팅하기 전에 파일에 없는 노드를 확인하고 (kubectl get nodes) 그중 {{node}}의 파드를 받을 수 있는 노드가 있는지 확인하세요.',
      'only-node-unseen': '먼저 노드를 추가하거나, 클러스터의 모든 워크로드가 멈추는 작업 시간을 계획하세요.',
      'only-node-replaced':
        '이 업그레이드 동안 노드 풀의 최대 서지를 0보다 크게 두세요 (GKE, AKS 노드 풀 설정. EKS 관리형 노드 그룹은 새 노드를 직접 먼저 추가합니다). 그러면 {{node}}(을)를 드레인하기 전에 새 노드가 Ready가 됩니다.',
      'only-node-unseen-replaced':
        '이 업그레이드 동안 노드 풀의 최대 서지를 0보다 크게 두세요 (GKE, AKS 노드 풀 설정. EKS 관리형 노드 그룹은 새 노드를 직접 먼저 추가합니다). 그러면 {{node}}(을)를 드레인하기 전에 새 노드가 Ready가 됩니다.',
    },
    'read-error': {
      forbidden:
        '봇에 {{resource}} 읽기 권한을 주고 (docs/clusters.md의 "What the bot reads" 참고) 다시 물어보세요.',
    },
  },
  context: {
    line: '클러스터 {{cluster}} · 스냅샷 {{snapshotAt}} · 요청 {{requestId}}',
    captured: '클러스터 {{cluster}} · 수집 시각 {{snapshotAt}} ({{from}}) · 요청 {{requestId}}',
    from: {
      captured_at: '파일의 captured_at',
      given: '지정한 값',
      leases: 'Lease로부터 추정',
      'node-heartbeats': '노드 하트비트로부터 추정',
      'managed-fields': 'managedFields로부터 추정',
      read: '지금 읽음',
      unknown: '알 수 없음: 파일에 captured_at도, 추정할 시각도 없어 지금을 기준으로 나이를 잽니다',
    },
    profile: '배포판: {{profile}}',
    // The distribution profile's qualifier (profiles/*.ts `variant`), in Korean.
    variant: {
      'embedded etcd': '내장 etcd',
      SQLite: 'SQLite',
      'SQLite or external datastore': 'SQLite 또는 외부 데이터스토어',
    },
    profileUnknown: '알 수 없음 (데이터에 배포판 표시 없음)',
    etcdGuard: '{{source}}, 멤버 상태는 OpenShift etcd quorum guard로부터',
    cache: '감시 캐시에서 읽음 (동기화됨, 마지막 이벤트 {{seconds}}초 전)',
    etcd: {
      live: 'etcd: etcd에서 직접 읽음',
      recorded: 'etcd: 스냅샷에 기록된 값',
      inferred: 'etcd: etcd 파드로부터 추정',
      'inferred-nodes': 'etcd: 노드로부터 추정',
      none: 'etcd: 관찰 불가',
    },
  },
  source: {
    live: 'etcd에서 직접 읽음',
    recorded: '스냅샷에 기록된 값',
    inferred: 'etcd 파드로부터 추정',
    'inferred-nodes': '노드로부터 추정: etcd 역할 레이블과 EtcdIsVoter 조건, 또는 컨트롤 플레인 노드',
    none: '관찰 불가',
  },
  status: {
    controlPlane: '컨트롤 플레인',
    etcd: 'etcd',
    leases: '리더 Lease',
    nodes: '노드',
    workloads: '워크로드',
    singlePoints: '클러스터 전체의 단일 장애점',
    unseen: '보지 못한 것',
    gistHealthy: '컨트롤 플레인은 지금 1대에 장애가 나도 계속 동작합니다',
    gistDegradedData:
      '컨트롤 플레인은 지금 1대에 장애가 나도 계속 동작하지만, 문제는 데이터 플레인(아래의 노드 또는 워크로드)에 있습니다',
    gistCriticalData:
      '컨트롤 플레인은 지금 1대에 장애가 나도 계속 동작하지만, 데이터 플레인(아래의 노드 또는 워크로드)에 작업을 막는 문제가 있습니다',
    gistDataCpUnknown:
      '노드 또는 워크로드(아래)를 확인해야 하며, 컨트롤 플레인에 장애 여유가 있는지는 알 수 없습니다: etcd 멤버의 상태를 보지 못했습니다',
    gistDegraded: '컨트롤 플레인은 동작하지만 장애 여유가 없습니다',
    gistDegradedMembership:
      '컨트롤 플레인은 지금 1대에 장애가 나도 계속 동작하지만, etcd 멤버십 변경이 진행 중입니다(아래): 끝날 때까지 etcd 멤버를 일부러 내리지 마세요',
    gistDegradedCanTake:
      '컨트롤 플레인은 지금 1대에 장애가 나도 계속 동작하지만, etcd 멤버 구성을 살펴봐야 합니다(아래)',
    gistDegradedCanTakeData:
      '컨트롤 플레인은 지금 1대에 장애가 나도 계속 동작하지만, etcd 멤버 구성과 노드나 워크로드를 살펴봐야 합니다(아래)',
    gistDegradedMembershipData:
      '컨트롤 플레인은 지금 1대에 장애가 나도 계속 동작하지만, etcd 멤버십 변경이 진행 중이고 노드나 워크로드도 살펴봐야 합니다(아래)',
    gistCritical: '컨트롤 플레인이 장애 상태이거나 한 번의 장애로 멈출 수 있습니다',
    gistDegradedQuorumUnknown:
      '컨트롤 플레인은 동작하지만 장애 여유가 없습니다(아래). etcd 쿼럼 여부도 알 수 없습니다: etcd 멤버의 상태를 보지 못했습니다',
    gistCriticalQuorumUnknown:
      '컨트롤 플레인이 장애 상태이거나 한 번의 장애로 멈출 수 있습니다(아래). etcd 쿼럼 여부도 알 수 없습니다: etcd 멤버의 상태를 보지 못했습니다',
    gistUnknownPartial:
      '컨트롤 플레인에 장애 여유가 있는지 알 수 없습니다: 파일에 컨트롤 플레인 노드 일부만 있습니다',
    gistUnknown: '컨트롤 플레인에 장애 여유가 있는지 알 수 없습니다: etcd 멤버의 상태를 보지 못했습니다',
    gistManaged: '컨트롤 플레인은 클라우드 제공자가 관리하므로 데이터 플레인만 점검합니다',
    gistManagedDegradedData:
      '컨트롤 플레인은 클라우드 제공자가 관리하며, 문제는 데이터 플레인(아래의 노드 또는 워크로드)에 있습니다',
    gistManagedCriticalData:
      '컨트롤 플레인은 클라우드 제공자가 관리하며, 데이터 플레인(아래의 노드 또는 워크로드)에 작업을 막는 문제가 있습니다',
    nodeCount: '전체 노드 {{count}}대 중 NotReady 또는 cordon {{disrupted}}대.',
    allNodesFine: '노드 {{count}}대 모두 Ready이고 스케줄 가능.',
    allNodesFineSingle: '노드 1대, Ready이고 스케줄 가능.',
    allReadyLeaseStale:
      '노드 {{count}}대가 Ready이고 cordon된 노드는 없지만, {{nodes}}의 kubelet이 노드 Lease를 갱신하지 않고 있습니다 (아래).',
  },
  help: {
    intro:
      '노드를 재부팅·드레인·업그레이드해도 되는지, 노드가 죽으면 어떻게 되는지, 또는 클러스터의 HA 상태와 etcd 쿼럼(quorum, 투표 멤버의 과반)을 물어보세요.',
    forms: '요청 형식 (예시와 함께)',
    choose: '하나를 누르거나 그 문장을 보내 주세요:',
    clusters:
      '클러스터: {{clusters}} (기본 {{default}}). "CLUSTER 클러스터에서" 또는 --cluster 이름으로 클러스터를, --lang en|ko로 언어를 고릅니다.',
    schedules:
      '매일 HA 상태 게시: Slack 채널이나 Teams 대화에서 입력합니다 (콘솔에서는 목록만 볼 수 있습니다)',
  },
  error: {
    'not-understood': '무슨 뜻인지 이해하지 못했습니다.',
    ambiguous: '어떤 질문인지 확실하지 않습니다.',
    'several-commands':
      '붙여 넣은 내용은 명령 {{count}}개를 실행합니다 (반복문이나 목록의 노드마다 하나씩 셈). 하나의 요청으로 답할 수 없고, 붙여 넣은 내용의 일부에만 답하지 않습니다. 명령을 하나씩 물어봐 주세요. 아무것도 바꾸지 않았습니다.',
    'tool-refuses': {
      'grace-period':
        'kubectl이 이 명령을 거부합니다: --grace-period에는 초 단위 정수를 씁니다 (30, 또는 각 파드 자신의 terminationGracePeriodSeconds를 쓰는 음수). 아무것도 바꾸지 않았습니다.',
      'integer-flag':
        'kubectl이 이 명령을 거부합니다: --chunk-size와 --skip-wait-for-delete-timeout에는 정수를 씁니다. 아무것도 바꾸지 않았습니다.',
      timeout:
        'kubectl이 이 명령을 거부합니다: --timeout에는 단위(ns, us, ms, s, m, h)가 붙은 시간을 씁니다 (90s, 5m, 1h30m). 0이면 끝없이 기다립니다. 아무것도 바꾸지 않았습니다.',
      'dry-run':
        'kubectl이 이 명령을 거부합니다: --dry-run 값은 none, server, client 중 하나입니다 ("Invalid dry-run value"). 값 없이 --dry-run만 쓰면 client입니다. 아무것도 바꾸지 않았습니다.',
      'bool-flag':
        'kubectl이 이 명령을 거부합니다: --force, --ignore-daemonsets, --delete-emptydir-data, --disable-eviction에는 값을 쓰지 않거나 =true 또는 =false를 씁니다 (Go는 1, t, T, TRUE, True와 0, f, F, FALSE, False도 읽습니다). 아무것도 바꾸지 않았습니다.',
      'node-and-selector':
        'kubectl이 이 명령을 거부합니다: kubectl drain에는 노드 이름과 --selector(-l) 중 하나만 씁니다 ("cannot specify both a node name and a --selector option"). 아무것도 바꾸지 않았습니다.',
      'member-id':
        'etcdctl이 이 명령을 거부합니다: member remove에는 etcdctl member list가 보여 주는 16진수 멤버 ID를 씁니다 (8e9e05c52164694d, "expecting ID in Hex"). 아무것도 바꾸지 않았습니다.',
      'member-id-hex':
        'etcdctl이 이 명령을 거부합니다: member remove에는 etcdctl member list가 보여 주는 16진수 멤버 ID를 씁니다 ("expecting ID in Hex"). etcdctl member list -w json이 보여 주는 10진수 ID라면 16진수로는 {{hex}}입니다: etcdctl member remove {{hex}}로 물어보세요. 아무것도 바꾸지 않았습니다.',
      'member-id-missing':
        'etcdctl이 이 명령을 거부합니다: member remove에는 제거할 멤버의 ID가 필요합니다 ("member ID is not provided"). 어느 멤버입니까? etcdctl member remove ID로, 또는 그 멤버가 있는 노드로 물어보세요. 아무것도 바꾸지 않았습니다.',
    },
    'no-earlier-node':
      '앞에서 말한 노드가 없어 무엇을 가리키는지 알 수 없습니다. 어느 노드입니까? 요청에 노드 이름을 적어 주세요 (NODE 드레인해도 돼?).',
    empty: '요청이 비어 있습니다.',
    'too-long': '요청이 너무 깁니다.',
    'control-characters': '요청에 제어 문자나 터미널 이스케이프 시퀀스가 들어 있습니다.',
    'invalid-node-name':
      '올바른 노드 이름이 아닙니다: 노드 이름은 소문자, 숫자, "-", "."로 253자 이하입니다.',
    'node-name-characters':
      '노드 이름에 쓸 수 없는 문자: {{chars}}. 노드 이름은 소문자, 숫자, "-", "."로 253자 이하입니다.',
    'node-exclusion':
      '그룹에서 일부 노드를 뺄 수는 없습니다("제외", "빼고"): 원하는 노드를 직접 적거나(NODE랑 NODE) 그룹 전체로 물어보세요.',
    'invalid-cluster-name': '올바른 클러스터 이름이 아닙니다.',
    'invalid-option': '알 수 없거나 잘못된 옵션입니다: --lang en|ko 또는 --cluster 이름을 쓰세요.',
    'invalid-request-id':
      '유지보수 요청 ID나 계획 ID가 아닙니다: 요청 ID는 mr-abcdefgh23, 계획 ID는 mp-abcdefgh23 형식입니다 (mr- 또는 mp- 뒤에 a-z 또는 2-7로 된 10자, 카드에 표시된 그대로).',
    'cluster-unknown': '{{cluster}}(이)라는 클러스터가 없습니다. 설정된 클러스터: {{clusters}}.',
    'cluster-unknown-suggest':
      '{{cluster}}(이)라는 클러스터가 없습니다. {{suggestions}}(을)를 말씀하셨습니까? 설정된 클러스터: {{clusters}}.',
    'cluster-unreachable':
      '{{cluster}}의 apiserver에 연결할 수 없어 판정을 내리지 않습니다. apiserver에 연결되지 않는다고 해서 실행 중인 워크로드가 멈추지는 않습니다: 데이터 플레인(kubelet, kube-proxy, 커널 규칙, CNI)은 apiserver 없이도 기존 파드와 Service를 계속 서비스하고, 변경·스케줄링·자동 복구만 apiserver가 돌아올 때까지 기다립니다.',
    'cluster-unreachable-at':
      '{{cluster}}의 apiserver({{server}})에 연결할 수 없어 판정을 내리지 않습니다: {{why}}. apiserver에 연결되지 않는다고 해서 실행 중인 워크로드가 멈추지는 않습니다: 데이터 플레인(kubelet, kube-proxy, 커널 규칙, CNI)은 apiserver 없이도 기존 파드와 Service를 계속 서비스하고, 변경·스케줄링·자동 복구만 apiserver가 돌아올 때까지 기다립니다.',
    connection: {
      refused: '연결이 거부되었습니다 (그 주소와 포트에서 듣는 프로세스가 없거나 방화벽이 거부함)',
      'timed-out': '연결 시간이 초과되었습니다 (방화벽이 패킷을 버리거나 호스트가 꺼져 있음)',
      dns: '호스트 이름을 찾을 수 없습니다 (DNS)',
      tls: 'TLS 핸드셰이크가 실패했습니다 (인증서를 신뢰할 수 없거나 만료되었거나 다른 호스트 이름용)',
      network: '호스트로 가는 경로가 없거나 연결이 재설정되었습니다',
      unknown: '연결 오류',
    },
    'cluster-empty':
      '{{cluster}}의 apiserver가 노드를 하나도 보여 주지 않아 분석할 것이 없습니다. 봇이 올바른 클러스터를 읽는지 확인하세요.',
    'cluster-timeout':
      '{{cluster}}의 apiserver가 {{seconds}}초 안에 응답하지 않아 판정을 내리지 않습니다. 실행 중인 워크로드는 계속 서비스합니다. apiserver를 확인하고 다시 시도하세요.',
    'credential-plugin-timeout':
      'kubeconfig의 자격 증명 플러그인(exec)이 {{cluster}}에 대해 {{seconds}}초 안에 끝나지 않아 apiserver에 요청하지 못했고 판정을 내리지 않습니다. 플러그인 명령을 직접 실행해 멈추는 이유(로그인 프롬프트, 연결되지 않는 ID 공급자)를 확인하세요.',
    'cluster-unauthorized':
      '{{cluster}}의 apiserver가 봇의 자격 증명을 거부했습니다 (HTTP 401). 판정을 내리지 않습니다. kubeconfig나 ServiceAccount 토큰을 확인하세요.',
    'cluster-not-ready-etcd':
      '{{cluster}}의 apiserver는 응답하지만 /readyz가 etcd 실패를 보고하고(HTTP {{status}}) {{failure}}. 그래서 판정을 내리지 않습니다. etcd 없이는 apiserver가 클러스터 상태를 읽지도 쓰지도 못합니다: 재부팅하기 전에 etcd(컨트롤 플레인 노드의 etcd 멤버)를 먼저 복구하세요. 그동안 실행 중인 워크로드는 계속 서비스합니다.',
    'cluster-not-ready':
      '{{cluster}}의 apiserver는 응답하지만 /readyz가 실패한 점검을 보고하고(HTTP {{status}}) {{failure}}. 그래서 판정을 내리지 않습니다. 아래의 실패한 점검을 고친 뒤 다시 시도하세요. 그동안 실행 중인 워크로드는 계속 서비스합니다.',
    'nodes-read-timeout': '노드 목록 요청이 {{seconds}}초 안에 응답을 받지 못했습니다',
    'nodes-read-failed': '노드 목록 요청이 실패했습니다',
    'readyz-heading': 'apiserver의 /readyz 보고 (HTTP {{status}})',
    'readyz-no-lines': '실패한 점검 이름이 없습니다',
    'job-timeout':
      '점검이 {{seconds}}초 안에 끝나지 않았습니다. 다시 시도하거나 "상태"로 클러스터가 응답하는지 확인하세요.',
    'queue-unavailable': '지금은 작업 큐를 쓸 수 없습니다. 잠시 후 다시 시도하세요.',
    internal: '봇 내부 오류가 발생했습니다 (요청 {{requestId}}). 자세한 내용은 봇 로그에 있습니다.',
    hint: '"도움말"을 입력하면 요청 형식을 볼 수 있습니다.',
    tryHelp: '예: {{example}}',
  },
  console: {
    'maintenance-needs-redis':
      '유지보수에는 Redis가 필요합니다. 승인은 여러 사람이 함께 하므로 요청, 승인, 감사 로그가 Redis에 저장됩니다. REDIS_URL(또는 설정의 redis.url)을 지정하고 `k8s-ha-bot worker`를 실행한 뒤 다시 요청하세요. docs/maintenance.md를 참고하세요.',
    'no-worker':
      '키 접두사 {{prefix}}에서 클러스터 {{cluster}}의 큐를 처리하는 워커가 없습니다. 같은 Redis(REDIS_URL)와 같은 접두사(K8S_HA_BOT_QUEUE_PREFIX={{prefix}} 또는 `k8s-ha-bot worker --prefix {{prefix}}`)로 `k8s-ha-bot worker`를 시작하세요. 큐에 넣은 작업은 없습니다.',
    'no-worker-withdrawn':
      '키 접두사 {{prefix}}에서 클러스터 {{cluster}}의 큐를 처리하는 워커가 없습니다. 같은 Redis(REDIS_URL)와 같은 접두사(K8S_HA_BOT_QUEUE_PREFIX={{prefix}} 또는 `k8s-ha-bot worker --prefix {{prefix}}`)로 `k8s-ha-bot worker`를 시작하세요. 요청은 철회되어 나중에 실행되지 않습니다.',
    'redis-unreachable':
      '{{target}}의 Redis에 연결할 수 없어 요청을 워커에 보내지 못했습니다. REDIS_URL(또는 설정 파일의 redis, Sentinel이면 REDIS_SENTINELS)을 확인하거나 그곳에서 redis-server를 시작하세요.',
    'timeout-withdrawn':
      '점검이 {{seconds}}초 안에 끝나지 않아 요청을 철회했습니다. 나중에 실행되지 않습니다. 다시 시도하거나 "상태"로 클러스터가 응답하는지 확인하세요.',
    'timeout-running':
      '점검이 {{seconds}}초 안에 끝나지 않았고 워커가 아직 실행 중이라 철회할 수 없었습니다. 결과는 여기에 표시되지 않습니다. 잠시 후 다시 물어보세요(유지보수 요청이라면 `상태`로 확인하세요).',
    'maintenance-usage': '유지보수할 노드나 결정할 요청을 알려 주세요. 유지보수 형식은 아래와 같습니다.',
    'schedule-nowhere':
      '콘솔에는 나중에 게시할 수 없으므로 예약을 만들지 않습니다. 예약은 그것을 만든 Slack 채널이나 Teams 대화에 게시됩니다. 같은 명령을 그곳에서 입력하세요(Slack: /k8s {{example}}, Teams: @k8s-ha-bot {{example}}). 아무것도 예약하지 않았습니다.',
    'unschedule-in-chat':
      '예약은 게시되는 곳에서 삭제합니다. 그 Slack 채널이나 Teams 대화에서 "예약 취소 ID"를 입력하세요(여기서 "예약 목록"을 입력하면 각 예약이 어디에 게시되는지 보입니다). 아무것도 삭제하지 않았습니다.',
    'schedules-need-redis':
      '예약은 Redis에 저장되는데 이 콘솔에는 Redis가 설정되어 있지 않습니다. 목록을 보려면 REDIS_URL(또는 설정의 redis.url)을 게이트웨이의 Redis로 지정하세요.',
    'schedules-heading': '모든 채팅의 HA 게시 예약 (여기가 아니라 그곳에 게시됩니다)',
    'schedules-line':
      '{{id}}: {{cluster}}, 매일 {{time}} ({{timeZone}}){{quiet}}, {{platform}} {{conversation}}에 게시',
    'schedules-empty':
      '어느 채팅에도 예약된 HA 게시가 없습니다. Slack 채널(/k8s 매일 09:00 Asia/Seoul 상태 예약)이나 Teams 대화(@k8s-ha-bot 매일 09:00 Asia/Seoul 상태 예약)에서 만드세요.',
  },
  actions: { 'request-maintenance': '유지보수 요청', refresh: '새로고침', 'ha-status': 'HA 상태' },
  derived: {
    pending: '스케줄러의 판단: {{list}}.',
    preempting: '우선순위가 낮은 파드를 선점해야만 실행될 수 있습니다: {{list}}.',
    volumeUnknown:
      '{{list}}의 볼륨을 어디에 마운트할 수 있는지 알 수 없습니다(아직 바인딩되지 않아 프로비저너가 정하는 클레임이거나, 읽은 데이터에 없음): 그곳에서 실행되는지는 알 수 없습니다.',
    'fate-recreated': '{{count}}개는 다른 노드에서 다시 생성',
    'fate-pinned': '{{count}}개는 {{node}}에 고정되어 그곳에서 다시 실행될 수 있을 때까지 Pending',
    'fate-pinned-nodes':
      '{{count}}개는 각자의 노드({{nodes}})에 고정되어 그곳에서 다시 실행될 수 있을 때까지 Pending',
    'fate-stranded': '{{count}}개는 다른 노드에 여유가 없어 Pending',
    'fate-stranded-only-node': '{{count}}개는 유일한 노드라 {{node}}(이)가 돌아와 uncordon될 때까지 Pending',
    // 클러스터의 모든 노드를 함께 드레인/재부팅 (issue 16, reader6 B4).
    'fate-stranded-every-node': '{{count}}개는 실행할 노드가 남지 않아 Pending',
    'fate-bare': '{{count}}개는 컨트롤러가 없어 영구 삭제',
    'fate-unscheduled': '{{count}}개는 스케줄된 적이 없어 전처럼 Pending',
    'fate-orphaned':
      '{{count}}개는 스냅샷에 DaemonSet이 없는 DaemonSet 파드라, DaemonSet이 없으면 --force로 영구 삭제(있으면 그대로 실행)',
    'fate-finished': '{{count}}개는 이미 끝난 파드(Succeeded 또는 Failed)라 플래그 없이 삭제',
    'fate-replacement-refused': '{{count}}개는 어드미션 웹훅이 대체 파드를 거부해 다시 시작되지 않음',
    // 사라진 노드의 파드를 다른 곳에서 대신할 것이 없는 이유 (what-if/node-down.ts `stranded`).
    'stranded-no-controller':
      '{{node}} 없이는 그 노드를 NotReady로 표시하거나 파드를 축출할 컨트롤 플레인이 없습니다',
    'stranded-writes-blocked':
      'etcd가 쓰기를 거부하므로 아무것도 {{node}}(을)를 NotReady로 표시하거나 파드를 축출하지 못합니다',
    dnsNotReady: '실행 중이지만 Ready 아님',
    dnsSomePending: '{{count}}개는 Pending, 나머지는 Ready 아님',
    dnsPending: 'Pending',
    dnsPendingReason: 'Pending: {{reason}}',
    down: ', 이미 다운: {{list}}',
    apiserversDown: ', 다운: {{list}}',
    leader: ', 리더 {{leader}}',
    cordonBy: ', 설정: {{by}}',
    since: ', {{age}} 전',
    kuredMark: ' ({{age}} 전에 weave.works/kured-reboot-in-progress 표시도 함)',
    kuredMarkNoAge: ' (weave.works/kured-reboot-in-progress 표시도 함)',
    markAge: ', {{age}} 전',
    replaced: '{{workload}} (다른 노드에서 Ready인 레플리카 {{ready}}/{{desired}}개: {{nodes}})',
    'pending-statefulset': '{{name}} (StatefulSet 파드: 이 파드가 사라진 뒤에야 다시 생성됨)',
    'pending-bare': '{{name}} (컨트롤러 없음: 다시 생성되지 않음)',
    'pending-short': '{{name}} (다른 곳에서 Ready인 레플리카 {{ready}}/{{desired}}개)',
    noneTerminating: '아직 없음',
  },
  list: { and: '및', or: '또는', none: '없음' },
  factTerms: {
    pendingSummary: '노드 {{total}}대 중 들어갈 수 있는 노드 없음: {{terms}}',
    termCount: '{{term}} {{n}}대',
    term: {
      drained: '드레인됨',
      unschedulable: 'cordon 상태',
      'untolerated-taint': '맞는 toleration이 없는 taint({{taint}})',
      'too-many-pods': '파드 수 한도 초과',
      insufficient: '{{resource}} 부족',
      'host-port': '호스트 포트 {{port}} 사용 중',
      'node-affinity-selector': 'node affinity/nodeSelector 불일치',
      'node-affinity': 'node affinity 불일치',
      'other-node-name': '다른 노드를 지정(nodeName)',
      'invalid-pod-affinity': '잘못된 pod affinity',
      'pod-affinity': 'pod affinity 불충족',
      'pod-anti-affinity': 'pod anti-affinity 충돌',
      'topology-spread-missing-label': 'topology spread 제약(레이블 없음)',
      'topology-spread': 'topology spread 제약',
      'volume-claim-not-found': 'PVC 없음',
      'volume-claim-lost': 'PVC의 볼륨 유실(Lost)',
      'volume-claim-deleted': 'PVC 삭제 중',
      'volume-claim-unbound': '바인딩되지 않은 PVC',
      'volume-not-found': 'PV 없음',
      'volume-node-affinity': '볼륨 node affinity 충돌',
      'volume-zone': '볼륨 영역(zone) 불일치',
      'disk-in-use': '디스크 사용 중',
      'rwop-in-use': 'ReadWriteOncePod PVC {{claim}} 사용 중',
    },
    pinnedTo: '{{node}}에 고정됨',
    preempting: '{{pod}}: {{node}}에서 {{victims}} 선점',
    cordoned: 'cordon 상태',
    noController: '컨트롤러 없음',
  },
  slack: {
    advice: '먼저 할 일',
    more: '…외 {{count}}개 더',
    continued: '{{title}} (계속 {{part}}/{{total}})',
    contextNoSnapshot: '클러스터 {{cluster}} · 요청 {{requestId}}',
    close: '닫기',
    detailsOf: '자세히: {{title}} ({{part}}/{{total}})',
    detailsExpired: '이 답변의 자세한 내용은 만료되었습니다. 다시 요청해 주세요.',
    detailsInThread: '이 답변의 자세한 내용은 스레드에 있습니다.',
    detailsSentPrivately: '이 답변의 자세한 내용은 위에 나만 보기로 보내 드렸습니다.',
    detailsCut:
      '나머지 {{count}}개 항목은 여기에 표시하지 않습니다. 전체 답변은 콘솔이나 --format json으로 확인하세요.',
  },
  teams: {
    checkingNode: '{{cluster}}의 {{node}} 확인 중…',
    checkingDrain: '{{cluster}}의 {{node}} 드레인 후 재부팅 영향 확인 중…',
    checkingDrainOnly: '{{cluster}}의 {{node}} 드레인 영향 확인 중…',
    checkingUpgrade: '{{cluster}}의 {{node}} 업그레이드 영향 확인 중…',
    checkingStatus: '{{cluster}}의 HA·쿼럼 상태 확인 중…',
    checkingCluster: '{{cluster}} 확인 중…',
    checkingPlan: '승인 요청 전에 {{cluster}}의 유지보수 계획을 세우는 중…',
    refreshing: '새로 고치는 중: 확인이 끝나면 카드가 바뀝니다.',
    cardExpired: '이 카드는 오래되어 새로 고칠 수 없습니다. 다시 요청해 주세요.',
    actionUnavailable: '이 버튼은 아직 사용할 수 없습니다.',
    shortened: '전체 답변이 Teams에 비해 너무 커서 줄인 답변입니다.',
  },
  /** 게이트웨이가 요청을 받는 사용자 (adapters/slack/slack-identity.ts, adapters/teams/teams-identity.ts). */
  identity: {
    slackTeamNotAllowed:
      '이 봇은 설정된 Slack 워크스페이스의 구성원에게만 응답하며, 사용자의 워크스페이스({{team}})는 포함되어 있지 않습니다. 아무것도 실행하지 않았습니다.',
    teamsTenantNotAllowed:
      '이 봇은 설정된 Microsoft Teams 조직의 구성원에게만 응답하며, 사용자의 조직은 포함되어 있지 않습니다. 아무것도 실행하지 않았습니다.',
  },
  /** 사용자별 요청 빈도 제한 (src/ops/rate-limit.ts). */
  rateLimit: {
    title: '요청이 너무 많습니다',
    minute: '1분 동안 {{count}}번 요청하셨습니다. {{seconds}}초 후에 다시 시도하세요.',
    window: '{{window}}초 동안 {{count}}번 요청하셨습니다. {{seconds}}초 후에 다시 시도하세요.',
  },
  delivery: {
    undeliverableTitle: '답변을 게시하지 못했습니다',
    undeliverable:
      '{{minutes}}분 안에 답변을 이곳에 게시하지 못했습니다. 채팅 서비스가 이 대화의 새 메시지를 계속 거부했습니다. 잠시 후 다시 요청하세요.',
  },
  schedule: {
    postTitle: '{{cluster}} 일일 HA 상태',
    late: '(지연됨: 예정 {{when}})',
    changesHeading: '지난 게시 이후 변경 사항',
    firstPost: '이 예약의 첫 게시라서 비교할 이전 게시가 없습니다.',
    noChanges: '지난 게시 이후 바뀐 것이 없습니다.',
    noWorker:
      '{{cluster}}의 HA 상태를 읽지 못했습니다: 클러스터 {{cluster}}에 응답한 워커가 없습니다. 이 클러스터의 `k8s-ha-bot worker`를 시작하세요. 다음 게시에서 다시 읽습니다.',
    quiet: '{{cluster}}: {{health}}, 지난 게시 이후 변경 없음.',
    none: '없음',
    change: {
      memberDown: 'etcd 멤버 {{member}}(이)가 다운되었습니다.',
      memberBack: 'etcd 멤버 {{member}}(이)가 복구되었습니다.',
      voters: 'etcd 투표 멤버 수: {{before}} → {{after}}.',
      etcdLeader: 'etcd 리더 이동: {{before}} → {{after}}.',
      leaseMoved: '리더 Lease {{lease}} 이동: {{before}} → {{after}} (누적 전환 {{transitions}}회).',
      new: '새 문제: {{line}}',
      cleared: '해소됨: {{line}}',
      health: '전체 상태: {{before}} → {{after}}.',
    },
    created: '{{id}} 예약됨: 매일 {{time}} ({{timeZone}})에 {{cluster}}의 HA 상태를 이 채널에 게시합니다.',
    replaced:
      '{{id}} 변경됨: 매일 {{time}} ({{timeZone}})에 {{cluster}}의 HA 상태를 이 채널에 게시합니다 (예약은 하나로 유지).',
    notScheduled: '예약하지 않음',
    listCount: '예약 {{count}}개',
    listHeading: '이 채널의 HA 게시 예약',
    listLine: '{{id}}: {{cluster}}, 매일 {{time}} ({{timeZone}}){{quiet}}',
    quietTag: ', 조용히',
    listEmpty: '이 채널에는 예약된 HA 게시가 없습니다. 예: 매일 09:00 Asia/Seoul 상태 예약',
    removed: '{{id}} 삭제됨 ({{cluster}}, {{time}} {{timeZone}}): 더 이상 게시하지 않습니다.',
    notFound: '이 채널에 {{id}} 예약이 없습니다. "예약 목록"으로 목록을 볼 수 있습니다.',
    invalidTime:
      '시각이 아닙니다: {{value}}. 24시간제 HH:MM(예: 09:00)으로 입력하세요. 아무것도 예약하지 않았습니다.',
    invalidTimeZone:
      '알 수 없는 시간대: {{value}}. Asia/Seoul, Europe/Berlin, UTC 같은 IANA 이름을 쓰세요. 아무것도 예약하지 않았습니다.',
    unavailable: '여기서는 예약을 쓸 수 없습니다: Redis(REDIS_URL)가 필요합니다.',
  },
};
