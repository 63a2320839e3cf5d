/**
 * A push token as the fake keeps it (Rocket.Chat's `_raix_push_app_tokens` document): its own
 * module, so that the state (src/store/state.ts) and the start-up module (src/store/startup.ts)
 * both name it without a cycle.
 *
 * Layer: store.
 */
export interface PushToken {
  readonly _id: string;
  readonly token: Readonly<Record<string, string>>;
  /** the hashed login token that registered it (`Accounts._hashLoginToken`) */
  readonly authToken: string;
  readonly appName: string;
  readonly userId: string;
  readonly enabled: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly voipToken?: string;
}
