/**
 * The admin console's benchmark, on a throwaway PostgreSQL server and the built packages:
 *
 * - a run of 100,000 jobs: the recorder's trajectory query alone, against the console's
 *   `GET /api/runs/:rootId` over loopback HTTP (query, flattening, JSON, transfer), medians
 *   of runs in one process (aim: within the recorder's aim of 500 ms plus 20%);
 * - the same run in Chromium: from the end of the API's answer to the first tree rows on
 *   screen, and to the job panel open after a click on a row (aim: interactive within 1.5 s);
 * - the runs list over 1,000,000 workflows through the API: the first page and a page deep
 *   in the list, unfiltered and by status (aim: under 100 ms);
 * - the built pages' JavaScript, gzipped (aim: under 300 KB).
 *
 * `pnpm --filter @nucleo/test-e2e bench:admin` (builds nothing: run `pnpm build` first).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { defaultPagesDir, hashPassword, startAdmin } from "@nucleo/admin";
import { openRecorderDatabase, RecorderQueries } from "@nucleo/recorder-postgres";
import { benchReport, fixed, median } from "@nucleo/tooling/bench";
import { startThrowawayPostgres } from "@nucleo/tooling/postgres";
import pg from "pg";
import { timeRunPageInBrowser } from "./admin/browser-timing.ts";
import { seedLargeWorkflow, seedManyWorkflows } from "./admin/seed.ts";

const RUNS = 7;

const PASSWORD = "bench-password-1";
const LARGE_ROOT = "large-run";

const server = await startThrowawayPostgres();
const connection = await openRecorderDatabase({ url: server.url });
try {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const seeding = performance.now();
  await seedLargeWorkflow(client, LARGE_ROOT, 100_000);
  await seedManyWorkflows(client, 1_000_000);
  await client.end();
  console.error(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const queries = new RecorderQueries(connection.db);
  const admin = await startAdmin({
    services: { queries, catalog: [], workflows: [], sharedAdmission: false },
    credentials: { operator: await hashPassword(PASSWORD) },
    port: 0,
  });
  try {
    const signIn = await fetch(`${admin.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: admin.url },
      body: JSON.stringify({ user: "operator", password: PASSWORD }),
    });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const get = async (path: string) => {
      const response = await fetch(`${admin.url}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.text();
    };
    const timedMs = async (run: () => Promise<unknown>, runs = RUNS) => {
      await run();
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        await run();
        samples.push(performance.now() - started);
      }
      return median(samples);
    };

    // The query alone and the route, alternated so that the machine's slow phases fall on both.
    let bytes = 0;
    const querySamples: number[] = [];
    const apiSamples: number[] = [];
    await queries.trajectory(LARGE_ROOT);
    await get(`/api/runs/${LARGE_ROOT}`);
    for (let run = 0; run < 11; run += 1) {
      let started = performance.now();
      await queries.trajectory(LARGE_ROOT);
      querySamples.push(performance.now() - started);
      started = performance.now();
      bytes = (await get(`/api/runs/${LARGE_ROOT}`)).length;
      apiSamples.push(performance.now() - started);
    }
    const trajectoryMs = median(querySamples);
    const apiMs = median(apiSamples);

    const firstPage = JSON.parse(await get("/api/runs?limit=50")) as { next: string };
    const deepCursor = await cursorDeepIn(get, 10_000);
    const listCases = [
      ["first page, no filter", "/api/runs?limit=50"],
      ["next page, no filter", `/api/runs?limit=50&cursor=${encodeURIComponent(firstPage.next)}`],
      [
        "a page 10,000 deep, no filter",
        `/api/runs?limit=50&cursor=${encodeURIComponent(deepCursor)}`,
      ],
      ["first page, status failed (2%)", "/api/runs?limit=50&status=failed"],
      ["first page, tenant (1%)", "/api/runs?limit=50&tenant=tenant-42"],
    ] as const;
    const listRows: string[][] = [];
    for (const [name, path] of listCases)
      listRows.push([name, fixed(await timedMs(() => get(path), 21), 1), "< 100"]);

    const browser = await timeRunPageInBrowser(admin.url, PASSWORD, LARGE_ROOT, 3);
    const assets = join(defaultPagesDir(), "assets");
    const gzipped = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .reduce(
        (sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length,
        0,
      );

    console.log(
      benchReport([
        "| Measure | Median | Aim |",
        "| --- | ---: | ---: |",
        `| trajectory query, 100,000 jobs (RecorderQueries) | ${fixed(trajectoryMs, 0)} ms | < 500 ms |`,
        `| GET /api/runs/:rootId, 100,000 jobs, over HTTP (${(bytes / 1e6).toFixed(1)} MB) | ${fixed(apiMs, 0)} ms (×${fixed(apiMs / trajectoryMs, 2)} the query) | < 600 ms |`,
        `| run page: answer → first tree rows | ${fixed(browser.rowsMs, 0)} ms | |`,
        `| run page: answer → job panel open after a click | ${fixed(browser.interactiveMs, 0)} ms | < 1,500 ms |`,
        ...listRows.map(
          ([name, ms, aim]) =>
            `| runs list over 1,000,000 workflows, ${name} | ${ms} ms | ${aim} ms |`,
        ),
        `| the pages' JavaScript, gzipped | ${(gzipped / 1024).toFixed(1)} KB | < 300 KB |`,
      ]),
    );
  } finally {
    await admin.close();
  }
} finally {
  await connection.close();
  await server.dispose();
}

// A cursor `pages` pages of 50 down the unfiltered list, reached by paging (as a user would).
async function cursorDeepIn(get: (path: string) => Promise<string>, rows: number): Promise<string> {
  let cursor: string | null = null;
  for (let seen = 0; seen < rows; seen += 200) {
    const page = JSON.parse(
      await get(
        `/api/runs?limit=200${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`,
      ),
    ) as { next: string | null };
    cursor = page.next;
  }
  return cursor!;
}
