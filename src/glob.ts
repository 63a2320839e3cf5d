/** A path pattern where `*` matches any run of characters, as a whole-string RegExp. */
export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}
