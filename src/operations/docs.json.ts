import { openApiDocument } from './openapi';
import { success } from './operation';
import { DOCS_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { OPENAPI_DOCUMENT } from './responses';

/** The route came with 7.x's typed routes (7.10's rest-typings has its validator; 7.0's none). */
const EXISTS = { '0.49': false, '7.10': true };

/**
 * `GET /api/docs/json`: the OpenAPI document of the routes this server serves (here: those the
 * fake models), no login needed; `withUndocumented` is the only parameter.
 */
export default route(GROUPS.docs, {
  name: 'docs.json',
  method: 'GET',
  order: 340,
  path: 'json',
  errors: ['not-found'],
  response: OPENAPI_DOCUMENT,
  validator: DOCS_VALIDATOR,
  read: ({ input, profile }) => {
    validated(profile, DOCS_VALIDATOR, input.query);
  },
  run: ({ input, profile }) => success(openApiDocument(profile, input.baseUrl)),
  openApi: { servedIn: EXISTS },
});
