import imFiles from './im.files';
import { aliasOf } from './operation';

/** `GET /api/v1/dm.files`: `im.files` under the name the server keeps for it. */
export default aliasOf(imFiles, 'dm.files');
