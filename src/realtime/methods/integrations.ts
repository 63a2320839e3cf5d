import { byEra } from '../../eras';
import type { EraTable } from '../../eras';
import addIncomingIntegration from '../../commands/addIncomingIntegration';
import addOutgoingIntegration from '../../commands/addOutgoingIntegration';
import type { Command } from '../../commands/command';
import deleteIncomingIntegration from '../../commands/deleteIncomingIntegration';
import deleteOutgoingIntegration from '../../commands/deleteOutgoingIntegration';
import updateIncomingIntegration from '../../commands/updateIncomingIntegration';
import updateOutgoingIntegration from '../../commands/updateOutgoingIntegration';
import { createdView } from '../../commands/integrations';
import type { ApiError } from '../../errors';
import { isPlainObject } from '../../store/query';
import type { JsonObject } from '../../store/query';
import type { Integration } from '../../types';
import { toEjson } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method, MethodContext } from '../method';

/**
 * The integrations' realtime methods (`addIncomingIntegration`, `addOutgoingIntegration`, their
 * delete twins): the same commands as `integrations.*`, one argument each. A `check` refusal is
 * Meteor's sanitized `Match failed`; the others are the methods' Meteor.Errors.
 *
 * Layer: realtime.
 */

/** Not logged in: 6.x's incoming method says `Invalid User [invalid-user]`; before, its permission check refused. */
const INCOMING_NO_USER: EraTable<'invalid-user' | 'not-authorized'> = {
  '0.49': 'not-authorized',
  '6': 'invalid-user',
};

/** A refusal of the command as the method throws it. */
function refused(error: ApiError): never {
  if (error.code === 'match-error') throw new MeteorError(400, 'Match failed');
  if (error.code === 'integration-not-authorized-bare') throw new MeteorError('not_authorized', undefined);
  throw error;
}

/** A create method: its one argument an object (`check`), then the command; the created integration answered. */
function addMethod(
  command: Command<JsonObject, Integration>,
  noUser: (context: MethodContext) => never,
): Method {
  const inner = commandMethod(command, {
    args: (params) => {
      const [integration] = params;
      if (!isPlainObject(integration)) throw new MeteorError(400, 'Match failed');
      return integration;
    },
    result: (created, { profile }) => toEjson(createdView(created, profile)),
    refused,
  });
  return (context, params) => {
    if (!context.user) noUser(context);
    return inner(context, params);
  };
}

/** A delete method: `check(integrationId, String)`; not logged in is `Unauthorized [not_authorized]`; answers true. */
function deleteMethod(command: Command<string, Integration>): Method {
  const inner = commandMethod(command, {
    args: (params) => {
      const [id] = params;
      if (typeof id !== 'string') throw new MeteorError(400, 'Match failed');
      return id;
    },
    result: () => true,
  });
  return (context, params) => {
    if (!context.user) throw new MeteorError('not_authorized', 'Unauthorized', { method: command.name });
    return inner(context, params);
  };
}

/**
 * An update method: `(integrationId, integration)`; not logged in is `Invalid user` naming
 * `updateOutgoingIntegration` for both (sic); answers the updated document.
 */
function updateMethod(command: typeof updateIncomingIntegration): Method {
  const inner = commandMethod(command, {
    args: (params) => {
      const [id, integration] = params;
      if (typeof id !== 'string' || !isPlainObject(integration)) throw new MeteorError(400, 'Match failed');
      return { id, body: integration };
    },
    result: (updated) => toEjson(updated),
    refused,
  });
  return (context, params) => {
    if (!context.user)
      throw new MeteorError('error-invalid-user', 'Invalid user', { method: updateOutgoingIntegration.name });
    return inner(context, params);
  };
}

export const INTEGRATION_METHODS: Readonly<Record<string, Method>> = {
  addIncomingIntegration: addMethod(addIncomingIntegration, ({ profile }) => {
    if (byEra(profile, INCOMING_NO_USER) === 'invalid-user')
      throw new MeteorError('invalid-user', 'Invalid User', { method: addIncomingIntegration.name });
    throw new MeteorError('not_authorized', 'Unauthorized', { method: addIncomingIntegration.name });
  }),
  addOutgoingIntegration: addMethod(addOutgoingIntegration, () => {
    throw new MeteorError('Invalid User', undefined);
  }),
  deleteIncomingIntegration: deleteMethod(deleteIncomingIntegration),
  deleteOutgoingIntegration: deleteMethod(deleteOutgoingIntegration),
  updateIncomingIntegration: updateMethod(updateIncomingIntegration),
  updateOutgoingIntegration: updateMethod(updateOutgoingIntegration),
};
