import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";

/** An exact registry version, as a lockfile records it: `1.2.3`, `2.0.0-beta.2`. */
const exactVersion = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const dependencyGroups = new Set(["dependencies", "devDependencies", "optionalDependencies"]);

/**
 * The versions the workspace's `pnpm-lock.yaml` (format 9) resolved, so that projects installed
 * outside the workspace get the same third-party packages instead of whatever the registry
 * offers newest that day. Read with the `yaml` library (the catalog's own), for lockfile
 * format 9.
 */
export class WorkspaceLockfile {
  /** importer path (`.`, `packages/core`) → name → version, registry packages only. */
  private readonly importers: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** name → every version the `packages` section holds. */
  private readonly versions: ReadonlyMap<string, ReadonlySet<string>>;
  /** `name@version` of each snapshot → name → version of each dependency it resolved. */
  private readonly snapshots: ReadonlyMap<string, ReadonlyMap<string, string>>;

  private constructor(
    importers: ReadonlyMap<string, ReadonlyMap<string, string>>,
    versions: ReadonlyMap<string, ReadonlySet<string>>,
    snapshots: ReadonlyMap<string, ReadonlyMap<string, string>>,
  ) {
    this.importers = importers;
    this.versions = versions;
    this.snapshots = snapshots;
  }

  /** Reads `pnpm-lock.yaml` at the root of the workspace. */
  static async read(repoRoot: string): Promise<WorkspaceLockfile> {
    return WorkspaceLockfile.parse(
      await readFile(join(repoRoot, "pnpm-lock.yaml"), "utf8"),
      "pnpm-lock.yaml",
    );
  }

  /**
   * Parses a lockfile's text; `source` names it in errors.
   *
   * @example
   * WorkspaceLockfile.parse("lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      zod:\n        specifier: ^4\n        version: 4.6.7\n", "x").versionOf("zod"); // "4.6.7"
   */
  static parse(text: string, source: string): WorkspaceLockfile {
    let document: unknown;
    try {
      document = parseYaml(text);
    } catch (error) {
      throw new Error(`${source}: not readable YAML (${(error as Error).message})`);
    }
    const root = record(document);
    const format = String(root.lockfileVersion ?? "(none)");
    if (!format.startsWith("9."))
      throw new Error(
        `${source}: lockfileVersion ${format} is not 9.x, the format this reader knows`,
      );
    const importers = new Map<string, Map<string, string>>();
    for (const [importer, groups] of Object.entries(record(root.importers))) {
      for (const [group, dependencies] of Object.entries(record(groups))) {
        if (!dependencyGroups.has(group)) continue;
        for (const [name, resolved] of Object.entries(record(dependencies))) {
          const version = withoutPeers(String(record(resolved).version ?? ""));
          if (exactVersion.test(version)) mapOf(importers, importer).set(name, version);
        }
      }
    }
    const versions = new Map<string, Set<string>>();
    for (const key of Object.keys(record(root.packages))) {
      const { name, version } = splitNameVersion(key);
      if (exactVersion.test(version)) setOf(versions, name).add(version);
    }
    const snapshots = new Map<string, Map<string, string>>();
    for (const [snapshot, groups] of Object.entries(record(root.snapshots))) {
      for (const [group, dependencies] of Object.entries(record(groups))) {
        if (!dependencyGroups.has(group)) continue;
        for (const [name, resolved] of Object.entries(record(dependencies))) {
          const version = withoutPeers(String(resolved));
          if (exactVersion.test(version))
            mapOf(snapshots, withoutPeers(snapshot)).set(name, version);
        }
      }
    }
    return new WorkspaceLockfile(importers, versions, snapshots);
  }

  /**
   * The exact version the workspace resolved for a third-party package: the one the importer
   * `preferredImporter` (a package's folder, `packages/core`) lists, else the one another
   * importer lists, else the only one the lockfile holds; `undefined` when it holds none or
   * several with no importer to choose.
   */
  versionOf(name: string, preferredImporter?: string): string | undefined {
    const preferred =
      preferredImporter === undefined
        ? undefined
        : this.importers.get(preferredImporter)?.get(name);
    if (preferred !== undefined) return preferred;
    for (const listed of this.importers.values()) {
      const version = listed.get(name);
      if (version !== undefined) return version;
    }
    const held = this.versions.get(name);
    return held?.size === 1 ? [...held][0] : undefined;
  }

  /**
   * pnpm `overrides` that give a project outside the workspace the workspace's resolution of
   * every third-party package, transitive ones too: `name → version` for a name the lockfile
   * holds in one version, and `parent@version>name → version` for each edge to a name it holds
   * in several — from a workspace package too, as `parent>name`, where `importerNames` names
   * the package at that importer (`packages/core` → `@nucleo/core`). `@nucleo` packages are
   * left out as dependencies: they come from tarballs.
   */
  overrides(importerNames: ReadonlyMap<string, string> = new Map()): Record<string, string> {
    const overrides: Record<string, string> = {};
    for (const [name, held] of [...this.versions].sort(([a], [b]) => a.localeCompare(b))) {
      if (name.startsWith("@nucleo/")) continue;
      if (held.size === 1) overrides[name] = [...held][0]!;
    }
    const parents = [
      ...[...this.importers].flatMap(([importer, dependencies]) => {
        const name = importerNames.get(importer);
        return name === undefined ? [] : [[name, dependencies] as const];
      }),
      ...this.snapshots,
    ];
    for (const [parent, dependencies] of parents) {
      for (const [name, version] of dependencies) {
        if (!name.startsWith("@nucleo/") && (this.versions.get(name)?.size ?? 0) > 1)
          overrides[`${parent}>${name}`] = version;
      }
    }
    return overrides;
  }
}

/** An object's own entries, or none for anything else (a missing section, a scalar). */
function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** `9.0.0(postcss@8.5.33)(typescript@5.9.3)` → `9.0.0`: the peers pnpm resolved it with. */
function withoutPeers(text: string): string {
  const open = text.indexOf("(");
  return open === -1 ? text : text.slice(0, open);
}

/** `@scope/name@1.2.3` → `{ name: "@scope/name", version: "1.2.3" }`. */
function splitNameVersion(key: string): { name: string; version: string } {
  const at = key.indexOf("@", 1);
  return at === -1
    ? { name: key, version: "" }
    : { name: key.slice(0, at), version: key.slice(at + 1) };
}

function mapOf<T>(maps: Map<string, Map<string, T>>, key: string): Map<string, T> {
  const existing = maps.get(key);
  if (existing !== undefined) return existing;
  const created = new Map<string, T>();
  maps.set(key, created);
  return created;
}

function setOf(sets: Map<string, Set<string>>, key: string): Set<string> {
  const existing = sets.get(key);
  if (existing !== undefined) return existing;
  const created = new Set<string>();
  sets.set(key, created);
  return created;
}
