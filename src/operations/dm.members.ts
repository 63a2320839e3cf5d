import imMembers from './im.members';
import { aliasOf } from './operation';

/** `GET /api/v1/dm.members`: `im.members` under the name the server keeps for it. */
export default aliasOf(imMembers, 'dm.members');
