// A bot on the legacy @rocket.chat/sdk (0.2.x, the driver hubot-rocketchat is built on): it logs
// in, joins its rooms, follows their messages and answers "!ping" with "pong, @<sender>".
// The SDK's driver is one per process (a module singleton), so this module starts one bot.
const { EventEmitter } = require('node:events');
const { URL } = require('node:url');
const { driver } = require('@rocket.chat/sdk');

const quiet = { debug() {}, info() {}, warning() {}, warn() {}, error() {} };

/**
 * Connects, logs in, joins `rooms` (names) and starts answering. Resolves to the bot: `replies`
 * emits `reply` with each message it sent, `join(room)` joins one more room, `stop()` disconnects.
 */
async function startBot({ url, username, password, rooms, log = quiet }) {
  driver.useLog(log);
  const { host, protocol } = new URL(url);
  await driver.connect({ host, useSsl: protocol === 'https:' });
  await driver.login({ username, password });
  await driver.joinRooms(rooms);
  await driver.subscribeToMessages();
  const replies = new EventEmitter();
  await driver.respondToMessages(
    (err, message) => {
      if (err || message.msg.trim() !== '!ping') return;
      driver.sendToRoomId(`pong, @${message.u.username}`, message.rid).then(
        (sent) => replies.emit('reply', sent),
        (error) => replies.emit('error', error),
      );
    },
    { rooms, dm: true },
  );
  return {
    replies,
    join: (room) => driver.joinRoom(room),
    async stop() {
      // the SDK's ddp.js reconnects whenever its socket closes: turned off before disconnecting
      driver.asteroid.ddp._autoreconnect = false;
      await driver.disconnect();
    },
  };
}

module.exports = { startBot };
