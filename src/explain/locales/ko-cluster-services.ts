/**
 * Korean texts of what stops for the whole cluster with a node (issue 29), merged into `checks`
 * and `advice` of ./ko.ts by ../i18n.ts (same keys as ./en-cluster-services.ts).
 */
export const koClusterServices = {
  checks: {
    'single-replica': {
      'refused-by-webhook':
        '{{workload}} ({{kind}}, {{namespace}})(은)는 {{node}}에서만 실행됩니다. 어드미션 웹훅 {{webhook}}(이)가 대체 파드를 거부하므로(아래), 웹훅에 백엔드가 다시 생길 때까지 중단됩니다.',
      'spread-refused-by-webhook':
        '{{workload}} ({{kind}}, {{namespace}}): 레플리카 {{replicas}}개 중 {{here}}개가 {{node}}에 있습니다. 다른 노드에서 Ready인 {{readyElsewhere}}개가 계속 응답하지만, 어드미션 웹훅 {{webhook}}(이)가 대체 파드를 거부하므로(아래) 웹훅에 백엔드가 다시 생길 때까지 {{here}}개가 모자란 채로 실행됩니다.',
    },
    'admission-webhook': {
      'refuses-drain':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}}, Ready {{backends}}개)가 모두 {{node}}에 있습니다. 백엔드가 멈춘 동안 API 서버는 이 웹훅이 가로채는 요청({{intercepts}})을 모두 거부하므로, 드레인이 만드는 {{namespaces}}의 대체 파드가 거부됩니다: {{pods}}. {{service}}의 백엔드가 다시 Ready가 될 때까지 다른 노드에서 시작되지 않습니다.',
      'refuses-drain-own':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}}, Ready {{backends}}개)가 모두 {{node}}에 있고, 이 웹훅은 자기 네임스페이스도 가로챕니다. 백엔드가 멈춘 동안 API 서버는 이 웹훅이 가로채는 요청({{intercepts}})을 모두 거부하므로, 드레인이 만드는 {{namespaces}}의 대체 파드가 거부되고({{pods}}) 웹훅 자신의 대체 파드도 거부됩니다. 스스로 돌아올 수 없어 {{node}}(이)가 돌아올 때까지 클러스터 전체에서 이 웹훅이 가로채는 파드 생성이 실패합니다.',
      'refuses-drain-down':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)에는 지금 Ready 백엔드가 없습니다({{service}}). API 서버는 이미 이 웹훅이 가로채는 요청({{intercepts}})을 모두 거부하므로, 드레인이 만드는 {{namespaces}}의 대체 파드도 거부됩니다: {{pods}}.',
      // 드레인 답의 형태(`<variant>-drain`): 드레인이 백엔드를 축출하고, 노드는 계속 실행됨.
      'refuses-drain-drain':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}}, Ready {{backends}}개)가 모두 {{node}}에 있고, 드레인이 이를 축출합니다. 그때부터 API 서버는 이 웹훅이 가로채는 요청({{intercepts}})을 모두 거부하므로, 축출된 {{namespaces}}의 파드의 대체 파드가 거부됩니다: {{pods}}. {{service}}의 백엔드가 다시 Ready가 될 때까지 다른 노드에 만들어지지 않습니다.',
      'refuses-drain-own-drain':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}}, Ready {{backends}}개)가 모두 {{node}}에 있고, 이 웹훅은 자기 네임스페이스도 가로챕니다. 드레인이 그 백엔드를 축출하면 API 서버는 이 웹훅이 가로채는 요청({{intercepts}})을 모두 거부하므로, 축출된 {{namespaces}}의 파드의 대체 파드가 거부되고({{pods}}) 웹훅 자신의 대체 파드도 거부됩니다. 스스로 돌아올 수 없어 클러스터 전체에서 이 웹훅이 가로채는 파드 생성이 실패합니다. {{node}}(을)를 uncordon해도 소용없습니다: 웹훅의 namespaceSelector가 그 네임스페이스를 제외하거나 설정이 삭제될 때까지 대체 파드는 어느 노드에서든 거부됩니다.',
      'cluster-wide-drain':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}}, Ready {{backends}}개)가 모두 {{node}}에 있고, 드레인이 이를 축출합니다. 다른 노드에서 대체 파드가 Ready가 될 때까지 이 웹훅이 가로채는 요청({{intercepts}})(은)는 클러스터 전체에서 거부됩니다. 이번 드레인이 다시 만드는 파드는 그 범위에 없습니다.',
      'may-refuse':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}})가 모두 {{node}}에 있습니다. 드레인의 대체 파드({{pods}})를 가로채는지는 알 수 없습니다(matchConditions, 또는 네임스페이스를 읽지 못함). 가로챈다면 백엔드가 다시 Ready가 될 때까지 거부됩니다.',
      'cluster-wide':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}}, Ready {{backends}}개)가 모두 {{node}}에 있습니다. 백엔드가 멈춘 동안 이 웹훅이 가로채는 요청({{intercepts}})(은)는 클러스터 전체에서 거부됩니다. 이번 드레인이 다시 만드는 파드는 그 범위에 없습니다.',
      'cluster-wide-down':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)에는 지금 Ready 백엔드가 없습니다({{service}}). 이 웹훅이 가로채는 요청({{intercepts}})은 이미 클러스터 전체에서 거부되고 있습니다.',
      ignore:
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Ignore)의 백엔드({{service}})가 모두 {{node}}에 있습니다. 백엔드가 멈춘 동안 이 웹훅의 검사는 건너뛰고, 가로채던 요청({{intercepts}})은 검사 없이 받아들여집니다.',
      'backends-unseen':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail): 백엔드({{service}})가 어디서 실행되는지 보이지 않았습니다 (EndpointSlice를 읽지 못했거나 노드가 적혀 있지 않음). 그래서 {{node}}(이)가 멈춘 동안 API 서버가 이 웹훅이 가로채는 요청({{intercepts}})을 거부하는지는 알 수 없습니다.',
      'backends-unlisted-node':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail): 백엔드({{service}})가 노드 목록에 없는 {{backendNodes}}에서 실행됩니다. 그래서 {{node}}(이)가 멈춘 동안 백엔드가 계속 응답하는지, 곧 API 서버가 이 웹훅이 가로채는 요청({{intercepts}})을 거부하는지는 알 수 없습니다.',
      url: '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)(은)는 클러스터 서비스 밖의 URL로 호출됩니다. {{node}}(이)가 멈춘 동안 응답하는지는 알 수 없습니다. 이 웹훅은 드레인의 대체 파드({{pods}})를 가로챕니다.',
      'status-down':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)에 Ready 백엔드가 없습니다({{service}}). 이 웹훅이 가로채는 요청({{intercepts}})은 지금 모두 거부됩니다.',
      'status-one-node':
        '어드미션 웹훅 {{webhook}}({{kind}} {{configuration}}, failurePolicy Fail)의 백엔드({{service}}, Ready {{backends}}개)가 모두 {{node}}에 있습니다. {{node}}(이)가 멈추면 이 웹훅이 가로채는 요청({{intercepts}})이 모두 거부됩니다.',
    },
    'aggregated-api': {
      'here-metrics':
        'APIService {{apiService}}({{service}} 뒤의 metrics-server)의 백엔드가 모두 {{node}}에 있습니다. 멈춘 동안 리소스 메트릭 API를 쓸 수 없어 HorizontalPodAutoscaler가 스케일링을 멈추고 kubectl top이 실패하며, 삭제 중인 네임스페이스는 Terminating으로 남습니다(네임스페이스 컨트롤러가 모든 API를 나열하지 못함).',
      'here-custom-metrics':
        'APIService {{apiService}}({{service}} 뒤의 {{group}})의 백엔드가 모두 {{node}}에 있습니다. 멈춘 동안 사용자 정의·외부 메트릭을 쓰는 HorizontalPodAutoscaler가 스케일링을 멈추고, 삭제 중인 네임스페이스는 Terminating으로 남습니다(네임스페이스 컨트롤러가 모든 API를 나열하지 못함).',
      here: 'APIService {{apiService}}({{service}} 뒤의 {{group}})의 백엔드가 모두 {{node}}에 있습니다. 멈춘 동안 그 API를 쓸 수 없고 디스커버리가 불완전하며, 삭제 중인 네임스페이스는 Terminating으로 남습니다(네임스페이스 컨트롤러가 모든 API를 나열하지 못함).',
      'not-available':
        'APIService {{apiService}}({{service}} 뒤의 {{group}})(은)는 지금 Available이 아닙니다({{reason}}). {{node}}(이)가 멈추든 아니든 그대로이며, 삭제 중인 네임스페이스는 이것이 돌아올 때까지 Terminating으로 남습니다.',
      'status-not-available':
        'APIService {{apiService}}({{service}} 뒤의 {{group}})(이)가 Available이 아닙니다({{reason}}, Ready 백엔드 {{backends}}개). 그 API는 실패하고, 지금 삭제하는 네임스페이스는 이것이 돌아올 때까지 Terminating으로 남습니다.',
      'status-namespaces-stuck':
        'APIService {{apiService}}({{service}} 뒤의 {{group}})(이)가 Available이 아니고({{reason}}, Ready 백엔드 {{backends}}개), 이 때문에 네임스페이스가 Terminating에 멈춰 있습니다: {{terminating}}. 네임스페이스 컨트롤러가 모든 API를 나열하지 못해, 이것이 돌아올 때까지 삭제가 끝나지 않습니다.',
      'status-one-node':
        'APIService {{apiService}}({{service}} 뒤의 {{group}})의 백엔드가 모두 {{node}}에 있습니다. {{node}}(이)가 멈추면 그 API를 쓸 수 없습니다.',
    },
  },
  advice: {
    'admission-webhook': {
      'refuses-drain':
        '드레인 전에 {{service}}의 레플리카를 다른 노드에도 두거나(여러 노드에 퍼진 레플리카와 PodDisruptionBudget), 웹훅의 namespaceSelector로 옮겨질 파드의 네임스페이스를 제외하세요.',
      'refuses-drain-own':
        '드레인 전에 {{service}}의 레플리카를 다른 노드에도 두고(여러 노드에 퍼진 레플리카와 PodDisruptionBudget), 웹훅의 namespaceSelector로 자기 네임스페이스를 제외해 대체 파드가 언제나 시작될 수 있게 하세요.',
      'refuses-drain-down':
        '먼저 {{service}}의 백엔드를 복구하세요(또는 웹훅의 namespaceSelector로 그 네임스페이스를 제외하세요). 그때까지 이 웹훅이 가로채는 파드는 만들어지지 않습니다.',
      'cluster-wide':
        '먼저 {{service}}의 레플리카를 다른 노드에도 두어(여러 노드에 퍼진 레플리카) {{node}}(이)가 멈춘 동안에도 가로채는 요청이 처리되게 하세요.',
      'may-refuse':
        '먼저 {{service}}의 레플리카를 다른 노드에도 두거나(여러 노드에 퍼진 레플리카), matchConditions가 옮겨질 파드에 해당하는지 확인하세요.',
    },
    'aggregated-api': {
      'here-metrics':
        '먼저 {{service}}의 두 번째 레플리카를 다른 노드에 두세요(metrics-server는 레플리카 2개와 PodDisruptionBudget으로 고가용성을 지원합니다).',
      'here-custom-metrics': '먼저 {{service}}의 레플리카를 다른 노드에도 두세요.',
      here: '먼저 {{service}}의 레플리카를 다른 노드에도 두세요.',
      'status-namespaces-stuck':
        '{{service}}(을)를 복구하세요(그 API를 더는 쓰지 않으면 APIService {{apiService}}(을)를 삭제하세요). 그러면 네임스페이스 삭제가 끝납니다.',
    },
  },
};
