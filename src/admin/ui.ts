import { readFileSync } from 'node:fs';

import { packageFile } from '../paths';

/**
 * The inspector's page (`GET /__admin/ui`): one self-contained HTML file (ui/inspector.html, no
 * CDN, no fonts, plain script) that reads the control API and its event stream. Read once, when
 * first asked for.
 */

let page: string | undefined;

export function inspectorHtml(): string {
  page ??= readFileSync(packageFile('ui', 'inspector.html'), 'utf8');
  return page;
}
