import { createHash } from 'node:crypto';

/**
 * `GET /api/info` as the default line (8.9) answers anyone: the workspace (the URL the client
 * reached, without its scheme, and its SHA-256) before the version without its patch number.
 */
export function anonymousInfo(url: string): Record<string, unknown> {
  const workspaceUrl = url.replace(/^https?:\/\//, '');
  return {
    workspaceUrl,
    hashedWorkspaceUrl: createHash('sha256').update(workspaceUrl).digest('hex'),
    version: '8.9',
    minimumClientVersions: { desktop: '4.1.0', mobile: '4.39.0' },
    cloudWorkspaceId: '',
    success: true,
  };
}
