import { textRoute } from './room-settings';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/groups.setAnnouncement`: the `announcement` setting (src/operations/room-settings.ts, `textRoute`). */
export default route(GROUPS.groups, textRoute('groups', 'announcement'));
