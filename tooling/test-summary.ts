// Prints one closing line for the whole suite, summed over every workspace project's vitest
// JSON report: turbo interleaves the projects' own summaries, so none of them is the total.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
}

const root = join(import.meta.dirname, "..");
const projects = [
  "tooling",
  "test-e2e",
  ...["packages", "apps"].flatMap((group) =>
    listDirectories(join(root, group)).map((name) => `${group}/${name}`),
  ),
];

let passed = 0;
let failed = 0;
let skipped = 0;
for (const project of projects) {
  const reportPath = join(root, project, "vitest-report.json");
  if (!existsSync(reportPath)) continue;
  const report = JSON.parse(readFileSync(reportPath, "utf8")) as VitestJsonReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

if (passed + failed === 0) {
  process.stderr.write("test-summary: no vitest report found; did any test run?\n");
  process.exit(1);
}
process.stdout.write(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed === 0 ? 0 : 1);

function listDirectories(path: string): string[] {
  return existsSync(path)
    ? readdirSync(path, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
}
