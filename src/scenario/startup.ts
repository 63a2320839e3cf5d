import { BUILT_IN_COMMANDS, PUSH_TOKENS_PER_USER } from '../store/startup';
import type { CustomEmoji, PushTokenRecord, SlashCommand } from '../types';
import { meteorId } from './ids';
import type { ResolveContext } from './resolve-context';
import type { ScenarioUsers } from './resolve-users';

/**
 * a scenario's custom emoji (`emojis`: `{name, _id?, aliases?, extension?, etag?,
 * _updatedAt?}`) and slash commands of its own (`commands`: `{command, description?, params?,
 * reply?}`), each checked whole: an emoji's name and aliases used once over all of them, its `_id`
 * once; a command's name once and not a built-in one's.
 */
export function buildEmojis(ctx: ResolveContext): CustomEmoji[] {
  const names = new Set<string>();
  const ids = new Set<string>();
  const out: CustomEmoji[] = [];
  (ctx.scenario.emojis ?? []).forEach((entry, i) => {
    if (!entry) return;
    const _id = entry._id ?? meteorId(ctx.build.seed, 'emoji', i);
    const aliases = entry.aliases ?? [];
    let ok = true;
    if (ids.has(_id)) {
      ctx.problem(['emojis', i, '_id'], `an emoji of _id "${_id}" exists already`);
      ok = false;
    }
    [entry.name, ...aliases].forEach((name, j) => {
      if (names.has(name)) {
        ctx.problem(
          j === 0 ? ['emojis', i, 'name'] : ['emojis', i, 'aliases', j - 1],
          `an emoji named "${name}" exists already (a name or an alias)`,
        );
        ok = false;
      }
      names.add(name);
    });
    ids.add(_id);
    if (ok)
      out.push({
        _id,
        name: entry.name,
        aliases: [...aliases],
        extension: entry.extension ?? 'png',
        ...(entry.etag === undefined ? {} : { etag: entry.etag }),
        _updatedAt: entry._updatedAt ?? ctx.build.clock,
      });
  });
  return out;
}

export function buildCommands(ctx: ResolveContext): SlashCommand[] {
  const builtIn = new Set(BUILT_IN_COMMANDS.map((c) => c.command));
  const seen = new Set<string>();
  const out: SlashCommand[] = [];
  (ctx.scenario.commands ?? []).forEach((entry, i) => {
    if (!entry) return;
    if (builtIn.has(entry.command))
      ctx.problem(['commands', i, 'command'], `"${entry.command}" is a built-in command`);
    else if (seen.has(entry.command))
      ctx.problem(['commands', i, 'command'], `a command "${entry.command}" exists already`);
    else
      out.push({
        command: entry.command,
        params: entry.params ?? '',
        description: entry.description ?? '',
        ...(entry.reply === undefined ? {} : { reply: entry.reply }),
      });
    seen.add(entry.command);
  });
  return out;
}

/**
 * a scenario's push tokens (`pushTokens`: `{username, token: {apn|gcm},
 * appName, _id?, authToken?, enabled?, createdAt?, updatedAt?, metadata?, voipToken?}`), each
 * owned by a user of the scenario (`unknown user` otherwise), its `_id` once, at most
 * {@link PUSH_TOKENS_PER_USER} a user (the store's bound); grouped by owner
 * (the store keeps them so), each owner's in the scenario's order.
 */
export function buildPushTokens(ctx: ResolveContext, users: ScenarioUsers): PushTokenRecord[] {
  const ids = new Set<string>();
  const byOwner = new Map<string, PushTokenRecord[]>();
  (ctx.scenario.pushTokens ?? []).forEach((entry, i) => {
    if (!entry) return;
    const _id = entry._id ?? meteorId(ctx.build.seed, 'push', i);
    if (ids.has(_id)) {
      ctx.problem(['pushTokens', i, '_id'], `a push token of _id "${_id}" exists already`);
      return;
    }
    ids.add(_id);
    const owner = users.ref({ username: entry.username }, ['pushTokens', i]);
    if (!owner) return;
    const createdAt = entry.createdAt ?? ctx.build.clock;
    const record: PushTokenRecord = {
      _id,
      username: owner.username,
      token: { ...(entry.token as Record<string, string>) },
      authToken: entry.authToken ?? '',
      appName: entry.appName,
      enabled: entry.enabled ?? true,
      createdAt,
      updatedAt: entry.updatedAt ?? createdAt,
      metadata: structuredClone(entry.metadata ?? {}),
      ...(entry.voipToken === undefined ? {} : { voipToken: entry.voipToken }),
    };
    const list = byOwner.get(owner.username) ?? [];
    if (list.length >= PUSH_TOKENS_PER_USER) {
      ctx.problem(
        ['pushTokens', i],
        `"${owner.username}" holds ${PUSH_TOKENS_PER_USER} push tokens already, the most the fake keeps`,
      );
      return;
    }
    list.push(record);
    byOwner.set(owner.username, list);
  });
  return [...byOwner.values()].flat();
}
