import { textRoute } from './room-settings';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/channels.setDescription`: the `description` setting (src/operations/room-settings.ts, `textRoute`). */
export default route(GROUPS.channels, textRoute('channels', 'description'));
