/**
 * The request forms the help answer lists, per locale: each a form with placeholders (NODE,
 * CLUSTER, COMPONENT…) and a filled-in example that parses with `parseCommand` (a test
 * parses every example).
 */
import { MAINTENANCE_HELP_EXAMPLES } from './parse-maintenance-command.js';
import { PLAN_HELP_EXAMPLES } from './parse-maintenance-plan-command.js';
import type { Locale } from './types.js';

/** One request form for the help answer: the form with placeholders, and a filled-in example. */
export interface HelpExample {
  form: string;
  example: string;
}

/** The request forms per locale, for the help answer (NODE and CLUSTER are placeholders). */
export const HELP_EXAMPLES: Readonly<Record<Locale, readonly HelpExample[]>> = {
  en: [
    { form: 'can I reboot NODE [in CLUSTER]', example: 'can I reboot atlas-cp-2 in prod' },
    {
      form: 'is it safe to reboot NODE [tonight|now|tomorrow]',
      example: 'is it safe to reboot atlas-cp-2 tonight?',
    },
    { form: 'drain and reboot NODE', example: 'drain and reboot atlas-wk-1' },
    { form: 'what happens if I reboot NODE', example: 'what happens if I reboot atlas-cp-2' },
    { form: 'can I drain NODE (drain only, no reboot)', example: 'can I drain atlas-wk-1' },
    { form: 'can I upgrade NODE [to VERSION]', example: 'can I upgrade atlas-cp-2 to 1.34' },
    {
      form: 'how do I upgrade the cluster? [to VERSION]  (the order and steps for its distribution, from the first node)',
      example: 'how do I upgrade the cluster?',
    },
    {
      form: 'what if COMPONENT restarts [on NODE]  (COMPONENT: kube-apiserver, etcd, kube-scheduler, kube-controller-manager, kubelet, kube-proxy, coredns, cni, container-runtime)',
      example: 'what if kube-proxy restarts on atlas-wk-1',
    },
    { form: 'can I restart COMPONENT on NODE', example: 'can I restart the kube-apiserver on atlas-cp-1' },
    { form: 'restart COMPONENT [on NODE]', example: 'restart coredns' },
    { form: 'rolling update of COMPONENT', example: 'rolling update of kube-proxy' },
    { form: 'what if NODE goes down', example: 'what if atlas-cp-2 goes down' },
    { form: 'what if all control-plane nodes go down', example: 'what if all control-plane nodes go down' },
    { form: 'what if etcd loses quorum', example: 'what if etcd loses quorum' },
    { form: 'what if COMPONENT is down', example: 'what if the scheduler is down' },
    { form: 'status | ha status | etcd quorum [in CLUSTER]', example: 'ha status in prod' },
    { form: 'health report [for CLUSTER]', example: 'health report for prod' },
    {
      form: 'can we reboot NODE and NODE (together: all of them down at once)',
      example: 'can we reboot atlas-wk-1 and atlas-wk-2',
    },
    {
      form: 'can I reboot all the workers | all control-plane nodes | the nodes in zone ZONE | -l KEY=VALUE',
      example: 'can I reboot all the workers',
    },
    {
      form: 'in what order should I reboot NODES? (one by one, rolling: a plan)',
      example: 'in what order should I reboot the masters?',
    },
    { form: 'what if I lose NODE and NODE', example: 'what if I lose atlas-cp-1 and atlas-cp-2' },
    ...MAINTENANCE_HELP_EXAMPLES.en,
    ...PLAN_HELP_EXAMPLES.en,
    { form: 'help', example: 'help' },
    { form: '… --cluster CLUSTER --lang en|ko', example: 'can I reboot atlas-cp-2 --cluster prod --lang ko' },
  ],
  ko: [
    { form: 'NODE 재부팅해도 돼?', example: 'atlas-cp-2 재부팅해도 돼?' },
    { form: 'CLUSTER 클러스터에서 NODE 재부팅 가능?', example: 'prod 클러스터에서 atlas-cp-2 재부팅 가능?' },
    { form: 'NODE 드레인하고 재부팅해도 돼?', example: 'atlas-wk-1 드레인하고 재부팅해도 돼?' },
    { form: '오늘 밤 NODE 재시작해도 괜찮아?', example: '오늘 밤 atlas-cp-2 노드 재시작해도 괜찮아?' },
    { form: 'NODE 드레인해도 돼? (재부팅 없이 드레인만)', example: 'atlas-wk-1 드레인해도 돼?' },
    { form: 'NODE 업그레이드해도 돼?', example: 'atlas-cp-2 1.34로 업그레이드해도 돼?' },
    {
      form: '클러스터 업그레이드 어떻게 해?  (배포판에 맞는 순서와 단계, 첫 노드부터)',
      example: '클러스터 업그레이드 어떻게 해?',
    },
    {
      form: 'NODE에서 COMPONENT 재시작하면 어떻게 돼?  (COMPONENT: kube-apiserver, etcd, kube-scheduler, kube-controller-manager, kubelet, kube-proxy, coredns, cni, container-runtime)',
      example: 'atlas-wk-1에서 kube-proxy 재시작하면 어떻게 돼?',
    },
    { form: 'COMPONENT 재시작해도 돼?', example: 'coredns 재시작해도 돼?' },
    { form: 'COMPONENT 롤링 업데이트해도 돼?', example: 'kube-proxy 롤링 업데이트해도 돼?' },
    { form: 'NODE가 다운되면?', example: 'atlas-cp-2가 다운되면 어떻게 돼?' },
    { form: '컨트롤 플레인이 전부 다운되면?', example: '컨트롤 플레인 노드가 모두 다운되면 어떻게 돼?' },
    { form: 'etcd 쿼럼을 잃으면?', example: 'etcd 쿼럼을 잃으면 어떻게 돼?' },
    { form: 'COMPONENT가 다운되면?', example: '스케줄러가 다운되면 어떻게 돼?' },
    { form: 'HA 상태 | 쿼럼 | 클러스터 상태', example: 'prod 클러스터 HA 상태' },
    { form: '일일 점검', example: '일일 점검' },
    {
      form: 'NODE랑 NODE 재부팅해도 돼? (동시에: 모두 한꺼번에 내려감)',
      example: 'atlas-wk-1이랑 atlas-wk-2 재부팅해도 돼?',
    },
    {
      form: '워커 노드 전부 | 컨트롤 플레인 노드 전부 | ZONE 존 노드 | -l KEY=VALUE 재부팅해도 돼?',
      example: '워커 노드 전부 재부팅해도 돼?',
    },
    {
      form: 'NODES 하나씩 재부팅하려면 순서는? (롤링: 계획)',
      example: '컨트롤 플레인 노드 하나씩 재부팅하려면 순서는?',
    },
    { form: 'NODE랑 NODE가 동시에 다운되면?', example: 'atlas-cp-1이랑 atlas-cp-2가 동시에 다운되면?' },
    ...MAINTENANCE_HELP_EXAMPLES.ko,
    ...PLAN_HELP_EXAMPLES.ko,
    { form: '도움말', example: '도움말' },
    { form: '… --cluster CLUSTER --lang en|ko', example: 'atlas-cp-2 재부팅해도 돼? --cluster prod' },
  ],
};
