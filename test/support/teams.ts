/**
 * A team as the team routes answer it (`teams.create`, `teams.info`, `channels.convertToTeam`,
 * `groups.convertToTeam`): its keys in the order those answers hold them.
 */
export const TEAM_ANSWER_KEYS = ['_id', 'name', 'type', 'createdAt', 'createdBy', '_updatedAt', 'roomId'];
