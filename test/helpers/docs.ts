/**
 * The project's documentation as the tests read it: README.md and every page of docs/. A check of
 * a documented command or table looks it up here by its heading, so it keeps checking the text
 * wherever the page it lives on moves (issue 31 item 2: the README links, docs/ holds the rest).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One documentation page: its path from the repository root (`README.md`, `docs/x.md`) and text. */
export interface DocPage {
  path: string;
  text: string;
}

/**
 * README.md and docs/*.md, read from the repository root (the working directory Jest runs in).
 * @returns the README first, then the docs pages in name order
 */
export function docPages(root = process.cwd()): DocPage[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/** Every page's text, one after the other (each page starts with its own `# ` title). */
export function allDocsText(): string {
  return docPages()
    .map((page) => page.text)
    .join('\n');
}

/** The ATX headings of a Markdown text outside fenced code blocks: level (1-6) and title. */
export function headings(text: string): { level: number; title: string; line: number }[] {
  const out: { level: number; title: string; line: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^(#{1,6}) (.+?)\s*$/u.exec(line);
    if (m?.[1] && m[2]) out.push({ level: m[1].length, title: m[2], line: i });
  });
  return out;
}

/**
 * The section under the heading `title`, from its heading line to the next heading of the same or a
 * higher level, wherever it lives in README.md or docs/.
 * @throws Error when no page or more than one has a heading `title` (a moved or renamed section
 *   must make its check fail, not pass on nothing)
 */
export function docSection(title: string): { path: string; text: string } {
  const found = docPages().flatMap((page) =>
    headings(page.text)
      .filter((h) => h.title === title)
      .map((h) => ({ page, h })),
  );
  if (found.length !== 1) {
    throw new Error(`expected one section "${title}" in README.md and docs/*.md, found ${found.length}`);
  }
  const { page, h } = found[0] as (typeof found)[number];
  const lines = page.text.split('\n');
  const next = headings(page.text).find((o) => o.line > h.line && o.level <= h.level);
  return { path: page.path, text: lines.slice(h.line, next?.line ?? lines.length).join('\n') };
}

/**
 * GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped, each space a
 * `-` (github-slugger's rule; a repeated heading gets `-1`, `-2`… in page order).
 */
export function githubSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/`/gu, '')
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /gu, '-');
}

/** The anchors a page offers: the GitHub slug of each heading, repeated ones numbered. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const { title } of headings(text)) {
    const base = githubSlug(title);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}
