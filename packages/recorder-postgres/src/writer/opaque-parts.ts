/**
 * A job's input or output with every conversation part in it kept as the messages table keeps
 * parts: a thinking block without its signature or redacted data (`redacted: true` instead), an
 * image or file without its base64 bytes (`omittedChars` instead). An `LLMCall`'s output holds
 * its answer's thinking blocks, and a job may take or return attachments: neither the provider's
 * opaque tokens nor media bytes belong in the recorder. Copy on write: a value with no such part
 * is returned as it is, and only the objects on the way to one are copied.
 *
 * @internal
 */
export function withoutOpaqueParts(value: unknown): unknown {
  return strip(value, new Set());
}

function strip(value: unknown, path: Set<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  // A cycle is left as it is; `keptJson` writes it as "[circular]".
  if (path.has(value)) return value;
  const record = value as Record<string, unknown>;
  if (!Array.isArray(value)) {
    const part = opaquePart(record);
    if (part !== undefined) return part;
  }
  path.add(value);
  try {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let index = 0; index < value.length; index++) {
        const inner = strip(value[index], path);
        if (inner !== value[index]) (copy ??= value.slice())[index] = inner;
      }
      return copy ?? value;
    }
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const inner = strip(record[key], path);
      if (inner !== record[key]) (copy ??= { ...record })[key] = inner;
    }
    return copy ?? value;
  } finally {
    path.delete(value);
  }
}

/** The part kept without what must not be stored, or `undefined` when `record` needs no change. */
function opaquePart(record: Record<string, unknown>): Record<string, unknown> | undefined {
  const type = record.type;
  if (type === "thinking") {
    if (record.signature === undefined && record.redacted === undefined) return undefined;
    const { signature: _signature, redacted, ...rest } = record;
    return redacted === undefined ? rest : { ...rest, redacted: true };
  }
  if (type === "image" || type === "file") {
    const source = record.source as { kind?: unknown; data?: unknown } | undefined;
    const data =
      typeof record.data === "string"
        ? record.data
        : source?.kind === "base64" && typeof source.data === "string"
          ? source.data
          : undefined;
    if (data === undefined) return undefined;
    const { data: _data, source: _source, ...rest } = record;
    return { ...rest, omittedChars: data.length };
  }
  return undefined;
}
