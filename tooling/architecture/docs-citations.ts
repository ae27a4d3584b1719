import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import { markdownAnchors, outsideFences } from "./markdown-anchors.js";

/** One broken citation: the file (relative to the root, `/`-separated), its line, and what is wrong. */
export interface CitationProblem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** Options of {@link findCitationProblems}. */
export interface CitationCheckOptions {
  /** Files (relative, `/`-separated) to leave out, such as the checker's own sources. */
  readonly skip?: readonly string[];
  /** The fewest rows the rule index must have, so it cannot pass by being empty. */
  readonly minRuleRows?: number;
}

/** The map every citation points into; its rule index is checked row by row. */
export const ARCHITECTURE_DOC = "docs/architecture.md";
/** The anchor of the rule index section in {@link ARCHITECTURE_DOC}. */
export const RULE_INDEX_ANCHOR = "rule-index";

// Words that name documents a clone does not hold. Spelled in pieces so this file does not cite them.
const ABSENT_DOCUMENTS: readonly [RegExp, string][] = [
  [
    new RegExp(["DESIGN", "md"].join("\\."), "g"),
    "names a design document the repo does not contain",
  ],
  [
    new RegExp(["CONVENTIONS", "md"].join("\\."), "g"),
    "names a conventions file the repo does not contain",
  ],
  [new RegExp(`\\bthe ${"spec"}\\b`, "gi"), "cites a specification the repo does not contain"],
  [
    new RegExp(`${"spec"} \u00a7`, "gi"),
    "cites a section of a specification the repo does not contain",
  ],
];
const SKIPPED_DIRECTORIES = new Set([
  "node_modules",
  "dist",
  ".git",
  ".turbo",
  "coverage",
  ".nucleo",
]);
const SKIPPED_FILES = new Set(["pnpm-lock.yaml", "vitest-report.json"]);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|ya?ml|json|sh|sql)$/;
// A repo-relative docs path, not part of a URL or a longer path (`…/api/docs/pricing` is not one).
const DOCS_PATH = /(?<![\w./@-])docs\/[\w./-]*[\w-](?:#[\w-]+)?/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/**
 * Every citation under `root` that points at nothing: a `docs/…` path or `docs/…md#anchor`
 * that does not exist, a relative Markdown link to a missing file or heading, a mention of a
 * document the repo does not contain, and a path or test name in the rule index of
 * `docs/architecture.md` that is not there. Each problem names the file and line.
 */
export function findCitationProblems(
  root: string,
  options: CitationCheckOptions = {},
): CitationProblem[] {
  const skip = new Set(options.skip ?? []);
  const anchorsOf = anchorCache();
  const problems: CitationProblem[] = [];
  for (const file of textFiles(root)) {
    if (skip.has(file)) continue;
    const text = readFileSync(join(root, file), "utf8");
    const lines = text.split("\n");
    lines.forEach((line, index) => {
      const at = { file, line: index + 1 };
      for (const [pattern, message] of ABSENT_DOCUMENTS) {
        for (const match of line.matchAll(pattern))
          problems.push({ ...at, message: `"${match[0]}" ${message}` });
      }
      for (const match of line.matchAll(DOCS_PATH)) {
        const problem = checkDocsPath(root, match[0], anchorsOf);
        if (problem) problems.push({ ...at, message: problem });
      }
    });
    if (file.endsWith(".md")) problems.push(...checkMarkdownLinks(root, file, text, anchorsOf));
  }
  problems.push(...checkArchitectureDoc(root, options.minRuleRows ?? 1));
  return problems;
}

function checkDocsPath(root: string, cited: string, anchorsOf: AnchorCache): string | undefined {
  const [path = "", anchor] = cited.split("#");
  if (path.includes("NNNN")) return undefined; // the naming pattern itself, not a citation
  const short = /^docs\/decisions\/(\d{4})$/.exec(path);
  if (short) {
    const folder = join(root, "docs/decisions");
    const found =
      existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(`${short[1]}-`));
    return found
      ? undefined
      : `cites decision ${short[1]}, but docs/decisions has no ${short[1]}-*.md`;
  }
  return checkTarget(path, anchor, join(root, path), anchorsOf, `cites ${cited}`);
}

