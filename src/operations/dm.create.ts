import imCreate from './im.create';
import { aliasOf } from './operation';

/** `POST /api/v1/dm.create`: `im.create` under the name the server keeps for it. */
export default aliasOf(imCreate, 'dm.create');
