/**
 * The bot's alert rules and Grafana dashboard (issue 32 item 5): `promtool check rules` and
 * `promtool test rules` (Debian's `prometheus` package, installed by .ci/run) pass, every metric a
 * rule or a dashboard query names is one the bot's registry exports, every dashboard query is valid
 * PromQL (checked by promtool as a recording rule), and the chart ships the rules file and the
 * dashboard unchanged.
 */
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { metricsRegistry } from '../../src/ops/metrics.js';
import { parseManifests } from '../../src/simulator/rbac.js';
import { pinnedHelm } from '../helpers/helm.js';

const run = promisify(execFile);
const RULES_DIR = 'charts/k8s-ha-bot/rules';
const RULES = join(RULES_DIR, 'k8s-ha-bot.rules.yaml');
const DASHBOARD = 'charts/k8s-ha-bot/dashboards/k8s-ha-bot.json';
const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p));

type RuleFile = { groups: { name: string; rules: { alert?: string; record?: string; expr: string }[] }[] };
type Dashboard = { panels: { title: string; targets: { expr: string }[] }[] };

const rules = parse(readFileSync(RULES, 'utf8')) as RuleFile;
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;

async function promtool(args: string[], cwd?: string): Promise<string> {
  if (!PROMTOOL) throw new Error('promtool not found: install Debian package prometheus (.ci/run does)');
  const { stdout, stderr } = await run(PROMTOOL, args, { cwd, timeout: 60_000 });
  return stdout + stderr;
}

/**
 * The metric names the bot exports: every metric of the process registry (the bot's own and
 * prom-client's default process metrics), histograms with their `_bucket`, `_sum` and `_count` series.
 */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const m of await metricsRegistry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m.name + s);
  }
  return names;
}

/** The metric names a PromQL expression selects: identifiers not followed by `(` and not label names, keywords or durations. */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const withoutGroupings = withoutStrings.replace(
    /\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g,
    '',
  );
  const withoutMatchers = withoutGroupings.replace(/\{[^}]*\}/g, '');
  const withoutRanges = withoutMatchers.replace(/\[[^\]]*\]/g, '');
  return [...withoutRanges.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((m) => m[1] as string)
    .filter((n) => !['and', 'or', 'unless', 'bool', 'offset'].includes(n));
}

describe('alert rules', () => {
  it('pass promtool check rules and promtool test rules', async () => {
    expect(await promtool(['check', 'rules', RULES])).toMatch(/SUCCESS: \d+ rules found/);
    expect(await promtool(['test', 'rules', 'k8s-ha-bot.rules.test.yaml'], RULES_DIR)).toContain('SUCCESS');
  });

  it('every alert has a promtool test that sees it fire', () => {
    const tests = parse(readFileSync(join(RULES_DIR, 'k8s-ha-bot.rules.test.yaml'), 'utf8')) as {
      tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const firing = new Set(
      tests.tests.flatMap((t) =>
        t.alert_rule_test.filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname),
      ),
    );
    const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(alerts.length).toBeGreaterThanOrEqual(12);
    for (const alert of alerts) expect(firing).toContain(alert);
  });

  it('name only metrics the bot exports', async () => {
    const exported = await exportedNames();
    expect(exported).toContain('k8s_ha_bot_queue_workers');
    for (const rule of rules.groups.flatMap((g) => g.rules)) {
      const names = metricNames(rule.expr);
      expect(`${rule.alert}: ${names.length}`).not.toBe(`${rule.alert}: 0`);
      for (const n of names)
        expect(`${rule.alert}: ${n} ${exported.has(n) ? 'exported' : 'not exported'}`).toBe(
          `${rule.alert}: ${n} exported`,
        );
    }
  });
});

describe('Grafana dashboard', () => {
  const queries = dashboard.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, expr: t.expr })));

  it('every query names a metric the bot exports, and only such metrics', async () => {
    const exported = await exportedNames();
    expect(queries.length).toBeGreaterThanOrEqual(10);
    for (const q of queries) {
      const names = metricNames(q.expr);
      expect(`${q.panel}: ${names.length > 0 ? 'names a metric' : 'names none'}`).toBe(
        `${q.panel}: names a metric`,
      );
      for (const n of names)
        expect(`${q.panel}: ${n} ${exported.has(n) ? 'exported' : 'not exported'}`).toBe(
          `${q.panel}: ${n} exported`,
        );
    }
    // the check itself: a misspelt metric is caught
    expect(metricNames('sum by (queue) (k8s_ha_bot_queue_dept{state="waiting"})')).toEqual([
      'k8s_ha_bot_queue_dept',
    ]);
    expect(exported.has('k8s_ha_bot_queue_dept')).toBe(false);
  });

  it('shows every metric an alert names, the cluster HA alerts among them', () => {
    const shown = new Set(queries.flatMap((q) => metricNames(q.expr)));
    const alerting = rules.groups.flatMap((g) => g.rules.flatMap((r) => metricNames(r.expr)));
    for (const name of [
      'k8s_ha_bot_scheduled_posts_total',
      'k8s_ha_bot_etcd_failure_tolerance',
      'k8s_ha_bot_lease_transitions',
      'k8s_ha_bot_certificate_expiry_timestamp_seconds',
      'k8s_ha_bot_maintenance_lock_overdue_seconds',
    ])
      expect(alerting).toContain(name);
    for (const name of alerting)
      expect(`${name} ${shown.has(name) ? 'on the dashboard' : 'not on the dashboard'}`).toBe(
        `${name} on the dashboard`,
      );
  });

  it('every query is valid PromQL (promtool parses it as a recording rule)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dashboard-promql-'));
    try {
      const file = join(dir, 'dashboard.rules.yaml');
      writeFileSync(
        file,
        stringify({
          groups: [
            {
              name: 'dashboard',
              rules: queries.map((q, i) => ({ record: `dashboard:query_${i}`, expr: q.expr })),
            },
          ],
        }),
      );
      expect(await promtool(['check', 'rules', file])).toContain(`SUCCESS: ${queries.length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('in the chart', () => {
  it('the PrometheusRule holds the rules file, the PodMonitor scrapes the ops ports, the dashboard ConfigMap holds the JSON', async () => {
    const helm = await pinnedHelm();
    const { stdout } = await run(
      helm,
      [
        'template',
        'k8s-ha-bot',
        'charts/k8s-ha-bot',
        '-n',
        'k8s-ha-bot',
        '-f',
        'charts/k8s-ha-bot/ci/everything-values.yaml',
      ],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const objects = parseManifests(stdout) as {
      kind: string;
      metadata: { name: string };
      spec?: unknown;
      data?: Record<string, string>;
    }[];
    const rule = objects.find((o) => o.kind === 'PrometheusRule');
    expect(rule?.spec).toEqual(rules);
    const monitor = objects.find((o) => o.kind === 'PodMonitor') as
      { spec: { podMetricsEndpoints: { port: string }[] } } | undefined;
    expect(monitor?.spec.podMetricsEndpoints.map((e) => e.port)).toEqual(['ops']);
    // both roles name their ops port "ops"
    for (const name of ['k8s-ha-bot-gateway', 'k8s-ha-bot-worker']) {
      const d = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name) as {
        spec: { template: { spec: { containers: { ports: { name: string }[] }[] } } };
      };
      expect(d.spec.template.spec.containers[0]?.ports.map((p) => p.name)).toContain('ops');
    }
    const cm = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'k8s-ha-bot-dashboard');
    expect(JSON.parse(cm?.data?.['k8s-ha-bot.json'] ?? '{}')).toEqual(dashboard);
  });
});
