import { byEra } from '../eras';
import { operation, success } from './operation';
import { callerOf, readBody, readSetType } from './params';

/** 8.x's typed route: a body without `type` fails its schema first. */
const TYPE_SCHEMA = { '0.49': false, '8': true };

/** `POST /api/v1/channels.setType`: a non-blank `type`, then the room, the permissions and the change. */
export default operation({
  name: 'channels.setType',
  method: 'POST',
  path: '/api/v1/channels.setType',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: true,
  read: ({ input, profile }) => readSetType(readBody(input.body), byEra(profile, TYPE_SCHEMA)),
  run: (context, { ref, type }) => success({ channel: context.store.setType(callerOf(context), ref, type) }),
  contract: { changed: (answer) => answer.channel },
});
