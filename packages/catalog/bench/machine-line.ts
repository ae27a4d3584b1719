import os from "node:os";

/** The machine, its load and the time, for the first line of a benchmark report. */
export function machineLine(): string {
  const cpus = os.cpus();
  return (
    `Node ${process.version} (V8 ${process.versions.v8}) · ${os.platform()} ${os.arch()} · ` +
    `${cpus[0]?.model.trim() ?? "unknown CPU"} × ${cpus.length} · load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} · ` +
    `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`
  );
}
