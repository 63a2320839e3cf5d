import { bridgeRoute } from './method-bridge';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/method.callAnon/:method`: as `method.call`, without a login; the method runs with
 * no user (`login` answers its token; a method that needs a user refuses in the frame). 5.x on.
 */
export default route(GROUPS.methodCall, bridgeRoute('method.callAnon', true));
