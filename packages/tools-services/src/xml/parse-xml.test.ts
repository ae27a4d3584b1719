import { describe, expect, it } from "vitest";
import { parseXml } from "./parse-xml.js";
import { XmlQuery } from "./xml-query.js";
import { XmlSyntaxError } from "./xml-syntax-error.js";

describe("parseXml", () => {
  it("reads elements, prefixed names, attributes, entities, CDATA and skips prolog, DOCTYPE and comments", () => {
    const root = parseXml(
      `\uFEFF<?xml version="1.0"?>\n<!DOCTYPE set PUBLIC "-//X//EN" "https://example.invalid/x.dtd">\n` +
        `<!-- a comment --><ops:set xmlns:ops="urn:x"><item id='1' lang="EN">A &amp; B &#x3B1;&#946; <i>in</i> <![CDATA[<raw>]]></item><empty/></ops:set>`,
    );
    expect(root.name).toBe("ops:set");
    expect(root.localName).toBe("set");
    const item = XmlQuery.child(root, "item")!;
    expect(item.attributes).toEqual({ id: "1", lang: "EN" });
    expect(XmlQuery.text(item)).toBe("A & B αβ in <raw>");
    expect(XmlQuery.children(root).map((child) => child.localName)).toEqual(["item", "empty"]);
  });

  it("skips a DOCTYPE with an internal subset that contains '>'", () => {
    expect(parseXml(`<!DOCTYPE a [ <!ENTITY x "y"> ]><a>&x;</a>`).children).toEqual(["&x;"]);
  });

  it("finds descendants in document order", () => {
    const root = parseXml("<a><b n='1'><b n='2'/></b><c><b n='3'/></c></a>");
    expect(XmlQuery.descendants(root, "b").map((element) => element.attributes.n)).toEqual([
      "1",
      "2",
      "3",
    ]);
  });

  it.each([
    ["an unclosed element (a truncated answer)", "<a><b>text</b>"],
    ["a mismatched closing tag", "<a><b></a></b>"],
    ["text outside the root", "<a/>garbage"],
    ["text outside the root behind a trailing comment", "<a/>junk<!-- c -->"],
    ["text outside the root before a trailing CDATA section", "<a/>junk<![CDATA[x]]>"],
    ["text outside a root that has content", "<a>x</a>junk"],
    ["a second root", "<a/><b/>"],
    ["no element at all", "not xml at all"],
    ["an HTML error page", "<html><body><p>Bad gateway<br></body></html>"],
    ["JSON", '{"error":"x"}'],
    ["an unterminated comment", "<a><!-- x</a>"],
  ])("refuses %s with an XmlSyntaxError", (_case, text) => {
    expect(() => parseXml(text)).toThrow(XmlSyntaxError);
  });

  it("bounds nesting depth so a hostile answer cannot make it hold an unbounded stack", () => {
    expect(() => parseXml("<a>".repeat(20) + "</a>".repeat(20), 10)).toThrow(
      /nesting deeper than 10/,
    );
    expect(() => parseXml("<a>".repeat(11) + "</a>".repeat(11), 10)).toThrow(
      /nesting deeper than 10/,
    );
    expect(
      XmlQuery.descendants(parseXml("<a>".repeat(10) + "</a>".repeat(10), 10), "a"),
    ).toHaveLength(9);
  });
});
