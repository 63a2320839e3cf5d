// A bot on Rocket.Chat's current SDK, @rocket.chat/ddp-client (DDPSDK): it connects, logs in,
// finds its rooms through the SDK's REST client, follows each room's messages on the
// `room-messages` stream and answers "!ping" with "pong, @<sender>" through a method call.
const { createHash } = require('node:crypto');
const { EventEmitter, once } = require('node:events');
// On Node the SDK uses the global WebSocket, which Node 20 does not have: ws's, set before use.
globalThis.WebSocket ??= require('ws');
const { DDPSDK } = require('@rocket.chat/ddp-client');

/**
 * Starts the bot on the server at `url` (its base URL: the SDK adds `/websocket` itself, so a URL
 * ending in `/websocket` would double the path). Resolves to the bot: `sdk`, `replies` (emits
 * `reply` with each message it sent), `follow(rid)` (follows one more room), `stop()`.
 */
async function startBot({ url, username, password }) {
  const sdk = await DDPSDK.createAndConnect(url);
  // loginWithPassword takes the password's SHA-256 hex digest, as Meteor's clients send it
  await sdk.account.loginWithPassword(username, createHash('sha256').update(password).digest('hex'));

  const replies = new EventEmitter();
  const streams = new Map();
  const onMessage = (message) => {
    if (message.u._id === sdk.account.uid || message.msg.trim() !== '!ping') return;
    // a method call over the same socket: Rocket.Chat's sendMessage
    sdk.call('sendMessage', { rid: message.rid, msg: `pong, @${message.u.username}` }).then(
      (sent) => replies.emit('reply', sent),
      (error) => replies.emit('error', error),
    );
  };
  async function follow(rid) {
    if (streams.has(rid)) return;
    const stream = sdk.stream('room-messages', rid, onMessage);
    streams.set(rid, stream);
    await stream.ready();
  }

  // the REST client sends the login's credentials itself
  const { update } = await sdk.rest.get('/v1/rooms.get');
  for (const room of update) await follow(room._id);

  return {
    sdk,
    replies,
    follow,
    async stop() {
      // Closing the socket ends every subscription on the server. (A stream's own stop() sends
      // `unsub` and drops the answer's promise: a stream the server had already ended, its room
      // gone with a reset, would leave an unhandled rejection.) The SDK's close() leaves its
      // heartbeat timers running: stopped once the socket has closed.
      const closed = once(sdk.connection.ws, 'close');
      sdk.connection.close();
      await closed;
      sdk.timeoutControl.stop();
    },
  };
}

module.exports = { startBot };
