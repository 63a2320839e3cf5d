import { bridgeRoute } from './method-bridge';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/method.call/:method` `{message: "<DDP method frame>"}`: the frame's method runs as
 * the caller, through the realtime API's own methods; answers `{message: "<DDP result frame>"}`
 * (src/operations/method-bridge.ts). 5.x on.
 */
export default route(GROUPS.methodCall, bridgeRoute('method.call', false));
