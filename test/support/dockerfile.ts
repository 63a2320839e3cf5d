import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root, where the Dockerfile is. */
export const ROOT = join(__dirname, '..', '..');

/** What the final stage of a Dockerfile sets: enough to run its command the way the engine would. */
export interface ImageSpec {
  /** the number of `FROM` lines: the stages */
  stages: number;
  /** `ENV` of the final stage, in order (a later one wins) */
  env: Record<string, string>;
  /** `CMD` of the final stage, exec form */
  cmd: string[];
  /** `HEALTHCHECK … CMD` of the final stage, exec form, and its options (`--interval` → `interval`) */
  healthcheck: { cmd: string[]; options: Record<string, string> };
  /** `USER` of the final stage, `root` when none */
  user: string;
  /** the ports `EXPOSE` lists */
  expose: string[];
  /** `WORKDIR` of the final stage */
  workdir: string;
  /** every `COPY` of the final stage, as written after `COPY` */
  copies: string[];
}

/** The instructions of a Dockerfile: comments dropped, continued lines joined. */
function instructions(text: string): { keyword: string; rest: string }[] {
  const lines = text.split('\n').filter((line) => !/^\s*#/.test(line));
  const joined = lines.join('\n').replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^(\w+)\s+(.*)$/.exec(line);
      if (!match?.[1] || match[2] === undefined) throw new Error(`Dockerfile: cannot read "${line}"`);
      return { keyword: match[1].toUpperCase(), rest: match[2] };
    });
}

/** An exec-form argument list (`["node", "-e", "…"]`): JSON, as the engine reads it. */
function execForm(raw: string, what: string): string[] {
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed) || !parsed.every((item): item is string => typeof item === 'string'))
    throw new Error(`Dockerfile: ${what} is not in exec form (a JSON array of strings): ${raw}`);
  return parsed;
}

/** Reads the repository's Dockerfile (or the given text) into what its final stage sets. */
export function readDockerfile(text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')): ImageSpec {
  const all = instructions(text);
  const stages = all.filter((i) => i.keyword === 'FROM').length;
  const lastFrom = all.map((i) => i.keyword).lastIndexOf('FROM');
  const spec: ImageSpec = {
    stages,
    env: {},
    cmd: [],
    healthcheck: { cmd: [], options: {} },
    user: 'root',
    expose: [],
    workdir: '/',
    copies: [],
  };
  for (const { keyword, rest } of all.slice(lastFrom + 1)) {
    if (keyword === 'ENV') {
      for (const pair of rest.split(/\s+/)) {
        const [key, ...value] = pair.split('=');
        if (!key || value.length === 0)
          throw new Error(`Dockerfile: ENV ${rest}: only KEY=value pairs are read`);
        spec.env[key] = value.join('=');
      }
    } else if (keyword === 'CMD') spec.cmd = execForm(rest, 'CMD');
    else if (keyword === 'HEALTHCHECK') {
      const match = /^((?:--[\w-]+=\S+\s+)*)CMD\s+(.*)$/.exec(rest);
      if (!match) throw new Error(`Dockerfile: HEALTHCHECK ${rest}: expected [--option=value …] CMD [...]`);
      const options: Record<string, string> = {};
      for (const option of (match[1] ?? '').trim().split(/\s+/).filter(Boolean)) {
        const [name = '', value = ''] = option.replace(/^--/, '').split('=');
        options[name] = value;
      }
      spec.healthcheck = { cmd: execForm(match[2] ?? '', 'HEALTHCHECK CMD'), options };
    } else if (keyword === 'USER') spec.user = rest.trim();
    else if (keyword === 'EXPOSE') spec.expose.push(...rest.trim().split(/\s+/));
    else if (keyword === 'WORKDIR') spec.workdir = rest.trim();
    else if (keyword === 'COPY') spec.copies.push(rest.trim());
  }
  return spec;
}
