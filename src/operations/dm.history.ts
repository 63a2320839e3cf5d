import imHistory from './im.history';
import { aliasOf } from './operation';

/** `GET /api/v1/dm.history`: `im.history` under the name the server keeps for it. */
export default aliasOf(imHistory, 'dm.history');
