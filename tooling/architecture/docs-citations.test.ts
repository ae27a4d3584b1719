import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { findDecisionRecordProblems } from "./decision-records.js";
import { findCitationProblems } from "./docs-citations.js";
import { headingSlug, markdownAnchors } from "./markdown-anchors.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const CHECKER_FILES = [
  "tooling/architecture/docs-citations.ts",
  "tooling/architecture/docs-citations.test.ts",
];

describe("the repo holds every document its files cite", () => {
  it("every docs path, docs anchor, Markdown link and rule-index row points at something that exists, and no file cites a document the repo lacks", () => {
    const problems = findCitationProblems(repoRoot, { skip: CHECKER_FILES, minRuleRows: 40 });
    const report = problems
      .map((problem) => `  ${problem.file}:${problem.line}: ${problem.message}`)
      .join("\n");
    expect(problems, `${problems.length} broken citation(s):\n${report}\n`).toEqual([]);
  });
});

describe("the decision records", () => {
  it("each has a date and a status under its title, a number of its own, and a line in docs/decisions/README.md", () => {
    const problems = findDecisionRecordProblems(repoRoot);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("a record without a status, one sharing a number, or one the index lacks is named", () => {
    const root = mkdtempSync(join(tmpdir(), "nucleo-decisions-"));
    try {
      mkdirSync(join(root, "docs/decisions"), { recursive: true });
      const record = (name: string, head: string) =>
        writeFileSync(join(root, "docs/decisions", name), `# ${name}\n\n${head}\n`);
      record("0001-first.md", "Date: 2026-11-29\nStatus: Accepted");
      record("0002-second.md", "Date: 2026-11-29");
      record("0002-twin.md", "Date: 2026-11-30\nStatus: Superseded by [0003](0003-x.md)");
      writeFileSync(
        join(root, "docs/decisions/README.md"),
        "[0001](0001-first.md) [0002](0002-second.md)\n",
      );
      expect(findDecisionRecordProblems(root)).toEqual([
        'docs/decisions/0002-second.md has no "Status: Accepted" or "Status: Superseded by NNNN" line under its title',
        "docs/decisions/0002-twin.md shares its number with 0002-second.md: take the next free number",
        "docs/decisions/README.md does not list 0002-twin.md",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("findCitationProblems", () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const messages = () =>
    findCitationProblems(root).map(
      (problem) => `${problem.file}:${problem.line} ${problem.message}`,
    );
  const architecture = [
    "# Architecture",
    "## Glossary",
    "## Rule index",
    "| rule | source | test |",
    "|---|---|---|",
    '| a rule | `src/rule.ts` | `src/rule.test.ts`: "pins the rule" |',
    "",
  ].join("\n");

  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const fresh = () => {
    root = mkdtempSync(join(tmpdir(), "nucleo-citations-"));
    write("docs/architecture.md", architecture);
    write("docs/decisions/0001-first.md", "# 0001 — First\n");
    write("src/rule.ts", "// see docs/architecture.md#glossary and docs/decisions/0001\n");
    write("src/rule.test.ts", 'it("pins the rule", () => {});\n');
  };

  it("finds nothing wrong in a tree whose citations all resolve", () => {
    fresh();
    expect(messages()).toEqual([]);
  });

  it("a citation of an anchor the document has no heading for fails, naming the file and line", () => {
    fresh();
    write("src/other.ts", "const a = 1;\n// docs/architecture.md#no-such-section\n");
    expect(messages()).toEqual([
      "src/other.ts:2 cites docs/architecture.md#no-such-section, but docs/architecture.md has no heading with the anchor #no-such-section",
    ]);
  });

  it("a citation of a docs file or a decision number that does not exist fails", () => {
    fresh();
    write(
      "README.md",
      "See docs/decisions/0002 and docs/missing.md; docs/decisions/NNNN-title.md is the pattern.\n",
    );
    expect(messages()).toEqual([
      "README.md:1 cites decision 0002, but docs/decisions has no 0002-*.md",
      "README.md:1 cites docs/missing.md, but docs/missing.md does not exist (moved? point the citation at its new place)",
    ]);
  });

  it("a URL that merely contains docs/ is not a citation", () => {
    fresh();
    write("src/prices.ts", '// "https://example.test/api/docs/pricing"\n');
    expect(messages()).toEqual([]);
  });

  it("a relative Markdown link to a missing file or heading fails; links in fenced code are not links", () => {
    fresh();
    write(
      "docs/decisions/README.md",
      "[first](0001-first.md) [gone](0099-gone.md) [map](../architecture.md#nowhere)\n```\n[x](nope.md)\n```\n",
    );
    expect(messages()).toEqual([
      "docs/decisions/README.md:1 links to 0099-gone.md, but docs/decisions/0099-gone.md does not exist (moved? point the citation at its new place)",
      "docs/decisions/README.md:1 links to ../architecture.md#nowhere, but docs/architecture.md has no heading with the anchor #nowhere",
    ]);
  });

  it("any mention of a design document, a conventions file or an outside specification fails", () => {
    fresh();
    const design = ["DESIGN", "md"].join(".");
    const conventions = ["CONVENTIONS", "md"].join(".");
    write("src/a.ts", `// ${design} §1\n// ${conventions}\n// as ${"the"} spec says\n`);
    expect(messages()).toEqual([
      `src/a.ts:1 "${design}" names a design document the repo does not contain`,
      `src/a.ts:2 "${conventions}" names a conventions file the repo does not contain`,
      `src/a.ts:3 "${"the"} spec" cites a specification the repo does not contain`,
    ]);
  });

  it("a rule-index row naming a file that moved, or a test its file no longer holds, fails", () => {
    fresh();
    rmSync(join(root, "src/rule.ts"));
    write("src/rule.test.ts", 'it("holds the rule now", () => {});\n');
    expect(messages()).toEqual([
      "docs/architecture.md:6 names src/rule.ts, which does not exist (moved? fix the path)",
      'docs/architecture.md:6 the rule index names the test "pins the rule", which src/rule.test.ts does not hold',
    ]);
  });

  it("an empty or missing rule index fails rather than passing for want of rows", () => {
    fresh();
    write("docs/architecture.md", "# Architecture\n## Glossary\n");
    expect(
      findCitationProblems(root, { minRuleRows: 1 }).map((problem) => problem.message),
    ).toEqual(["the #rule-index table has 0 rows, fewer than 1"]);
  });
});

describe("markdownAnchors", () => {
  it("makes GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    const anchors = markdownAnchors(
      "# Rule index\n## `web_fetch` pins: addresses!\n## Seat\n## Seat\n```\n# not a heading\n```\n",
    );
    expect([...anchors]).toEqual(["rule-index", "web_fetch-pins-addresses", "seat", "seat-1"]);
  });

  it("keeps a link's text and drops its target", () => {
    expect(headingSlug("The [answer](x.md) is a boundary")).toBe("the-answer-is-a-boundary");
  });
});
