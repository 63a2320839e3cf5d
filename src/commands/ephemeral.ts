import { plainMarkdown } from '../store/message-text';
import type { Store } from '../store/store';

/** Per store (a reset makes a new one): the last ephemeral message's `_id`, in milliseconds. */
const lastEphemeral = new WeakMap<Store, number>();

/**
 * An ephemeral message as the server's listener sends it to one user (never stored): from
 * rocket.cat, `private`, its `_id` the time in milliseconds (`String(Date.now())`), with the
 * message-parser's tree. The fake clock stands still between changes, so two ephemerals of one
 * moment take the next free millisecond: a client keying messages by `_id` keeps both, as it
 * would on a real server, whose clock moves between them. The realtime `sendMessage`'s notices
 * and the slash commands' (`commands.run`, the realtime `slashCommand`) are made here; each face
 * sends them on `stream-notify-user` `<uid>/message`.
 */
export function ephemeralMessage(store: Store, rid: string, msg: string): Record<string, unknown> {
  const ts = store.clock.now();
  const md = plainMarkdown(msg);
  const id = Math.max(Date.parse(ts), (lastEphemeral.get(store) ?? -1) + 1);
  lastEphemeral.set(store, id);
  return {
    groupable: false,
    u: { _id: 'rocket.cat', username: 'rocket.cat' },
    private: true,
    _id: String(id),
    rid,
    ts,
    _updatedAt: ts,
    msg,
    ...(md ? { md } : {}),
  };
}
