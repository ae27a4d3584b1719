import { describe, expect, it } from "vitest";
import { formatMcpContent } from "./format-mcp-content.js";

describe("formatMcpContent", () => {
  it("joins text parts with newlines", () => {
    expect(
      formatMcpContent({
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      }),
    ).toBe("one\ntwo");
  });

  it("summarises what a text model cannot read as bracketed notes", () => {
    const output = formatMcpContent({
      content: [
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
        {
          type: "resource",
          resource: { uri: "file:///report.pdf", blob: "JVBERi0=", mimeType: "application/pdf" },
        },
        { type: "resource_link", uri: "demo://resource/1", name: "Resource 1" },
        { type: "hologram" },
      ],
    });
    expect(output).toBe(
      "[image: image/png]\n[audio: audio/wav]\n[resource: file:///report.pdf (application/pdf)]\n[resource link: Resource 1 <demo://resource/1>]\n[hologram content]",
    );
    expect(output).not.toContain("iVBORw0KGgo=");
  });

  it("gives an embedded text resource's URI and text", () => {
    expect(
      formatMcpContent({
        content: [
          { type: "resource", resource: { uri: "demo://notes/1", text: "Remember the milk." } },
        ],
      }),
    ).toBe("[resource: demo://notes/1]\nRemember the milk.");
  });

  it("renders a result with only structured content as its JSON", () => {
    expect(formatMcpContent({ content: [], structuredContent: { temperature: 21 } })).toBe(
      '{"temperature":21}',
    );
    expect(formatMcpContent({ content: [] })).toBe("(the tool returned no content)");
  });
});
