/**
 * The anchors a Markdown file offers, as GitHub makes them: each heading's text, lower-cased,
 * stripped of punctuation, spaces turned into hyphens, and `-1`, `-2` … appended to repeats;
 * plus explicit `<a id="…">` / `<a name="…">` targets. Headings inside fenced code are not
 * headings. Citations such as `docs/architecture.md#glossary` are checked against this set.
 *
 * @example
 * markdownAnchors("# Rule index\n## `web_fetch` pins") // Set { "rule-index", "web_fetch-pins" }
 */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of outsideFences(markdown)) {
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g))
      anchors.add(match[1] as string);
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingSlug(heading[1] as string);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** GitHub's slug of one heading's text: markup dropped, then github-slugger's rule. */
export function headingSlug(text: string): string {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images keep their text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/[`*]/g, ""); // code spans and emphasis
  return plain
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The lines of a Markdown text that are not inside a fenced code block, each with its 1-based number. */
export function outsideFences(markdown: string): { text: string; line: number }[] {
  const kept: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, index) => {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    const mark = opener ? (opener[1] as string)[0] : undefined;
    if (fence === undefined && mark !== undefined) fence = mark;
    else if (fence !== undefined) {
      if (mark === fence) fence = undefined;
    } else kept.push({ text, line: index + 1 });
  });
  return kept;
}
