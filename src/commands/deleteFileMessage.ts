import { command } from './command';

/**
 * `deleteFileMessage(fileId)`: the message whose `file` is that upload deleted as `deleteMessage`
 * deletes one (its checks, and its files with it); an upload with no message (a `rooms.media` one
 * never confirmed) deleted alone. An unknown id deletes nothing.
 */
export default command<{ fileId: string }, undefined>({
  name: 'deleteFileMessage',
  run({ store, user }, { fileId }) {
    const message = store.fileMessage(fileId);
    if (message) store.deleteMessage(user, { roomId: message.rid, msgId: message._id, asUser: false });
    else store.deleteUpload(fileId);
    return undefined;
  },
});
