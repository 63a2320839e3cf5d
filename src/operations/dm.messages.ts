import imMessages from './im.messages';
import { aliasOf } from './operation';

/** `GET /api/v1/dm.messages`: `im.messages` under the name the server keeps for it. */
export default aliasOf(imMessages, 'dm.messages');