function checkMarkdownLinks(
  root: string,
  file: string,
  text: string,
  anchorsOf: AnchorCache,
): CitationProblem[] {
  const problems: CitationProblem[] = [];
  outsideFences(text).forEach(({ text: line, line: number }) => {
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const target = match[1] as string;
      if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith("//")) continue;
      const [path = "", anchor] = target.split("#");
      const absolute = path === "" ? join(root, file) : join(root, dirname(file), decodeURI(path));
      const shown = relative(root, absolute).split(sep).join(posix.sep);
      const problem = checkTarget(shown, anchor, absolute, anchorsOf, `links to ${target}`);
      if (problem) problems.push({ file, line: number, message: problem });
    }
  });
  return problems;
}

function checkTarget(
  shown: string,
  anchor: string | undefined,
  absolute: string,
  anchorsOf: AnchorCache,
  what: string,
): string | undefined {
  if (!existsSync(absolute))
    return `${what}, but ${shown} does not exist (moved? point the citation at its new place)`;
  if (anchor === undefined || anchor === "" || !absolute.endsWith(".md")) return undefined;
  if (anchorsOf(absolute).has(anchor)) return undefined;
  return `${what}, but ${shown} has no heading with the anchor #${anchor}`;
}

/** Every path the map names exists; the rule index has rows, and each test it names is in its file. */
function checkArchitectureDoc(root: string, minRows: number): CitationProblem[] {
  const file = ARCHITECTURE_DOC;
  const absolute = join(root, file);
  if (!existsSync(absolute)) return [{ file, line: 0, message: `${file} does not exist` }];
  const text = readFileSync(absolute, "utf8");
  const rows = ruleIndexRows(text);
  const problems: CitationProblem[] = [];
  if (rows.length < minRows) {
    problems.push({
      file,
      line: 0,
      message: `the #${RULE_INDEX_ANCHOR} table has ${rows.length} rows, fewer than ${minRows}`,
    });
  }
  for (const { text: content, line } of outsideFences(text)) {
    for (const path of backtickedPaths(content)) {
      if (!existsSync(join(root, path))) {
        problems.push({
          file,
          line,
          message: `names ${path}, which does not exist (moved? fix the path)`,
        });
      }
    }
  }
  for (const { cells, line } of rows) {
    for (const cell of cells) {
      const paths = backtickedPaths(cell);
      const testFile = paths.find((path) => /\.test\.ts$/.test(path));
      if (!testFile || !existsSync(join(root, testFile))) continue;
      const source = readFileSync(join(root, testFile), "utf8");
      for (const match of cell.matchAll(/"([^"]+)"/g)) {
        if (!source.includes(match[1] as string)) {
          problems.push({
            file,
            line,
            message: `the rule index names the test "${match[1]}", which ${testFile} does not hold`,
          });
        }
      }
    }
  }
  return problems;
}

/** Repo-relative file paths written in backticks: `packages/core/src/x.ts`. */
function backtickedPaths(text: string): string[] {
  return [...text.matchAll(/`([\w@.-]+(?:\/[\w@.-]+)+\.[a-z]+)`/g)].map(
    (match) => match[1] as string,
  );
}

/** The body rows of the table under the rule index heading, each with its cells and line. */
function ruleIndexRows(markdown: string): { cells: string[]; line: number }[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => /^#{1,6}\s+Rule index\s*$/i.test(line));
  if (start === -1) return [];
  const level = (/^#+/.exec(lines[start] as string) as RegExpExecArray)[0].length;
  const rows: { cells: string[]; line: number }[] = [];
  for (let index = start + 1; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const heading = /^(#{1,6})\s/.exec(line);
    if (heading && (heading[1] as string).length <= level) break;
    if (!line.startsWith("|") || /^\|[\s:|-]+\|\s*$/.test(line)) continue;
    const cells = line.split("|").slice(1, -1);
    if (cells.some((cell) => /^\s*(rule|behaviour)\s*$/i.test(cell))) continue; // the header row
    rows.push({ cells, line: index + 1 });
  }
  return rows;
}

type AnchorCache = (absolute: string) => Set<string>;

function anchorCache(): AnchorCache {
  const cache = new Map<string, Set<string>>();
  return (absolute) => {
    let anchors = cache.get(absolute);
    if (!anchors) {
      anchors = statSync(absolute).isFile()
        ? markdownAnchors(readFileSync(absolute, "utf8"))
        : new Set();
      cache.set(absolute, anchors);
    }
    return anchors;
  };
}

/** Every text file under `root`, relative and `/`-separated, build output and dependencies left out. */
function textFiles(root: string, folder = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) files.push(...textFiles(root, path));
    } else if (entry.isFile() && TEXT_FILE.test(entry.name) && !SKIPPED_FILES.has(entry.name)) {
      files.push(path);
    }
  }
  return files;
}
