import { byEra } from '../eras';
import { operation, success } from './operation';

/** The body's validator: from 6.x (0.49 and 5.x refused only a missing `readOnly`, in words of their own). */
const VALIDATED = { '0.49': false, '6': true };
/** The change posts a system message (`msgs` + 1): from 6.x. */
const MESSAGE = { '0.49': false, '6': true };
/** Read-only mutes the members who may not post in it (not admins, not its owner): the 0.49 era. */
const MUTES = { '0.49': true, '5': false };
import { callerOf, readBody, readSetReadOnly } from './params';

/** `POST /api/v1/channels.setReadOnly`: the body, then the room, the change and the permission. */
export default operation({
  name: 'channels.setReadOnly',
  method: 'POST',
  path: '/api/v1/channels.setReadOnly',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: true,
  read: ({ input, profile }) => readSetReadOnly(readBody(input.body), byEra(profile, VALIDATED)),
  run: (context, { ref, readOnly }) => {
    const era = { message: byEra(context.profile, MESSAGE), mutes: byEra(context.profile, MUTES) };
    return success({ channel: context.store.setReadOnly(callerOf(context), ref, readOnly, era) });
  },
  contract: { changed: (answer) => answer.channel },
});
