import ts from 'typescript';

/** A string literal or template text of a source, and where it starts (0-based offset). */
export interface SourceString {
  readonly text: string;
  readonly pos: number;
}

/** Every string literal and template text of a TypeScript source (comments are not strings). */
export function stringsOf(source: string): SourceString[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const out: SourceString[] = [];
  // open braces inside each template substitution under way (a `}` at 0 resumes its template)
  const templates: number[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && templates.length > 0 && templates.at(-1) === 0) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateTail) templates.pop();
    } else if (kind === ts.SyntaxKind.OpenBraceToken && templates.length > 0) {
      templates[templates.length - 1] = (templates.at(-1) ?? 0) + 1;
    } else if (kind === ts.SyntaxKind.CloseBraceToken && templates.length > 0) {
      templates[templates.length - 1] = (templates.at(-1) ?? 1) - 1;
    }
    if (kind === ts.SyntaxKind.TemplateHead) templates.push(0);
    if (
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      kind === ts.SyntaxKind.TemplateHead ||
      kind === ts.SyntaxKind.TemplateMiddle ||
      kind === ts.SyntaxKind.TemplateTail
    )
      out.push({ text: scanner.getTokenValue(), pos: scanner.getTokenStart() });
  }
  return out;
}

/** The 1-based line of an offset in a source. */
export function lineAt(source: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos; i += 1) if (source.charCodeAt(i) === 10) line += 1;
  return line;
}
