import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import type { EraTable } from '../eras';

/** `{tmid}`, non-empty: the typed route's body (it came in 8.8). */
const READ_THREAD_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.8': {
    schema: {
      type: 'object',
      properties: { tmid: { type: 'string', minLength: 1 } },
      required: ['tmid'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'body',
  },
};

/**
 * `POST /api/v1/chat.readThread` `{tmid}` (8.8 on): the thread off the caller's unread threads
 * (`tunread`, `tunreadUser`, `tunreadGroup`), the alert off when it was the last; `{"success":
 * true}`. `Threads Disabled`, then the root (`Invalid Message`), its room (`This room does not
 * exist`), the room's access (`Not Allowed`).
 */
export default route(GROUPS.chat, {
  name: 'chat.readThread',
  method: 'POST',
  errors: ['threads-disabled', 'threads-invalid-message', 'threads-no-room', 'threads-not-allowed'],
  response: DONE,
  reads: ['message', 'room', 'setting'],
  changes: ['subscription'],
  validator: READ_THREAD_VALIDATOR,
  read: ({ input, profile }) => {
    const body = validated(profile, READ_THREAD_VALIDATOR, readBody(input.body));
    return typeof body.tmid === 'string' ? body.tmid : '';
  },
  run: (context, tmid) => {
    context.store.readThread(callerOf(context), tmid);
    return success({});
  },
  openApi: { servedIn: { '0.49': false, '8.8': true } },
});
