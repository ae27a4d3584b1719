/**
 * The sign-in page: a user (`viewer` or `operator`) and a password, posted to `/api/session`.
 *
 * @packageDocumentation
 */

import { type FormEvent, useState } from "react";
import { ErrorBanner } from "../components/common.tsx";
import { safeNextPath } from "../lib/routes.ts";
import { navigate, useLocation } from "../router.tsx";
import { signIn } from "../session.ts";

/**
 * The sign-in form; on success it goes to the page the user came from (`?next=`).
 *
 * @example <SignInPage />
 */
export function SignInPage() {
  const { search } = useLocation();
  const [user, setUser] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    signIn(user, password).then(
      () => navigate(safeNextPath(new URLSearchParams(search).get("next")), { replace: true }),
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };

  return (
    <div className="sign-in-page">
      <form className="sign-in-card" onSubmit={handleSubmit} data-testid="sign-in-form">
        <h1>
          Nucleo <span className="brand-sub">admin</span>
        </h1>
        <p className="muted">Every run, what it said and what it cost.</p>
        <label className="field">
          <span>User (viewer or operator)</span>
          <input
            type="text"
            value={user}
            onChange={(event) => setUser(event.target.value)}
            data-testid="sign-in-user"
            name="user"
            list="sign-in-users"
            autoComplete="username"
            spellCheck={false}
            required
          />
          <datalist id="sign-in-users">
            <option value="viewer" />
            <option value="operator" />
          </datalist>
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="sign-in-password"
            name="password"
            autoComplete="current-password"
            required
          />
        </label>
        <ErrorBanner error={error} />
        <button
          type="submit"
          className="button-primary"
          disabled={busy}
          data-testid="sign-in-submit"
        >
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </div>
  );
}
