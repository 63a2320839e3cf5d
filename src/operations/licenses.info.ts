import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf } from './params';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import type { Validator } from './validator';

/** Added in 6.5 with the licence package (profile 6 on); before, `licenses.get` and others. */
const EXISTS: EraTable<boolean> = { '0.49': false, '6': true };

/** `isLicensesInfoProps`: `loadValues`, a boolean (coerced), nothing else. */
export const LICENSES_INFO_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: { loadValues: { type: 'boolean' } },
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** The kinds a licence limits (`globalLimitKinds`) and a community server's defaults (-1: none). */
const LIMITS: readonly (readonly [string, number])[] = [
  ['activeUsers', -1],
  ['guestUsers', -1],
  ['privateApps', 3],
  ['marketplaceApps', 5],
  ['monthlyActiveContacts', -1],
];

/**
 * `GET /api/v1/licenses.info?loadValues=`: a community server's licence information (no licence:
 * the `license` key absent, no modules, no tags, no trial). The limits only to a caller with
 * `view-privileged-setting` (`{}` otherwise), each `{max}`, or with `loadValues=true` `{value,
 * max}` (the active users and guests the world holds; no apps, no omnichannel contacts).
 */
export default route(GROUPS.licenses, {
  name: 'licenses.info',
  method: 'GET',
  errors: ['invalid-params', 'not-found'],
  response: answer({
    license: {
      type: 'object',
      required: ['activeModules', 'limits', 'tags', 'trial'],
      properties: { activeModules: { type: 'array' }, limits: { type: 'object' }, tags: { type: 'array' } },
    },
  }),
  reads: ['user'],
  validator: LICENSES_INFO_VALIDATOR,
  read: ({ input, profile, store, ...context }) => {
    const user = callerOf(context);
    const params = validated(profile, LICENSES_INFO_VALIDATOR, input.query);
    const unrestricted = store.can(user, 'view-privileged-setting');
    return { unrestricted, loadValues: unrestricted && params.loadValues === true };
  },
  run: ({ store }, { unrestricted, loadValues }) => {
    const counts: Record<string, number> = loadValues
      ? { ...store.activeUserCounts(), privateApps: 0, marketplaceApps: 0, monthlyActiveContacts: 0 }
      : {};
    const limits = unrestricted
      ? Object.fromEntries(
          LIMITS.map(([kind, max]) => [kind, loadValues ? { value: counts[kind] ?? 0, max } : { max }]),
        )
      : {};
    // `prevent_action` once a count reaches its limit (apps: 3 private, 5 marketplace; none installed)
    const preventedActions = {
      activeUsers: false,
      guestUsers: false,
      roomsPerGuest: false,
      privateApps: false,
      marketplaceApps: false,
      monthlyActiveContacts: false,
    };
    return success({
      license: { activeModules: [], externalModules: [], preventedActions, limits, tags: [], trial: false },
    });
  },
  openApi: { servedIn: EXISTS },
});
