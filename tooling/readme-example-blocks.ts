/** A README code block pinned to a file of the package's `examples/` folder. */
export interface ReadmeExampleBlock {
  /** The path the block names on its first line, `examples/<name>.ts`. */
  readonly file: string;
  /** The block's text, its first line included, as the file must hold it. */
  readonly code: string;
}

/**
 * The ```ts blocks of a README that open with `// examples/<name>.ts`, in the README's order.
 * Other code blocks are prose for readers and are not pinned.
 *
 * @example
 * const [first] = readmeExampleBlocks(await readFile("README.md", "utf8"));
 */
export function readmeExampleBlocks(readme: string): ReadmeExampleBlock[] {
  return [...readme.matchAll(/```ts\n(\/\/ (examples\/[\w-]+\.ts)\n[\s\S]*?)```/g)].map(
    (match) => ({ file: match[2]!, code: match[1]! }),
  );
}

/**
 * What an example says it prints: the comment after each `console.log(...); // ` call, one per
 * call, in the file's order. The call may span lines (the formatter breaks long ones); its
 * comment follows the closing `);`.
 *
 * @example
 * statedOutput('console.log(1 + 1); // 2\n'); // ["2"]
 */
export function statedOutput(code: string): string[] {
  // A call on a line that is not a comment, lazily up to the first `); // ` that no other
  // `console.log(` comes before.
  const call = /^(?:(?!\/\/).)*?console\.log\((?:(?!console\.log\()[\s\S])*?\); \/\/ (.+)$/gm;
  return [...code.matchAll(call)].map((match) => match[1]!);
}

/**
 * The stated lines that no printed `console.log` call matches. Whitespace is ignored on both
 * sides, because the runtime's object formatting breaks long values over lines where a
 * comment keeps them on one.
 *
 * @example
 * unprintedOutput(["{ words: 3 }"], ["{ words: 3 }"]); // []
 */
export function unprintedOutput(stated: readonly string[], printed: readonly string[]): string[] {
  const squash = (text: string): string => text.replace(/\s+/g, "");
  const calls = new Set(printed.map(squash));
  return stated.filter((line) => !calls.has(squash(line)));
}
