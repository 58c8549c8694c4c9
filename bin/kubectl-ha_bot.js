#!/usr/bin/env node
// The kubectl plugin: `kubectl ha-bot can I reboot atlas-cp-2` (kubectl runs `kubectl-ha_bot` from
// PATH for `kubectl ha-bot`, https://kubernetes.io/docs/tasks/extend-kubectl/kubectl-plugins/).
// Like every kubectl plugin it reads the current kubeconfig context unless told otherwise, and takes
// --context, --kubeconfig and --request-timeout as kubectl spells them; everything else is
// `k8s-ha-bot ask` (its --lang, --format json, --as).
const args = process.argv.slice(2);
if (args.length === 0 || ['help', '-h', '--help'].includes(args[0])) {
  process.stdout.write(
    [
      'Ask k8s-ha-bot about the cluster of your kubeconfig context: is a reboot or drain safe, HA and quorum status.',
      '',
      'Usage:',
      '  kubectl ha-bot [--context NAME] [--kubeconfig FILE] [--request-timeout 5s] [--lang en|ko] [--format text|json] TEXT',
      '',
      'Examples:',
      '  kubectl ha-bot can I reboot master-2',
      '  kubectl ha-bot --context prod status',
      '  kubectl ha-bot what if worker-1 dies --format json',
      '',
      'The answer ends with the kubeconfig context it read. More: k8s-ha-bot ask --help',
      '',
    ].join('\n'),
  );
  process.exit(0);
}
process.argv = [process.argv[0], process.argv[1], 'ask', '--current-context', ...args];
await import('./k8s-ha-bot.js');
