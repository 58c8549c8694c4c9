/**
 * The README stays a ten-minute read and every page of the documentation leads somewhere real
 * (issue 31 item 2): README.md is at most 250 lines, each relative link of README.md and docs/*.md
 * names a file of the repository and, with `#anchor`, a heading of that file, and each repository
 * path the pages name in code (`test/unit/x.test.ts`, `deploy/overlays/maintenance`) exists.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { anchorsOf, docPages, docSection, githubSlug } from '../helpers/docs.js';

const root = process.cwd();

/** `[text](target)` links outside fenced code blocks and code spans. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/gu, '').replace(/`[^`\n]*`/gu, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/gu)].map((m) => m[1] ?? '');
}

describe('the documentation pages', () => {
  it('README.md is at most 250 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(250);
  });

  it('every relative link of README.md and docs/*.md points to an existing file and heading', () => {
    const pages = docPages();
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const target of links(page.text)) {
        if (/^[a-z][a-z+.-]*:/u.test(target)) continue; // https:, mailto:
        checked += 1;
        const [file = '', anchor] = target.split('#');
        const path = file === '' ? page.path : normalize(join(dirname(page.path), decodeURI(file)));
        if (!existsSync(join(root, path))) {
          broken.push(`${page.path}: ${target} (no file ${path})`);
          continue;
        }
        if (anchor === undefined || statSync(join(root, path)).isDirectory()) continue;
        if (!path.endsWith('.md')) continue;
        const anchors = anchorsOf(readFileSync(join(root, path), 'utf8'));
        if (!anchors.has(anchor)) broken.push(`${page.path}: ${target} (no heading #${anchor} in ${path})`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });

  it('every repository path the pages name in code exists', () => {
    // docs/architecture.md's walk-through of adding a platform names the folder one would write.
    const toBeWritten = new Set(['adapters/mattermost']);
    const missing: string[] = [];
    for (const page of docPages()) {
      for (const m of page.text.matchAll(
        /`((?:adapters|bin|deploy|docs|examples|scripts|src|teams|test|workers)\/[^`\s*…<>$]+)`/gu,
      )) {
        const path = (m[1] ?? '').replace(/\/$/u, '');
        if (!toBeWritten.has(path) && !existsSync(join(root, path))) missing.push(`${page.path}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the README links every docs/ page', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = new Set(links(readme).map((t) => t.split('#')[0]));
    const pages = docPages()
      .map((p) => p.path)
      .filter((p) => p.startsWith('docs/'));
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });

  it('a section is found by its heading on whichever page holds it, and only there', () => {
    expect(docSection('What you can ask').path).toBe('README.md');
    expect(docSection('Try it locally').text).toMatch(/^## Try it locally\n/u);
    expect(() => docSection('No such section anywhere')).toThrow(/found 0/u);
    expect(githubSlug('What the bot reads (RBAC)')).toBe('what-the-bot-reads-rbac');
    expect(githubSlug('Adding a chat platform (e.g. Mattermost)')).toBe(
      'adding-a-chat-platform-eg-mattermost',
    );
  });
});
