import os from "node:os";

/**
 * The machine, its load and the time, for the first line of a benchmark report, so a figure
 * read later says where and when it was taken.
 *
 * @example
 * machineLine(); // "Node v24.1.0 (V8 13.6) · linux x64 6.8.0 · AMD EPYC × 2 · 7.8 GiB · load 0.52 0.40 0.33 · 2025-06-01 10:00 UTC"
 */
export function machineLine(now: Date = new Date()): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  return (
    `Node ${process.version} (V8 ${process.versions.v8}) · ${os.platform()} ${os.arch()} ${os.release()} · ` +
    `${cpus[0]?.model.trim() ?? "unknown CPU"} × ${cpus.length} · ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB · ` +
    `load ${load} · ${now.toISOString().slice(0, 16).replace("T", " ")} UTC`
  );
}
