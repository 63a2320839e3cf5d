import { operation, success } from './operation';

/** `POST /api/v1/logout`: ends the caller's login token. */
export default operation({
  name: 'logout',
  method: 'POST',
  path: '/api/v1/logout',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  read: ({ caller }) => ({ authToken: caller?.authToken ?? '' }),
  run: ({ store }, { authToken }) => {
    store.logout(authToken);
    return success({ status: 'success', data: { message: "You've been logged out!" } });
  },
  // the same answer on every server, word for word
  contract: { exact: true },
});
