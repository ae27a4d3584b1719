import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const FOLDER = "docs/decisions";
const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/;
const DATE_LINE = /^Date: \d{4}-\d{2}-\d{2}$/m;
const STATUS_LINE = /^Status: (?:Accepted|Superseded by \[?\d{4})/m;

/**
 * What is wrong with the decision records under `root`: a record without its `Date:` or
 * `Status:` line under the title, two records sharing a number, or a record that
 * `docs/decisions/README.md` does not list. Each message names the file.
 */
export function findDecisionRecordProblems(root: string): string[] {
  const folder = join(root, FOLDER);
  if (!existsSync(folder)) return [`${FOLDER} does not exist`];
  const records = readdirSync(folder)
    .filter((name) => RECORD.test(name))
    .sort();
  const indexPath = join(folder, "README.md");
  const index = existsSync(indexPath) ? readFileSync(indexPath, "utf8") : "";
  const problems: string[] = [];
  if (index === "") problems.push(`${FOLDER}/README.md, the index of the records, does not exist`);
  const byNumber = new Map<string, string>();
  for (const name of records) {
    const head = readFileSync(join(folder, name), "utf8").split("\n").slice(0, 8).join("\n");
    const number = (RECORD.exec(name) as RegExpExecArray)[1] as string;
    const twin = byNumber.get(number);
    if (twin)
      problems.push(`${FOLDER}/${name} shares its number with ${twin}: take the next free number`);
    byNumber.set(number, name);
    if (!DATE_LINE.test(head))
      problems.push(`${FOLDER}/${name} has no "Date: YYYY-MM-DD" line under its title`);
    if (!STATUS_LINE.test(head))
      problems.push(
        `${FOLDER}/${name} has no "Status: Accepted" or "Status: Superseded by NNNN" line under its title`,
      );
    if (index !== "" && !index.includes(`(${name})`))
      problems.push(`${FOLDER}/README.md does not list ${name}`);
  }
  return problems;
}
