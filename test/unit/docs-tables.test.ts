/**
 * The documentation's reference tables say what the code does, wherever the pages keep them
 * (README.md or docs/, found by heading; issue 31 item 2): every environment variable of the
 * settings, Slack and Teams tables is one `loadSettings` reads, every variable it reads is
 * documented, the metrics table lists exactly the metrics `/metrics` registers, with their labels,
 * and the fault suite's `FAULTS_ONLY` names are the rows test/faults/run-faults.ts runs.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSettings, SYSTEM_ENV } from '../../src/config/settings.js';
import { metricsRegistry } from '../../src/ops/metrics.js';
import { allDocsText, docSection } from '../helpers/docs.js';

/**
 * The rows of the first Markdown table of a section: one contiguous block of `|` lines after its
 * header and separator (a row left below a paragraph is not part of the table).
 */
function tableRows(section: string): string[] {
  const lines = section.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| '));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return lines.slice(start + 2, end < 0 ? lines.length : end);
}

/** The first column's backticked names of a section's Markdown table rows (header rows excluded). */
function firstColumn(section: string): string[] {
  return tableRows(section).flatMap((l) =>
    [...(l.split(' | ')[0] ?? '').matchAll(/`([^`]+)`/gu)].map((m) => m[1] ?? ''),
  );
}

/** The environment variable names `loadSettings` reads from an empty environment. */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  loadSettings(env);
  return read;
}

describe('the reference tables of the documentation', () => {
  it('the settings, Slack and Teams tables name only variables loadSettings reads, and it reads none undocumented', () => {
    const read = variablesRead();
    const tabled = [
      ...firstColumn(docSection('Settings').text),
      ...firstColumn(docSection('Slack').text),
      ...firstColumn(docSection('Microsoft Teams').text),
    ];
    expect(tabled.length).toBeGreaterThan(30);
    expect(tabled.filter((name) => !read.has(name))).toEqual([]);
    const docs = allDocsText();
    // The system's own variables (HOME, KUBECONFIG) are the ones every tool reads, not settings.
    const system = new Set<string>(Object.values(SYSTEM_ENV));
    const undocumented = [...read].filter(
      (name) => !system.has(name) && !docs.includes(`\`${name}\``) && !docs.includes(`\`${name}=`),
    );
    expect(undocumented).toEqual([]);
  });

  it('the metrics table lists every registered metric with its labels', async () => {
    const table = tableRows(docSection('Health and metrics').text);
    const documented = new Map<string, string[]>();
    const wildcards: RegExp[] = [];
    for (const row of table) {
      const [names = '', labels = ''] = row.slice(2).split(' | ');
      const labelNames = [...labels.replace(/\([^)]*\)/gu, '').matchAll(/`([^`]+)`/gu)].map(
        (m) => m[1] ?? '',
      );
      for (const [, name = ''] of names.replace(/\([^)]*\)/gu, '').matchAll(/`([^`]+)`/gu)) {
        if (name.endsWith('*')) wildcards.push(new RegExp(`^${name.slice(0, -1)}`, 'u'));
        else documented.set(name, labelNames);
      }
    }
    const registered = await metricsRegistry.getMetricsAsJSON();
    const own = registered.map((m) => m.name).filter((name) => !wildcards.some((w) => w.test(name)));
    expect(own.sort()).toEqual([...documented.keys()].sort());
    expect(wildcards.length).toBeGreaterThan(0);
    for (const metric of metricsRegistry.getMetricsAsArray()) {
      const labels = documented.get(metric.name);
      if (labels === undefined) continue;
      const actual = (metric as unknown as { labelNames?: string[] }).labelNames ?? [];
      expect({ metric: metric.name, labels: [...actual].sort() }).toEqual({
        metric: metric.name,
        labels: [...labels].sort(),
      });
    }
  });

  it("the fault suite's FAULTS_ONLY names are exactly the rows run-faults.ts runs", () => {
    const section = docSection('Fault suite').text;
    const list = /runs some rows \(([^;]*)\);/u.exec(section.replace(/\([^()`]*\)/gu, ''))?.[1] ?? '';
    const documented = [...list.matchAll(/`([a-z0-9]+)`/gu)].map((m) => m[1] ?? '');
    const source = readFileSync(join(process.cwd(), 'test/faults/run-faults.ts'), 'utf8');
    const rows = new Set([
      ...[...source.matchAll(/wanted\('([a-z0-9]+)'\)/gu)].map((m) => m[1] ?? ''),
      ...[...source.matchAll(/\['([a-z0-9]+)', [A-Za-z]+\]/gu)].map((m) => m[1] ?? ''),
    ]);
    expect(rows.size).toBeGreaterThan(10);
    expect([...documented].sort()).toEqual([...rows].sort());
  });
});
