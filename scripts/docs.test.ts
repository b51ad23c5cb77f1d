/**
 * Checks that the repository's documentation holds together (docs/contributing.md#the-repository-explains-itself):
 * every `docs/….md` path and `docs/….md#anchor` written in the code, the README or the docs themselves
 * names a file and a heading that exist; relative links inside `docs/` resolve; comments point into
 * `docs/`, never at documents or trackers outside the repository; and every decision record is listed
 * in `docs/decisions/README.md`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const root = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));

/** Tracked (and new, not ignored) files under the given paths, relative to the repository root. */
function repositoryFiles(paths: string[]): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\n').filter(Boolean))].filter((file) => existsSync(join(root, file)));
}

/** The file's text, or `undefined` for a binary file (one with a NUL byte). */
function readText(file: string): string | undefined {
  const buffer = readFileSync(join(root, file));
  if (buffer.includes(0)) return undefined;
  return buffer.toString('utf8');
}

/** Heading text as GitHub renders it before slugging: links reduced to their text, markup dropped. */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/**
 * The anchors a Markdown file offers: GitHub's heading slugs (lower case, punctuation dropped, spaces
 * to hyphens, `-1`, `-2` … for repeats) plus explicit `<a id>`/`<a name>` anchors. Headings inside
 * fenced code blocks do not count.
 */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMatch = /^\s*(```+|~~~+)/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(slugger.slug(headingText(heading[1]!)));
    for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]!);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(join(root, file), 'utf8'));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** Why a reference to `target` (a repository path, optionally with `#anchor`) does not resolve, or `undefined`. */
function brokenReason(target: string): string | undefined {
  const [path = '', anchor] = target.split('#', 2);
  const absolute = join(root, path);
  if (!existsSync(absolute)) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(absolute).isDirectory() || !path.endsWith('.md')) return 'an anchor into something that is not a Markdown file';
  if (!anchorsOfFile(path).has(anchor)) return `no heading with the anchor #${anchor}`;
  return undefined;
}

const scanned = repositoryFiles(['api', 'pwa', 'e2e', 'scripts', 'README.md', 'docs']);
const texts = new Map<string, string>();
for (const file of scanned) {
  const text = readText(file);
  if (text !== undefined) texts.set(file, text);
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

describe('docs', () => {
  it('has the three documents and the decision index', () => {
    for (const file of ['docs/product.md', 'docs/architecture.md', 'docs/contributing.md', 'docs/decisions/README.md']) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
  });

  it('every docs/ path and anchor named in the repository exists', () => {
    const broken: string[] = [];
    const reference = /(?<![\w./-])docs\/(?:[\w.-]+\/)*(?:[\w.-]+\.md(?:#[\w-]+)?|[\w.-]+\/)/g;
    for (const [file, text] of texts) {
      for (const match of text.matchAll(reference)) {
        const target = match[0];
        const reason = brokenReason(target);
        if (reason) broken.push(`${file}:${lineOf(text, match.index)}  ${target}  (${reason})`);
      }
    }
    expect(broken, `references into docs/ that do not resolve:\n${broken.join('\n')}`).toEqual([]);
  });

  it('relative links inside docs/ resolve', () => {
    const broken: string[] = [];
    const link = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
    for (const [file, text] of texts) {
      if (!file.startsWith('docs/') || !file.endsWith('.md')) continue;
      for (const match of text.matchAll(link)) {
        const href = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
        const [path = '', anchor] = href.split('#', 2);
        const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path));
        if (target.startsWith('..')) {
          broken.push(`${file}:${lineOf(text, match.index)}  ${href}  (leaves the repository)`);
          continue;
        }
        const reason = brokenReason(anchor === undefined ? target : `${target}#${anchor}`);
        if (reason) broken.push(`${file}:${lineOf(text, match.index)}  ${href}  (${reason})`);
      }
    }
    expect(broken, `links inside docs/ that do not resolve:\n${broken.join('\n')}`).toEqual([]);
  });

  it('code and README point into docs/, not at documents or trackers outside the repository', () => {
    // Built from pieces so that this file does not match itself.
    const forbidden: Array<[string, RegExp]> = [
      ['spec' + ' §', new RegExp('spec' + '\\s*§', 'i')],
      ['decisions' + ' §', new RegExp('decisions' + '\\s*§', 'i')],
      ['style' + '.md', new RegExp('style' + '\\.md', 'i')],
      ['issue <number>', new RegExp('\\bissue' + '\\s+#?\\d+', 'i')],
    ];
    const found: string[] = [];
    for (const [file, text] of texts) {
      if (file.startsWith('docs/')) continue;
      for (const [label, pattern] of forbidden) {
        for (const match of text.matchAll(new RegExp(pattern.source, 'gi'))) {
          found.push(`${file}:${lineOf(text, match.index)}  ${label}: "${match[0]}"`);
        }
      }
    }
    expect(found, `references to documents outside the repository:\n${found.join('\n')}`).toEqual([]);
  });

  it('docs/ stands on its own: it names no document outside the repository', () => {
    const forbidden = [/specification/i, new RegExp('spec' + '\\.md', 'i'), new RegExp('decisions' + '\\.md', 'i'), new RegExp('style' + '\\.md', 'i'), /§/];
    const found: string[] = [];
    for (const [file, text] of texts) {
      if (!file.startsWith('docs/')) continue;
      for (const pattern of forbidden) {
        for (const match of text.matchAll(new RegExp(pattern.source, 'gi'))) {
          found.push(`${file}:${lineOf(text, match.index)}  "${match[0]}"`);
        }
      }
    }
    expect(found, `docs/ names documents outside the repository:\n${found.join('\n')}`).toEqual([]);
  });

  it('every decision record is listed in docs/decisions/README.md', () => {
    const folder = join(root, 'docs/decisions');
    const index = readFileSync(join(folder, 'README.md'), 'utf8');
    const linked = new Set([...index.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => posix.normalize(match[1]!.replace(/^\.\//, ''))));
    const missing = readdirSync(folder)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .filter((name) => !linked.has(name))
      .map((name) => relative(root, join(folder, name)));
    expect(missing, `decision records not linked from docs/decisions/README.md:\n${missing.join('\n')}`).toEqual([]);
  });
});
