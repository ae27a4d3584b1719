/**
 * A router on the History API: the location is an external store React subscribes to,
 * {@link navigate} pushes a new entry, and {@link Link} is a real `<a href>` whose plain left
 * click is turned into {@link navigate} (a middle click or ctrl-click still opens a tab).
 *
 * @packageDocumentation
 */

import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from "react";

/** The parts of the location the pages read. */
export interface Location {
  readonly pathname: string;
  readonly search: string;
}

const listeners = new Set<() => void>();
let current: Location = { pathname: window.location.pathname, search: window.location.search };

function refresh(): void {
  const { pathname, search } = window.location;
  if (pathname === current.pathname && search === current.search) return;
  current = { pathname, search };
  for (const listener of listeners) listener();
}

window.addEventListener("popstate", refresh);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current location; the component re-renders when it changes.
 *
 * @example const { pathname, search } = useLocation();
 */
export function useLocation(): Location {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * Goes to a path on this origin (`/runs?status=failed`): a new history entry, or the current one
 * replaced (a redirect should not leave a step the back button returns to).
 *
 * @example navigate("/runs", { replace: true });
 */
export function navigate(to: string, options: { readonly replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  refresh();
  if (!options.replace) window.scrollTo(0, 0);
}

/** A link to a page of the console. */
export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A path on this origin, `/runs/…`. */
  readonly href: string;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}

/**
 * An `<a href>` that navigates without reloading the page on a plain left click.
 *
 * @example <Link href="/runs">Runs</Link>
 */
export function Link({ href, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event);
    if (target !== undefined && target !== "_self") return;
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} target={target} onClick={handleClick} {...rest} />;
}
