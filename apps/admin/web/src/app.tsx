/**
 * The console: reads the session, keeps signed-out users on the sign-in page, and shows the
 * page the path names inside the layout.
 *
 * @packageDocumentation
 */

import { useEffect } from "react";
import { Empty, Loading } from "./components/common.tsx";
import { Layout } from "./components/layout.tsx";
import { matchRoute, type Route } from "./lib/routes.ts";
import { BenchmarkPage } from "./pages/benchmark-detail.tsx";
import { BenchmarksPage } from "./pages/benchmarks.tsx";
import { CostsPage } from "./pages/costs.tsx";
import { FleetPage } from "./pages/fleet/fleet-page.tsx";
import { ModelsPage } from "./pages/models.tsx";
import { RunPage } from "./pages/run/run-page.tsx";
import { RunsPage } from "./pages/runs.tsx";
import { SignInPage } from "./pages/sign-in.tsx";
import { Link, navigate, useLocation } from "./router.tsx";
import { loadSession, useSession } from "./session.ts";

function PageFor({ route }: { readonly route: Route }) {
  switch (route.page) {
    case "runs":
      return <RunsPage />;
    case "run":
      return <RunPage rootId={route.rootId} />;
    case "costs":
      return <CostsPage />;
    case "benchmarks":
      return <BenchmarksPage />;
    case "benchmark":
      return <BenchmarkPage jobId={route.jobId} />;
    case "models":
      return <ModelsPage />;
    case "fleet":
      return <FleetPage />;
    default:
      return (
        <Empty>
          No page here. <Link href="/runs">Go to the runs.</Link>
        </Empty>
      );
  }
}

/**
 * The whole console.
 *
 * @example createRoot(element).render(<App />);
 */
export function App() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const route = matchRoute(pathname);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (pathname === "/") {
      navigate(`/runs${search}`, { replace: true });
    } else if (session.status === "signed-out" && route.page !== "sign-in") {
      const next = encodeURIComponent(`${pathname}${search}`);
      navigate(`/sign-in?next=${next}`, { replace: true });
    } else if (session.status === "signed-in" && route.page === "sign-in") {
      navigate("/runs", { replace: true });
    }
  }, [pathname, search, session.status, route.page]);

  if (route.page === "sign-in") return session.status === "signed-in" ? null : <SignInPage />;
  if (session.status !== "signed-in") return <Loading what="Reading your session" />;
  return (
    <Layout session={session.info}>
      <PageFor key={pathname} route={route} />
    </Layout>
  );
}
