/**
 * What is printed in place of a database "URL" that is not one (`host=db password=…`, or
 * `postgres:user:pass@db` without `//`): where its password sits cannot be told, so none of it
 * is shown.
 */
export const UNPRINTABLE_DATABASE_URL =
  "<the database URL, not shown: it is not of the form scheme://…>";

/**
 * A database URL fit to print: the password (in the user part or a `password=` parameter)
 * replaced by `***`. Masks generously: anything between the user name and the last `@` of the
 * authority goes, so a password holding an unescaped `@` or `/` never leaks in part. Text that
 * is not a `scheme://` URL at all is not shown ({@link UNPRINTABLE_DATABASE_URL}).
 *
 * @example
 * maskDatabaseUrl("postgres://app:s3cret@db:5432/nucleo"); // "postgres://app:***@db:5432/nucleo"
 * maskDatabaseUrl("host=db password=s3cret");              // UNPRINTABLE_DATABASE_URL
 */
export function maskDatabaseUrl(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  if (scheme === null) return UNPRINTABLE_DATABASE_URL;
  let masked = url;
  const rest = masked.slice(scheme[0].length);
  const at = rest.lastIndexOf("@");
  const colon = rest.indexOf(":");
  if (at !== -1 && colon !== -1 && colon < at)
    masked = `${scheme[0]}${rest.slice(0, colon)}:***${rest.slice(at)}`;
  return masked.replace(/([?&](?:ssl)?password=)[^&#]*/gi, "$1***");
}

/**
 * The password a database URL carries (URL-decoded), if any: what a command scrubs from a
 * driver's messages before printing them, since a driver may quote its connection string.
 *
 * @example
 * passwordOf("postgres://app:p%40ss@db/nucleo"); // "p@ss"
 * passwordOf("postgres://db/nucleo");            // undefined
 */
export function passwordOf(url: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password === "" ? undefined : password;
  } catch {
    return undefined;
  }
}
