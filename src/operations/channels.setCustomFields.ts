import { customFieldsRoute } from './room-settings';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/channels.setCustomFields`: the room's custom fields replaced (src/operations/room-settings.ts). */
export default route(GROUPS.channels, customFieldsRoute('channels'));
