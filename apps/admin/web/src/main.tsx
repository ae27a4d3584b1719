/**
 * The pages' entry: mounts the console into `#root`. The stylesheet is imported here so the
 * build emits it as a file (the CSP allows no inline style element).
 *
 * @packageDocumentation
 */

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element to mount the console into");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
