/**
 * The README is the front door: short, and every link in it and in docs/ resolves, to a file that
 * exists and, with `#anchor`, to a heading that file has (GitHub's anchors).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const ROOT = join(__dirname, '..');
const FILES = [
  join('examples', 'README.md'),
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** GitHub's anchor of a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file's headings (not inside code blocks). */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const m = /^#{1,6} (.*)$/.exec(line);
    if (m?.[1] && !fence) out.add(slug(m[1]));
  }
  return out;
}

/** Every link target of a markdown file, outside code blocks and inline code. */
function links(text: string): string[] {
  const out: string[] = [];
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if (fence) continue;
    const plain = line.replace(/`[^`]*`/g, '');
    for (const m of plain.matchAll(/\]\(([^)\s]+)\)/g)) if (m[1]) out.push(m[1]);
  }
  return out;
}

describe('the documentation', () => {
  it('keeps the README to about a screenful of sections (at most 400 lines)', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(400);
  });

  it('has no link that leads nowhere', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of FILES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const target of links(text)) {
        checked += 1;
        if (/^[a-z]+:/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const resolved = path === '' ? file : normalize(join(dirname(file), path));
        if (!existsSync(join(ROOT, resolved))) {
          broken.push(`${file}: ${target} (no file ${resolved})`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md')) {
          if (!anchors(readFileSync(join(ROOT, resolved), 'utf8')).has(anchor))
            broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });

  it('cites no specification file users do not have', () => {
    for (const file of FILES) expect(readFileSync(join(ROOT, file), 'utf8')).not.toMatch(/\.\.\/shared\//);
  });

  it('shows as recipes the example projects’ own files, which CI runs (npm run examples)', () => {
    const block = (file: string, name: string): string | undefined =>
      new RegExp(`<!-- recipe:${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(
        readFileSync(join(ROOT, file), 'utf8'),
      )?.[1];
    expect(block('README.md', 'jest')).toBe(
      readFileSync(join(ROOT, 'examples', 'jest-ts', 'channels.test.ts'), 'utf8'),
    );
    expect(block('README.md', 'jest-config')).toBe(
      readFileSync(join(ROOT, 'examples', 'jest-ts', 'jest.config.js'), 'utf8'),
    );
    expect(block(join('docs', 'guide.md'), 'bot')).toBe(
      readFileSync(join(ROOT, 'examples', 'bot', 'bot.test.ts'), 'utf8'),
    );
  });

  it('shows the Docker and Python pages’ recipes as the very files of examples/', () => {
    const recipes: [string, string, string][] = [
      ['docker.md', 'compose', 'docker/compose.yaml'],
      ['docker.md', 'github-actions', 'docker/github-actions.yml'],
      ['docker.md', 'testcontainers-node', 'docker/testcontainers.test.js'],
      ['docker.md', 'testcontainers-python', 'docker/test_testcontainers.py'],
      ['python.md', 'python-conftest', 'python/conftest.py'],
      ['python.md', 'python-scenario', 'python/scenario.json'],
      ['python.md', 'python-tests', 'python/test_rocketchat.py'],
    ];
    for (const [doc, name, source] of recipes) {
      const text = readFileSync(join(ROOT, 'docs', doc), 'utf8');
      const shown = new RegExp(`<!-- recipe:${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(text)?.[1];
      expect({ recipe: `${doc} ${name}`, shown }).toEqual({
        recipe: `${doc} ${name}`,
        shown: readFileSync(join(ROOT, 'examples', source), 'utf8'),
      });
    }
  });
});
