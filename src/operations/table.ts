import { nearest } from '../suggest';
import { registerOperations } from './registry';
import type { Operation } from './operation';
import channelsGetIntegrations from './channels.getIntegrations';
import channelsHistory from './channels.history';
import channelsInfo from './channels.info';
import channelsList from './channels.list';
import channelsListJoined from './channels.list.joined';
import channelsMessages from './channels.messages';
import channelsSetReadOnly from './channels.setReadOnly';
import channelsSetType from './channels.setType';
import chatDelete from './chat.delete';
import chatGetMessage from './chat.getMessage';
import chatPostMessage from './chat.postMessage';
import chatSendMessage from './chat.sendMessage';
import chatUpdate from './chat.update';
import dmCreate from './dm.create';
import docsJson from './docs.json';
import dmHistory from './dm.history';
import dmList from './dm.list';
import dmMessages from './dm.messages';
import imCreate from './im.create';
import imHistory from './im.history';
import imList from './im.list';
import imMessages from './im.messages';
import roomsGet from './rooms.get';
import subscriptionsGet from './subscriptions.get';
import subscriptionsGetOne from './subscriptions.getOne';
import subscriptionsRead from './subscriptions.read';
import groupsHistory from './groups.history';
import hooks from './hooks';
import groupsInfo from './groups.info';
import groupsSetType from './groups.setType';
import info from './info';
import login from './login';
import logout from './logout';
import me from './me';
import usersInfo from './users.info';
import usersList from './users.list';
import settingsPublic from './settings.public';
import v1Info from './v1.info';

/**
 * The operation table: every chat operation the fake serves, one row each, in the order the
 * README's route table lists them. The request pipeline, both HTTP adapters, the journal,
 * contracts and the inspector find operations here and nowhere else. Adding an operation is one
 * module in this folder and one row below.
 */
export const OPERATIONS: readonly Operation[] = [
  info,
  login,
  logout,
  me,
  v1Info,
  channelsList,
  channelsGetIntegrations,
  channelsInfo,
  channelsSetReadOnly,
  channelsSetType,
  groupsSetType,
  chatPostMessage,
  chatSendMessage,
  chatGetMessage,
  chatUpdate,
  chatDelete,
  channelsHistory,
  channelsMessages,
  usersInfo,
  usersList,
  channelsListJoined,
  groupsInfo,
  groupsHistory,
  settingsPublic,
  subscriptionsGet,
  subscriptionsGetOne,
  subscriptionsRead,
  roomsGet,
  imCreate,
  dmCreate,
  imHistory,
  dmHistory,
  imList,
  dmList,
  imMessages,
  dmMessages,
  hooks,
  docsJson,
];

registerOperations(OPERATIONS);

const byPath = new Map(OPERATIONS.map((op) => [op.path, op]));
/** the operations whose parameters are in their paths, found by where their paths start */
const byPrefix = OPERATIONS.filter((op) => op.prefix === true);
const byName = new Map(OPERATIONS.map((op) => [op.name, op]));

/** The operation served at a path inside a world (any method), if any. */
export function operationAt(path: string): Operation | undefined {
  return byPath.get(path) ?? byPrefix.find((op) => path.startsWith(op.path));
}

/** An operation by its name (as the journal records it). */
export function operationNamed(name: string): Operation | undefined {
  return byName.get(name);
}

/** What every path the chat pipeline answers begins with: `/api`, and each route with parameters in its path. */
export function chatPathRoots(): string[] {
  return ['/api', ...byPrefix.map((op) => op.path)];
}

/** Whether a path inside a world is the chat API's (the pipeline answers it, known or not): `/api`, and the routes with parameters in their paths. */
export function isChatPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || byPrefix.some((op) => path.startsWith(op.path));
}

/** Each operation's methods, worked out once (every request asks). */
const METHODS = new Map<Operation, readonly string[]>();

/** The methods an operation answers (HEAD with GET, as the router does). */
function methodsOf(op: Operation): readonly string[] {
  let methods = METHODS.get(op);
  if (!methods) {
    const own: string[] = op.also === undefined ? [op.method] : [op.method, op.also];
    methods = own.includes('GET') ? [...own, 'HEAD'] : own;
    METHODS.set(op, methods);
  }
  return methods;
}

/** Whether an operation answers this method at this path (a route the fake models). */
export function isModelled(method: string, path: string): boolean {
  const op = operationAt(path);
  return op !== undefined && methodsOf(op).includes(method);
}

/** Every modelled route as `METHOD /path` (a prefix route's path as it starts). */
const ROUTE_NAMES: readonly string[] = OPERATIONS.flatMap((op) =>
  methodsOf(op)
    .filter((m) => m !== 'HEAD')
    .map((m) => `${m} ${op.path}`),
);

/**
 * The modelled route nearest to one the fake does not model, as `METHOD /path`: the same path
 * with another method, else the path within two edits of it (a typo, a letter's case), else null.
 */
export function nearestRoute(method: string, path: string): string | null {
  const op = operationAt(path);
  if (op) return `${op.method} ${op.path}`;
  const paths = OPERATIONS.map((o) => o.path);
  const near = nearest(path, paths);
  if (near === undefined) return null;
  return (
    ROUTE_NAMES.find((name) => name === `${method} ${near}`) ??
    ROUTE_NAMES.find((name) => name.endsWith(` ${near}`)) ??
    null
  );
}
