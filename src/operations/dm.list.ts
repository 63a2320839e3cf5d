import imList from './im.list';
import { aliasOf } from './operation';

/** `GET /api/v1/dm.list`: `im.list` under the name the server keeps for it. */
export default aliasOf(imList, 'dm.list');
