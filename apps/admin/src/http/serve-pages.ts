import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import type { Hono } from "hono";
import type { AdminEnv } from "./admin-env.js";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

/**
 * Serves the built pages from `pagesDir`: a file under `/assets/` as it is (its name holds its
 * hash, so it is cached for good), and `index.html` for every other path that is not the API,
 * since the pages route in the browser. Paths that climb out of the folder are not served.
 */
export function servePages(app: Hono<AdminEnv>, pagesDir: string): void {
  const root = normalize(pagesDir + sep);
  let index: Promise<Buffer> | undefined;

  app.get("/assets/*", async (c) => {
    // Hono hands the path decoded where it could be; a malformed escape is simply not a file.
    const file = normalize(join(root, c.req.path));
    if (!file.startsWith(root) || file.includes("%")) return c.notFound();
    const type = CONTENT_TYPES[extname(file)];
    if (type === undefined) return c.notFound();
    try {
      const body = await readFile(file);
      c.header("Content-Type", type);
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      return c.body(new Uint8Array(body));
    } catch {
      return c.notFound();
    }
  });

  app.get("*", async (c) => {
    index ??= readFile(join(root, "index.html")).catch((error: unknown) => {
      index = undefined;
      throw error;
    });
    const body = await index;
    c.header("Content-Type", CONTENT_TYPES[".html"]!);
    c.header("Cache-Control", "no-cache");
    return c.body(new Uint8Array(body));
  });
}
