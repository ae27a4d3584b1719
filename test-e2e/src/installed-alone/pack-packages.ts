import { access, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisedFiles, type PublishedPackage } from "./published-packages.js";
import { runCommand } from "./run-command.js";

/**
 * Packs each package with `pnpm pack` (which writes the versions of `workspace:*` siblings into
 * the packed manifest, as publishing does) into `destination`, and returns name → tarball path.
 * A package whose built files are missing is refused by name: turbo builds them before this
 * check (test-e2e lists them all), `pnpm turbo run build` by hand.
 */
export async function packPackages(
  packages: readonly PublishedPackage[],
  destination: string,
  pnpm: string,
): Promise<Map<string, string>> {
  await mkdir(destination, { recursive: true });
  const packed = await Promise.all(
    packages.map(async (pkg) => {
      for (const file of promisedFiles(pkg.manifest)) {
        await access(join(pkg.dir, file)).catch(() => {
          throw new Error(
            `${pkg.name} is not built: ${file} (named by its package.json) is missing. turbo builds what test-e2e lists in its devDependencies first; by hand: pnpm turbo run build --filter=${pkg.name}`,
          );
        });
      }
      const result = await runCommand(pnpm, ["pack", "--pack-destination", destination], {
        cwd: pkg.dir,
        timeoutMs: 120_000,
      });
      if (result.code !== 0)
        throw new Error(
          `pnpm pack failed in ${pkg.dir} (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
        );
      const tarball = join(
        destination,
        `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.manifest.version}.tgz`,
      );
      await access(tarball).catch(() => {
        throw new Error(`pnpm pack in ${pkg.dir} did not write ${tarball}:\n${result.stdout}`);
      });
      return [pkg.name, tarball] as const;
    }),
  );
  return new Map(packed);
}
