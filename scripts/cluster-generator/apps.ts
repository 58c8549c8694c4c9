/**
 * The application workloads of a generated cluster: teams, names, replica counts, which have a
 * PodDisruptionBudget (some allowing no disruption) and which use emptyDir.
 */
import { prng } from './context.js';

/** One application workload. */
export interface AppPlan {
  kind: 'Deployment' | 'StatefulSet';
  namespace: string;
  name: string;
  replicas: number;
  /** PDB minAvailable, or null for none. */
  pdb: number | null;
  emptyDir: boolean;
}

const TEAMS = [
  'payments',
  'search',
  'checkout',
  'identity',
  'catalog',
  'media',
  'ledger',
  'ads',
  'growth',
  'infra',
  'data',
  'ml',
  'notify',
  'geo',
  'support',
  'billing',
];
const APP_WORDS = [
  'api',
  'worker',
  'web',
  'cache',
  'gateway',
  'consumer',
  'scheduler',
  'indexer',
  'sync',
  'render',
  'auth',
  'feed',
];
const REPLICA_CHOICES = [1, 2, 2, 3, 3, 3, 4, 5, 6, 8, 10, 12, 20, 30];

/**
 * Plan the application workloads that make up `appPods` pods.
 * @param appPods - pods to spread over the workloads
 * @param seed - the cluster's seed
 */
export function planApps(appPods: number, seed: number): AppPlan[] {
  const rnd = prng(seed ^ 0x5bd1e995);
  const apps: AppPlan[] = [];
  let left = appPods;
  let n = 0;
  while (left > 0) {
    const stateful = rnd() < 0.06;
    let replicas = stateful ? 3 : (REPLICA_CHOICES[Math.floor(rnd() * REPLICA_CHOICES.length)] as number);
    replicas = Math.min(replicas, left);
    const team = TEAMS[n % TEAMS.length] as string;
    const word = APP_WORDS[Math.floor(rnd() * APP_WORDS.length)] as string;
    const r = rnd();
    const pdb = replicas < 2 ? (r < 0.1 ? 1 : null) : r < 0.1 ? replicas : r < 0.35 ? replicas - 1 : null;
    apps.push({
      kind: stateful ? 'StatefulSet' : 'Deployment',
      namespace: `${team}-${Math.floor(n / TEAMS.length) % 4 === 0 ? 'prod' : `prod-${Math.floor(n / TEAMS.length) % 4}`}`,
      name: `${team}-${word}-${n}`,
      replicas,
      pdb,
      emptyDir: rnd() < 0.2,
    });
    left -= replicas;
    n++;
  }
  return apps;
}
