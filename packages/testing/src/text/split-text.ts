/** Splits text into at most `pieces` non-empty parts of near-equal length, never inside a surrogate pair. */
export function splitText(text: string, pieces: number): string[] {
  const characters = Array.from(text);
  if (characters.length === 0) return [];
  const size = Math.ceil(characters.length / pieces);
  const parts: string[] = [];
  for (let start = 0; start < characters.length; start += size)
    parts.push(characters.slice(start, start + size).join(""));
  return parts;
}
