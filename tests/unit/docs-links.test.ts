/**
 * The repository's markdown stays true to the tree: every relative link reaches a file or folder, every
 * `#anchor` a heading of its target (GitHub's heading ids), and every `npm run <script>` a docs page
 * names is a script of package.json; the README's configuration table names every variable the server's
 * configuration reads, and its keys table every shortcut the commands declare. A moved file, a renamed
 * heading, a new variable or key fails here, not in a reader's hands.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'data', '.tmp', 'coverage']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || (e.name.startsWith('.') && e.name !== '.ci')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? markdownFiles(path) : e.name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code spans (links inside them are examples, not links). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading id: inline markup dropped, lower case, punctuation removed, spaces to hyphens, repeats numbered. */
export function headingIds(text: string): Set<string> {
  const seen = new Map<string, number>();
  const ids = new Set<string>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const base = plain.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

const files = markdownFiles(ROOT);
const read = (path: string) => readFileSync(path, 'utf8');

describe('the markdown', () => {
  it('finds the docs to check (the README, docs/ and the folder READMEs)', () => {
    const names = files.map((f) => relative(ROOT, f));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'src/server/db/README.md', 'tests/README.md']));
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const [, target] of prose(read(file)).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // http:, mailto: … — not this tree's
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const dest = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        const where = `${relative(ROOT, file)} → ${target}`;
        let isFile: boolean;
        try { isFile = statSync(dest).isFile(); } catch { broken.push(`${where} (no such file)`); continue; }
        if (anchor && isFile && dest.endsWith('.md') && !headingIds(read(dest)).has(decodeURIComponent(anchor))) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only npm scripts that package.json has', () => {
    const scripts = Object.keys(JSON.parse(read(join(ROOT, 'package.json'))).scripts as Record<string, string>);
    const missing: string[] = [];
    for (const file of files) {
      // Inline code and code blocks included: that is where commands are written.
      for (const m of read(file).matchAll(/\bnpm (?:run ([\w:.-]+)|(start|test)\b)/g)) {
        const name = m[1] ?? m[2];
        if (!scripts.includes(name!)) missing.push(`${relative(ROOT, file)}: npm run ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents every environment variable the configuration reads in the README', () => {
    const read = new Set<string>();
    // Some are read only when another is set (a captcha's keys, each message provider's options).
    for (const base of [{}, {
      CAPTCHA_TYPE: 'recaptcha', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k', SMTP_URL: 'smtp://h', SMS_HTTP_URL: 'http://h', FCM_SERVICE_ACCOUNT_FILE: 'f',
    }] as Record<string, string>[]) {
      loadConfig(new Proxy(base, { get: (t, k) => { if (typeof k === 'string') read.add(k); return t[k as string]; } }), { cores: 2 });
    }
    const table = readFileSync(join(ROOT, 'README.md'), 'utf8').split('## Configuration')[1]!.split('\n## ')[0]!;
    expect([...read].filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
    expect(read.size).toBeGreaterThan(50);
  });

  it('names every keyboard shortcut of the commands in the README', () => {
    const keys = new Set<string>();
    for (const name of readdirSync(join(ROOT, 'commands')).filter((f) => f.endsWith('.ts'))) {
      const text = read(join(ROOT, 'commands', name));
      for (const [, list] of text.matchAll(/shortcut: \[((?:'[^']*'|[^\]'])*)\]/g)) {
        const parts = list!.split(',').map((p) => p.trim());
        if (!parts.every((p) => /^'[^']+'$/.test(p))) continue; // built from a variable: the go-to keys below
        keys.add(parts.map((p) => p.slice(1, -1).replace(/^mod\+k$/, 'Ctrl+K').replace(/^shift\+/, 'Shift+')).join(' '));
      }
      // The go-to sequences: `g` then the key each route path is given (GO_TO in navigation.ts).
      const goTo = /const GO_TO[^{]*\{([^}]*)\}/.exec(text)?.[1];
      for (const [, key] of goTo?.matchAll(/'\/[^']*':\s*'(\w)'/g) ?? []) keys.add(`g ${key}`);
    }
    expect(keys.size).toBeGreaterThan(25);
    const section = read(join(ROOT, 'README.md')).split('## Using the console')[1]!.split('\n## ')[0]!;
    expect([...keys].filter((k) => !section.includes(`\`${k}\``))).toEqual([]);
  });

  it('computes heading ids as GitHub does', () => {
    const ids = headingIds("## The exchange's configuration\n## Wonka: pairs — built\n## `npm run bench`\n## Left out\n## Left out\n```\n# not a heading\n```\n");
    expect([...ids]).toEqual(['the-exchanges-configuration', 'wonka-pairs--built', 'npm-run-bench', 'left-out', 'left-out-1']);
  });
});
