import imClose from './im.close';
import { aliasOf } from './operation';

/** `POST /api/v1/dm.close`: `im.close` under the name the server keeps for it. */
export default aliasOf(imClose, 'dm.close');
