import deleteFileMessage from '../../commands/deleteFileMessage';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of helper files: `deleteFileMessage`, the file's message (or the file
 * alone) deleted through the `deleteFileMessage` command.
 *
 * Layer: realtime.
 */

/** `deleteFileMessage(fileId)`: `check(fileID, String)`, then the command; answers nothing. */
const deleteFileMessageMethod = commandMethod(deleteFileMessage, {
  check: (params) => {
    if (typeof params[0] !== 'string') throw new MeteorError(400, 'Match failed');
  },
  args: (params) => ({ fileId: String(params[0]) }),
  result: () => undefined,
});

export const FILES_METHODS: Readonly<Record<string, Method>> = {
  deleteFileMessage: deleteFileMessageMethod,
};
