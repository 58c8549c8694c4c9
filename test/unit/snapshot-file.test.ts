import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSnapshotFile, parseSnapshotText } from '../../src/cluster/snapshot-file.js';
import { SnapshotFileError } from '../../src/errors.js';

const FIXTURES = join(process.cwd(), 'test/fixtures/scenarios');

function expectSnapshotError(fn: () => unknown, code: string, message: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(SnapshotFileError);
  expect((caught as SnapshotFileError).code).toBe(code);
  expect((caught as SnapshotFileError).message).toMatch(message);
}

describe('loading scenario files', () => {
  it('keeps every digit of uint64 etcd member ids', async () => {
    const file = await loadSnapshotFile(join(FIXTURES, '01-healthy-3cp-stacked-etcd.json'));
    expect(file.etcd?.source).toBe('recorded');
    expect(file.etcd?.members.map((m) => m.id)).toEqual([
      10644272779311145543n,
      17953122995498576309n,
      3472894119393865812n,
    ]);
    expect(file.etcd?.endpointStatus[0]?.leader).toBe(10644272779311145543n);
    expect(file.etcd?.endpointStatus[1]?.memberId).toBe(17953122995498576309n);
    expect(file.etcd?.endpointStatus[0]?.dbSize).toBe(108965888);
    expect(file.capturedAt?.toISOString()).toBe('2025-06-12T09:41:07.000Z');
    expect(file.readyz).toMatch(/readyz check passed/);
    expect(file.meta.request).toBe('/k8s can I reboot atlas-cp-2');
    expect(file.items.filter((i) => i.kind === 'Node')).toHaveLength(5);
  });

  it('reads every fixture, and agrees with JSON.parse on the items', async () => {
    const names = (await readdir(FIXTURES)).filter((n) => n.endsWith('.json'));
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const text = await import('node:fs/promises').then((fs) => fs.readFile(join(FIXTURES, name), 'utf8'));
      const plain = JSON.parse(text) as { cluster: { items: unknown[] }; etcd: unknown };
      const file = await loadSnapshotFile(join(FIXTURES, name));
      expect(file.items).toEqual(plain.cluster.items);
      expect(file.etcd === null).toBe(plain.etcd === null);
    }
  });

  it('treats "etcd": null as not observable', async () => {
    const file = await loadSnapshotFile(join(FIXTURES, '13-managed-aks-like-no-control-plane-nodes.json'));
    expect(file.etcd).toBeNull();
  });

  it('keeps endpoint_status_stderr as errors and learner flags', () => {
    const file = parseSnapshotText(
      JSON.stringify({ items: [] }).replace(
        '}',
        ',"etcd":{"members":[{"ID":18446744073709551615,"name":"a","clientURLs":["https://a:2379"],"isLearner":true},{"ID":12}],"endpoint_status":[],"endpoint_status_stderr":["down"],"alarms":[{"memberID":18446744073709551615,"alarm":1}]}}',
      ),
      'x.json',
    );
    expect(file.etcd?.members[0]).toEqual({
      id: 18446744073709551615n,
      name: 'a',
      peerURLs: [],
      clientURLs: ['https://a:2379'],
      isLearner: true,
    });
    expect(file.etcd?.members[1]?.name).toBe('');
    expect(file.etcd?.errors).toEqual(['down']);
    expect(file.etcd?.alarms).toEqual([{ memberId: 18446744073709551615n, alarm: 'NOSPACE' }]);
  });
});

describe('loading a bare kubectl List', () => {
  it('accepts the List and has no captured_at, etcd or readyz', () => {
    const file = parseSnapshotText(
      '{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1"}}],"metadata":{"resourceVersion":""}}',
      'list.json',
    );
    expect(file.items).toHaveLength(1);
    expect(file.capturedAt).toBeNull();
    expect(file.etcd).toBeNull();
    expect(file.readyz).toBeNull();
  });

  it('streams items to onItem without keeping them', () => {
    const seen: string[] = [];
    const file = parseSnapshotText(
      '{"items":[{"kind":"Node","metadata":{"name":"a"}},{"kind":"Node","metadata":{"name":"b"}}]}',
      'l.json',
      { onItem: (item, i) => seen.push(`${i}:${item.metadata.name}`) },
    );
    expect(seen).toEqual(['0:a', '1:b']);
    expect(file.items).toEqual([]);
  });
});

