/**
 * Copies each package's `examples/<name>.ts` into the README blocks pinned to it, so that
 * `pnpm format` (which formats the example files) leaves the READMEs equal to them word for
 * word — what `describeReadmeExamples` checks. Run from the repository's root.
 */
import { existsSync } from "node:fs";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const EXAMPLE_BLOCK = /```ts\n(\/\/ (examples\/[\w-]+\.ts)\n[\s\S]*?)```/g;

async function syncReadme(folder: string): Promise<boolean> {
  const readmePath = join(folder, "README.md");
  if (!existsSync(readmePath)) return false;
  const readme = await readFile(readmePath, "utf8");
  const files = new Map<string, string>();
  for (const match of readme.matchAll(EXAMPLE_BLOCK)) {
    const file = join(folder, match[2]!);
    if (existsSync(file)) files.set(match[2]!, await readFile(file, "utf8"));
  }
  const synced = readme.replace(EXAMPLE_BLOCK, (block, _code: string, name: string) => {
    const code = files.get(name);
    return code === undefined ? block : `\`\`\`ts\n${code}\`\`\``;
  });
  if (synced === readme) return false;
  await writeFile(readmePath, synced);
  return true;
}

const roots = ["packages", "apps"];
for (const root of roots) {
  for (const name of await readdir(root)) {
    if (await syncReadme(join(root, name))) console.log(`synced ${join(root, name, "README.md")}`);
  }
}
