/**
 * A database URL fit to print: the password (in the user part or a `password=` parameter)
 * replaced by `***`. Masks generously: anything between the user name and the last `@` of the
 * authority goes, so a password holding an unescaped `@` or `/` never leaks in part.
 *
 * @example
 * maskDatabaseUrl("postgres://app:s3cret@db:5432/nucleo"); // "postgres://app:***@db:5432/nucleo"
 */
export function maskDatabaseUrl(url: string): string {
  let masked = url;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(masked);
  if (scheme !== null) {
    const rest = masked.slice(scheme[0].length);
    const at = rest.lastIndexOf("@");
    const colon = rest.indexOf(":");
    if (at !== -1 && colon !== -1 && colon < at) masked = `${scheme[0]}${rest.slice(0, colon)}:***${rest.slice(at)}`;
  }
  return masked.replace(/([?&](?:ssl)?password=)[^&#]*/gi, "$1***");
}

/** The password a database URL carries, if any, to scrub it from driver messages. */
export function passwordOf(url: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password === "" ? undefined : password;
  } catch {
    return undefined;
  }
}
