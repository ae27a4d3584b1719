import { workloadWorld } from "./workload.ts";
const { run } = workloadWorld(0);
for (let i = 0; i < 3000; i++) await run();
const n = Number(process.argv[2] ?? 20000);
const start = performance.now();
for (let i = 0; i < n; i++) await run();
console.log(((performance.now() - start) * 1000 / n).toFixed(1), "µs/run");
