import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * Builds the admin console's pages into `apps/admin/dist/web`, where the server serves them
 * under a strict Content-Security-Policy (`script-src 'self'; style-src 'self'`): the built
 * `index.html` must reference its script and stylesheet as files, never inline them.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: "/",
  plugins: [react()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // The polyfill would be injected as code the CSP has to allow; every browser the console
    // targets supports modulepreload natively.
    modulePreload: { polyfill: false },
    // Assets become files, never data: URLs a CSP would have to allow.
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    sourcemap: false,
    target: "es2022",
  },
  server: {
    host: "127.0.0.1",
    // Local development: the pages on Vite's dev server, the API from `nucleo admin` (port 4600).
    proxy: { "/api": { target: "http://127.0.0.1:4600", changeOrigin: false } },
  },
});
