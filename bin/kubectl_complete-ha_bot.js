#!/usr/bin/env node
// Completion of the kubectl plugin: kubectl (1.26+) runs `kubectl_complete-ha_bot` from PATH with
// the words typed after `kubectl ha-bot` (the last one being completed) and reads Cobra's
// `__complete` format back (kubernetes/kubernetes#105867). The words are those of
// `k8s-ha-bot ask` on the current kubeconfig context, as bin/kubectl-ha_bot.js runs them.
process.argv = [
  process.argv[0],
  process.argv[1],
  '__complete',
  '--current-context',
  ...process.argv.slice(2),
];
await import('./k8s-ha-bot.js');
