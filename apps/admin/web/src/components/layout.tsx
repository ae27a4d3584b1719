/**
 * The frame around every signed-in page: the console's name, the navigation, who is signed in
 * and with which role, and the sign-out button.
 *
 * @packageDocumentation
 */

import { type ReactNode, useState } from "react";
import type { SessionInfo } from "../../../src/api/contract.ts";
import { Link, navigate, useLocation } from "../router.tsx";
import { signOut } from "../session.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";

const SECTIONS = [
  { href: "/runs", label: "Runs", testId: "nav-runs" },
  { href: "/costs", label: "Costs", testId: "nav-costs" },
  { href: "/benchmarks", label: "Benchmarks", testId: "nav-benchmarks" },
  { href: "/models", label: "Models & limits", testId: "nav-models" },
  { href: "/fleet", label: "Fleet", testId: "nav-fleet" },
] as const;

/**
 * The header and navigation around a page.
 *
 * @example <Layout session={info}><RunsPage /></Layout>
 */
export function Layout({
  session,
  children,
}: {
  readonly session: SessionInfo;
  readonly children: ReactNode;
}) {
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const handleSignOut = (): void => {
    setSigningOut(true);
    signOut()
      .catch(() => undefined)
      .finally(() => {
        setSigningOut(false);
        navigate("/sign-in", { replace: true });
      });
  };
  return (
    <div className="shell">
      <header className="topbar">
        <Link href="/runs" className="brand">
          Nucleo <span className="brand-sub">admin</span>
        </Link>
        <nav className="nav" aria-label="Sections">
          {SECTIONS.map((section) => {
            const active = pathname === section.href || pathname.startsWith(`${section.href}/`);
            return (
              <Link
                key={section.href}
                href={section.href}
                className={active ? "nav-link active" : "nav-link"}
                aria-current={active ? "page" : undefined}
                data-testid={section.testId}
              >
                {section.label}
              </Link>
            );
          })}
        </nav>
        <div className="whoami">
          <span className="user" data-testid="session-user">
            <UntrustedText text={session.user} links={false} />
          </span>
          <span className={`role role-${session.role}`} data-testid="session-role">
            {session.role}
          </span>
          <button
            type="button"
            className="button-quiet"
            onClick={handleSignOut}
            disabled={signingOut}
            data-testid="sign-out"
          >
            Sign out
          </button>
        </div>
      </header>
      <main className="content">{children}</main>
    </div>
  );
}
