import imOpen from './im.open';
import { aliasOf } from './operation';

/** `POST /api/v1/dm.open`: `im.open` under the name the server keeps for it. */
export default aliasOf(imOpen, 'dm.open');
