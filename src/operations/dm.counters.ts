import imCounters from './im.counters';
import { aliasOf } from './operation';

/** `GET /api/v1/dm.counters`: `im.counters` under the name the server keeps for it. */
export default aliasOf(imCounters, 'dm.counters');
