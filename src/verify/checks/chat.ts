/** The checks of POST /api/v1/chat.postMessage: a post read back and deleted again. */

import type { Check } from '../check';
import { objectOf } from '../context';
import { dedicated, q } from './shared';

const CHAT = 'POST /api/v1/chat.postMessage';

export const CHAT_CHECKS: readonly Check[] = [
  // ---- chat.postMessage ----
  {
    id: 'chat.post-read-delete',
    section: CHAT,
    rule: 'A post to the --channel channel (by its id; the user should be a member: a post joins a non-member) is 200 {ts (ms), channel as sent, message with _id last}; chat.getMessage reads it back; chat.delete removes it, 200 {_id, ts (ms as a string), message {_id, rid, u}}, and chat.getMessage then answers 400 {"success":false}',
    needs: ['channel'],
    changes: true,
    async run(t) {
      // characterised from 6.x on (the validators and the answers of 7.x/8.x)
      if (t.profile.id === '0.49' || t.profile.id === '5')
        return t.skip(`profile ${t.profile.id}: posting is characterised from 6.x on`);
      const room = dedicated(t);
      const text = 'rocketchat-fake verify: posted and deleted again';
      const posted = await t.post('/api/v1/chat.postMessage', { roomId: room._id, text });
      t.status(posted, 200);
      const body = objectOf(posted.body);
      const message = objectOf(body.message);
      t.that(typeof body.ts === 'number', posted, 'ts is not a number of milliseconds');
      t.that(body.channel === room._id, posted, 'channel is not the target as sent');
      t.that(message.msg === text && message.rid === room._id, posted, 'the message is not the one posted');
      t.that(objectOf(message.u).username === t.facts.user.username, posted, 'u is not the user');
      const keys = Object.keys(message);
      t.that(keys.at(-1) === '_id' && typeof message._id === 'string', posted, '_id is not the last key');
      for (const key of ['alias', 'attachments', 'groupable', 'mentions', 'channels'])
        t.that(key in message, posted, `the message has no ${key}`);
      const id = String(message._id);
      const read = await t.get(`/api/v1/chat.getMessage?msgId=${q(id)}`);
      t.status(read, 200);
      t.that(objectOf(objectOf(read.body).message).msg === text, read, 'getMessage did not read it back');
      const deleted = await t.post('/api/v1/chat.delete', { roomId: room._id, msgId: id });
      t.status(deleted, 200);
      const gone = objectOf(deleted.body);
      t.that(gone._id === id && typeof gone.ts === 'string', deleted, 'not {_id, ts as a string}');
      t.that(
        JSON.stringify(Object.keys(objectOf(gone.message))) === JSON.stringify(['_id', 'rid', 'u']),
        deleted,
        'message is not {_id, rid, u}',
      );
      t.exact(await t.get(`/api/v1/chat.getMessage?msgId=${q(id)}`), 400, { success: false });
      return undefined;
    },
  },
];
