/**
 * `<UntrustedText>`: the one way the pages show text a model, a user or a job wrote. It renders
 * React text children only (never HTML), shows control and bidirectional characters as visible
 * escapes instead of letting them act, and links http(s) URLs only.
 *
 * @packageDocumentation
 */

import { Fragment, useMemo } from "react";
import { segmentUntrustedText } from "./untrusted-segments.ts";

/** Props of {@link UntrustedText}. */
export interface UntrustedTextProps {
  /** The text as written; null and undefined show nothing. */
  readonly text: string | null | undefined;
  /** Whether http(s) URLs become links (default true). */
  readonly links?: boolean;
}

/**
 * Untrusted text, safe to show anywhere text goes.
 *
 * @example <UntrustedText text={job.error?.message} />
 */
export function UntrustedText({ text, links = true }: UntrustedTextProps) {
  const segments = useMemo(() => (text ? segmentUntrustedText(text) : []), [text]);
  return (
    <>
      {segments.map((segment, index) => {
        switch (segment.kind) {
          case "text":
            // A bare text node, not a span: long lists of rows stay light.
            // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder.
            return <Fragment key={index}>{segment.text}</Fragment>;
          case "control":
            return (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder.
                key={index}
                className="control-escape"
                data-testid="untrusted-escape"
                title="control character, shown instead of applied"
              >
                {segment.label}
              </span>
            );
          case "link":
            return links ? (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder.
                key={index}
                href={segment.href}
                title={segment.href}
                rel="noopener noreferrer nofollow"
                target="_blank"
              >
                {segment.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder.
              <Fragment key={index}>{segment.text}</Fragment>
            );
        }
        return null;
      })}
    </>
  );
}
