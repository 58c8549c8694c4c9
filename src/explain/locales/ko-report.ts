/**
 * 일일 HA 점검 보고(이슈 19)의 한국어 텍스트, `report` 아래: 요약 한 줄, 항목마다 한 줄
 * (`item.<kind>.<variant>`), 인증서 갱신 방법, 지난 보고 이후 바뀐 것.
 */
import type { enReport } from './en-report.js';

export const koReport: typeof enReport = {
  title: '{{cluster}} 일일 HA 점검',
  titleOnDemand: '{{cluster}} HA 점검',
  ok: '정상: {{cluster}}에 확인이 필요한 항목이 없습니다.',
  attention: '{{cluster}}: 확인이 필요한 항목 {{count}}개{{urgent}}.',
  attentionOne: '{{cluster}}: 확인이 필요한 항목 1개{{urgent}}.',
  urgent: ' (긴급 {{count}}개)',
  itemsHeading: '확인이 필요한 항목 (급한 순)',
  changesHeading: '지난 보고 이후',
  firstReport: '첫 보고입니다. 아직 비교할 이전 보고가 없습니다.',
  noChanges: '새로 생긴 항목도, 해소된 항목도 없습니다.',
  onDemand: '요청 시 점검: 변화 횟수는 일일 보고에서만 셉니다.',
  newItems: '지난 보고 이후 새 항목: {{numbers}}번.',
  cleared: '해소: {{line}}',
  created: '{{id}} 예약: {{cluster}} 일일 HA 점검을 매일 {{time}}({{timeZone}})에 이 채널에 게시합니다.',
  replaced:
    '{{id}} 변경: {{cluster}} 일일 HA 점검을 매일 {{time}}({{timeZone}})에 이 채널에 게시합니다(예약은 하나 그대로).',
  listTag: ', 점검{{quietHours}}',
  invalidQuietHours:
    '조용한 시간이 아닙니다: {{value}}. HH:MM-HH:MM(24시간) 형식으로 쓰세요. 예: 조용한 시간 22:00-07:00. 아무것도 예약하지 않았습니다.',
  quietHours: '(조용한 시간이지만 긴급 항목이 있어 게시합니다)',
  age: { days: '{{count}}일', day: '1일', hours: '{{count}}시간', minutes: '{{count}}분' },
  renew: {
    kubeadm:
      '갱신: 각 컨트롤 플레인 노드에서 `kubeadm certs renew all` 실행 후 컨트롤 플레인 정적 파드를 재시작하세요.',
    distribution:
      '배포판이 자동으로 교체합니다(k3s, RKE2는 만료 90일 이내 서버 재시작 시). 교체되지 않으면 서버를 재시작하세요.',
    managed: '클라우드 제공자가 교체합니다. 곧 바뀌지 않으면 제공자에게 확인하세요.',
    unknown: '클러스터를 설치한 도구로 갱신하세요 (데이터에 배포판 표시가 없음).',
    kubeconfig: '봇용 클라이언트 인증서를 새로 발급받아 kubeconfig를 갱신하세요.',
  },
  item: {
    certificate: {
      apiserver: 'API 서버 인증서({{endpoint}})가 {{days}}일 후 만료됩니다({{date}}). {{renew}}',
      'apiserver-expired':
        'API 서버 인증서({{endpoint}})가 {{daysAgo}}일 전에 만료되었습니다({{date}}). {{renew}}',
      etcd: 'etcd 멤버 {{member}} 인증서({{endpoint}})가 {{days}}일 후 만료됩니다({{date}}). {{renew}}',
      'etcd-expired':
        'etcd 멤버 {{member}} 인증서({{endpoint}})가 {{daysAgo}}일 전에 만료되었습니다({{date}}). {{renew}}',
      'kubeconfig-client':
        '봇 자신의 kubeconfig 클라이언트 인증서가 {{days}}일 후 만료됩니다({{date}}). {{renew}}',
      'kubeconfig-client-expired':
        '봇 자신의 kubeconfig 클라이언트 인증서가 {{daysAgo}}일 전에 만료되었습니다({{date}}). {{renew}}',
    },
    'forecast-mismatch': {
      fate: '{{node}} 유지보수 {{requestId}}: 봇은 {{pod}}(을)를 {{forecast}}(으)로 예측했지만 {{observed}}였습니다({{detail}}). 이 클러스터에서는 이 부분의 답을 믿지 마세요. `report mismatch {{requestId}}`(으)로 이슈용 파일을 만드세요.',
      blocker:
        '{{node}} 유지보수 {{requestId}}: 봇은 {{pod}}(을)를 {{forecast}}(으)로 예측했지만 {{observed}}였습니다({{detail}}). 이 클러스터에서는 봇의 PDB 예측을 믿지 마세요. `report mismatch {{requestId}}`(으)로 이슈용 파일을 만드세요.',
    },
    'lock-stale': {
      'kured-gone':
        '{{daemonset}}의 kured 잠금을 이미 없는 노드 {{holder}}(이)가 잡고 있습니다. 풀기 전에는 어떤 노드도 재부팅되지 않습니다(weave.works/kured-node-lock 어노테이션 제거).',
      'kured-old':
        '{{daemonset}}의 kured 잠금을 {{holder}}(이)가 {{age}}째 잡고 있습니다. 그 재부팅을 마치거나 되돌리거나 잠금을 푸세요.',
      'bot-ended':
        '유지보수 잠금({{lease}})을 이미 끝난 요청 {{holder}}(이)가 아직 잡고 있습니다. 만료되거나 풀릴 때까지 다른 유지보수를 시작할 수 없습니다.',
      'bot-expired':
        '{{holder}}의 유지보수 잠금({{lease}})이 풀리지 않은 채 {{age}} 전에 만료되었습니다. 작업 중 워커가 죽었습니다. {{node}} 노드를 확인하세요.',
    },
    'node-not-ready': {
      plain: '{{node}} 노드가 {{age}}째 NotReady입니다. kubelet을 확인하거나 노드를 제거하세요.',
    },
    'pdb-stuck': {
      unhealthy:
        'PDB({{pdb}})가 {{age}}째 중단을 허용하지 않습니다(정상 {{healthy}}/{{expected}}, 필요 {{desired}}). 원인 파드: {{pods}}. 이 노드들의 드레인은 모두 멈춥니다.',
      'all-needed':
        'PDB({{pdb}})가 {{age}}째 중단을 허용하지 않습니다. 파드 {{expected}}개가 모두 남아야 합니다({{pods}}). 레플리카를 늘리거나 minAvailable을 낮추지 않으면 이 노드들의 드레인은 모두 멈춥니다.',
      'no-pods':
        'PDB({{pdb}})가 {{age}}째 중단을 허용하지 않습니다. 선택하는 파드가 없으니 고치거나 삭제하세요.',
    },
    'node-cordoned': {
      by: '{{node}} 노드가 {{age}}째 cordon 상태입니다({{by}}). uncordon하거나 유지보수를 마치세요.',
      plain: '{{node}} 노드가 {{age}}째 cordon 상태입니다. uncordon하거나 유지보수를 마치세요.',
    },
    'pod-terminating': {
      plain:
        '{{node}}의 파드({{pod}})가 {{age}}째 Terminating입니다(유예 {{grace}}초). 노드나 finalizer가 붙잡고 있습니다.',
    },
    'lease-churn': {
      plain:
        '리더 Lease {{lease}}의 주인이 {{hours}}시간 동안 {{moves}}번 바뀌었습니다. 컨트롤 플레인이 흔들립니다(apiserver와 etcd 지연 확인).',
    },
    'etcd-leader-changes': {
      plain:
        'etcd가 {{hours}}시간 동안 리더를 {{changes}}번 새로 뽑았습니다(raft term {{term}}). 멤버의 디스크와 네트워크 지연을 확인하세요.',
    },
    'etcd-db-size': {
      plain:
        'etcd 데이터베이스가 쿼터 {{quotaMib}} MiB 중 {{mib}} MiB({{percent}}%)입니다. 쓰기가 멈추기 전에 compact와 defrag를 하세요.',
      growing:
        'etcd 데이터베이스가 쿼터 {{quotaMib}} MiB 중 {{mib}} MiB({{percent}}%)이고 하루 {{growthMibPerDay}} MiB씩 늘고 있습니다. 쓰기가 멈추기 전에 compact와 defrag를 하세요.',
    },
    'version-skew': {
      'kubelet-too-old':
        '{{node}}의 kubelet({{kubelet}})이 kube-apiserver {{apiserver}}보다 {{behind}} 마이너 버전 뒤처져 있습니다(지원 범위 {{allowed}}). 업그레이드하세요.',
      'kubelet-newer':
        '{{node}}의 kubelet({{kubelet}})이 kube-apiserver {{apiserver}}보다 새 버전이라 지원되지 않습니다. 컨트롤 플레인을 먼저 업그레이드하세요.',
    },
  },
};