describe('broken snapshot files', () => {
  it('names the file and line:column of a JSON syntax error inside an item', () => {
    const text = '{\n "cluster": {"items": [\n  {"kind": "Pod", "metadata": {"name": "a"},}\n ]}\n}';
    expectSnapshotError(
      () => parseSnapshotText(text, 'broken.json'),
      'snapshot-invalid',
      /^broken\.json:3:45: invalid JSON/,
    );
  });

  it('names the line:column of a structural error between items', () => {
    const text =
      '{"items": [\n{"kind":"Node","metadata":{"name":"a"}}\n{"kind":"Node","metadata":{"name":"b"}}]}';
    expectSnapshotError(
      () => parseSnapshotText(text, 'b.json'),
      'snapshot-invalid',
      /^b\.json:3:1: invalid JSON: ',' or '\]'/,
    );
  });

  it('reports an unterminated file', () => {
    expectSnapshotError(
      () => parseSnapshotText('{"items": [{"kind":"No', 'u.json'),
      'snapshot-invalid',
      /^u\.json:1:20: invalid JSON: unterminated string/,
    );
    expectSnapshotError(
      () => parseSnapshotText('', 'e.json'),
      'snapshot-invalid',
      /e\.json:1:1: invalid JSON: the file is empty/,
    );
  });

  it('names the field path of a missing name', () => {
    const items = [0, 1, 2].map((i) => ({ kind: 'Pod', metadata: { name: `p${i}` } }));
    const bad = {
      scenario: 's',
      cluster: { kind: 'List', items: [...items, { kind: 'Pod', metadata: {} }] },
    };
    expectSnapshotError(
      () => parseSnapshotText(JSON.stringify(bad), 's.json'),
      'snapshot-invalid',
      /^s\.json: cluster\.items\[3\]\.metadata\.name is missing$/,
    );
  });

  it('names missing kind, missing items, bad captured_at, bad etcd members', () => {
    expectSnapshotError(
      () => parseSnapshotText('{"items":[{"metadata":{"name":"a"}}]}', 'k.json'),
      'snapshot-invalid',
      /items\[0\]\.kind is missing/,
    );
    expectSnapshotError(
      () => parseSnapshotText('{"cluster":{"kind":"List"}}', 'm.json'),
      'snapshot-invalid',
      /cluster\.items is missing/,
    );
    expectSnapshotError(
      () => parseSnapshotText('{"items":[],"captured_at":"yesterday"}', 'c.json'),
      'snapshot-invalid',
      /captured_at is not an RFC 3339 date/,
    );
    expectSnapshotError(
      () => parseSnapshotText('{"items":[],"etcd":{"members":[{"name":"a"}]}}', 'e.json'),
      'snapshot-invalid',
      /etcd\.members\[0\]\.ID is missing/,
    );
    expectSnapshotError(
      () =>
        parseSnapshotText(
          '{"items":[],"etcd":{"members":[{"ID":1,"clientURLs":["https://x:2379"]}]}}',
          'e.json',
        ),
      'snapshot-invalid',
      /etcd\.members\[0\]\.name is missing/,
    );
  });

  it('says snapshot-not-found for a missing file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'snap-'));
    await expect(loadSnapshotFile(join(dir, 'nope.json'))).rejects.toMatchObject({
      code: 'snapshot-not-found',
    });
    await writeFile(join(dir, 'bad.json'), '{"items": 3}');
    await expect(loadSnapshotFile(join(dir, 'bad.json'))).rejects.toMatchObject({
      code: 'snapshot-invalid',
      message: expect.stringMatching(/bad\.json: items is not an array/),
    });
  });
});

describe('one-item-per-line files', () => {
  it('reads compact lines and falls back to the scanner for pretty-printed items', () => {
    const a = { kind: 'Node', metadata: { name: 'a' } };
    const b = { kind: 'Node', metadata: { name: 'b', labels: { x: '}' } } };
    const c = { kind: 'Pod', metadata: { name: 'c', namespace: 'n' } };
    const text = `{"captured_at": "2025-06-12T09:41:07Z", "cluster": {"items": [\n${JSON.stringify(a)},\n${JSON.stringify(b)},\n${JSON.stringify(c, null, 2)}\n]}}`;
    const raws: string[] = [];
    const seen: unknown[] = [];
    let captured: Date | null = null;
    parseSnapshotText(text, 'l.json', {
      onCapturedAt: (d) => (captured = d),
      onItem: (item, _i, raw) => {
        expect(captured).not.toBeNull(); // captured_at came first in the file, so it is known before items
        seen.push(item);
        raws.push(raw);
      },
    });
    expect(seen).toEqual([a, b, c]);
    expect(raws[0]).toBe(JSON.stringify(a));
    expect(JSON.parse(raws[2] as string)).toEqual(c);
  });

  it('reports an error in a compact line with its line:column', () => {
    const text =
      '{"items": [\n{"kind":"Node","metadata":{"name":"a"}},\n{"kind":"Node","metadata":{"name":"b"},,}\n]}';
    expectSnapshotError(
      () => parseSnapshotText(text, 'c.json'),
      'snapshot-invalid',
      /^c\.json:3:40: invalid JSON/,
    );
  });
});
