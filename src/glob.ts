/**
 * Path patterns where `*` matches any run of characters (`/api/v1/channels.*`), matched without a
 * regular expression: a backtracking RegExp such as `^.*a.*a.*a.*b$` takes exponential time on a
 * long path, this takes at most (path length × pattern length) steps, whatever the input.
 */

/** A compiled pattern: `test(path)` is true when the whole path matches. */
export interface PathPattern {
  test(path: string): boolean;
}

/** Whether `text` matches `glob` whole; `*` is any run of characters, everything else itself. */
export function globMatches(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  // the last `*` seen and where in the text its match would grow from
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] !== '*' && glob[g] === text[t]) {
      g += 1;
      t += 1;
    } else if (g < glob.length && glob[g] === '*') {
      star = g;
      resume = t;
      g += 1;
    } else if (star >= 0) {
      // let the last star take one more character and try the rest again
      g = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g += 1;
  return g === glob.length;
}

/** A pattern with `*` as a matcher of whole paths. */
export function globPattern(glob: string): PathPattern {
  return { test: (path) => globMatches(glob, path) };
}
