import type { EraTable } from '../eras';
import type { JsonObject } from '../store/query';
import type { Team } from '../types';
import { str } from './responses';

/**
 * What the `teams.*` routes share: the release lines that serve them (Teams came in 3.13: profile
 * `0.49` answers 404, profile `5` — 5.x — serves them), a team as the routes answer it, and its
 * schema.
 *
 * Layer: operations.
 */

/** Teams came in Rocket.Chat 3.13: not in 0.49, in every later line the fake answers as. */
export const SINCE_TEAMS: EraTable<boolean> = { '0.49': false, '5': true };

/** The team document's keys, in the order `TeamService.create` writes them. */
const TEAM_KEYS = ['_id', 'name', 'type', 'createdAt', 'createdBy', '_updatedAt', 'roomId'] as const;

/** A team as the routes answer it: the stored document (the fake's `members` and `owners` aside). */
export function teamView(team: Team): JsonObject {
  const view: Record<string, unknown> = {};
  for (const key of TEAM_KEYS) if (team[key] !== undefined) view[key] = structuredClone(team[key]);
  return view as JsonObject;
}

/** A team document, as `teams.create` answers it. */
export const TEAM = {
  type: 'object',
  required: ['_id', 'name', 'type', 'createdAt', 'createdBy', '_updatedAt', 'roomId'],
  properties: {
    _id: str,
    name: str,
    type: { enum: [0, 1] },
    createdAt: str,
    createdBy: { type: 'object', required: ['_id', 'username'], properties: { _id: str, username: str } },
    _updatedAt: str,
    roomId: str,
  },
};
