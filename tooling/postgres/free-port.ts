import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: the kernel picks it when a
 * socket binds port 0. Another process may take it before the caller does; callers retry.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() =>
        port > 0 ? resolve(port) : reject(new Error("The kernel gave no free port on 127.0.0.1")),
      );
    });
  });
}
