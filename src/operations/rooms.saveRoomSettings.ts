import type { EraTable } from '../eras';
import saveRoomSettings from '../commands/saveRoomSettings';
import type { SaveRoomSettingsArgs } from '../commands/saveRoomSettings';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { SINCE_5 } from './room-settings';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Schema, Validator } from './validator';

const bool = { type: 'boolean', nullable: true } as const;
const text = { type: 'string', nullable: true } as const;

/** 8.x's typed body (rest-typings' `isRoomsSaveRoomSettingsProps`): `rid`, the settings it types, nothing else. */
const BODY: Schema = {
  type: 'object',
  properties: {
    rid: str,
    roomAvatar: text,
    featured: bool,
    roomName: text,
    roomTopic: text,
    roomAnnouncement: text,
    roomDescription: text,
    roomType: text,
    readOnly: bool,
    reactWhenReadOnly: bool,
    default: bool,
    encrypted: bool,
    favorite: {
      type: 'object',
      properties: { defaultValue: bool, favorite: bool },
      nullable: true,
    },
    retentionEnabled: bool,
    retentionMaxAge: { type: 'number', nullable: true },
    retentionExcludePinned: bool,
    retentionFilesOnly: bool,
    retentionIgnoreThreads: bool,
    retentionOverrideGlobal: bool,
  },
  required: ['rid'],
  additionalProperties: false,
};

/** No validator to 7.x (the method checks alone); 8.x's router validates the body (coercing from 8.6). */
const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8': { schema: BODY, coerce: false, form: 'body' },
  '8.6': { schema: BODY, coerce: true, form: 'body' },
};

/**
 * `POST /api/v1/rooms.saveRoomSettings` (5.x on): `{rid, …settings}`, the `saveRoomSettings`
 * command with the rest of the body (src/commands/saveRoomSettings.ts, the realtime method's
 * too). Answers `{rid}`.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.saveRoomSettings',
  method: 'POST',
  permissions: [
    'edit-room',
    'view-room-administration',
    'create-c',
    'create-p',
    'toggle-room-e2e-encryption',
    'edit-room-retention-policy',
    'edit-room-avatar',
  ],
  errors: [
    'invalid-body-params',
    'room-invalid',
    'room-settings-invalid',
    'error-action-not-allowed',
    'room-settings-not-modelled',
    'room-settings-broadcast',
    'room-settings-admin',
    'error-action-not-allowed-public',
    'error-action-not-allowed-private',
    'room-settings-e2e-public',
    'room-settings-e2e-permission',
    'room-settings-no-retention',
    'room-settings-retention-permission',
    'room-settings-avatar-permission',
    'room-settings-custom-fields-type',
    'error-invalid-room-type',
  ],
  response: answer({ rid: str }),
  reads: ['room'],
  changes: ['room', 'message'],
  validator: VALIDATOR,
  openApi: { servedIn: SINCE_5 },
  read: ({ input, profile }): SaveRoomSettingsArgs => {
    const { rid, ...settings } = validated(profile, VALIDATOR, readBody(input.body));
    return { rid, settings };
  },
  run: (context, args) => {
    const { rid } = saveRoomSettings.run({ ...context, user: callerOf(context) }, args);
    return success({ rid });
  },
});
