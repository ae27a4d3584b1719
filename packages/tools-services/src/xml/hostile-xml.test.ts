// What a hostile answer can do to the parser: each test pins one piece of parseXml's configuration.
import { describe, expect, it } from "vitest";
import { parseXml } from "./parse-xml.js";
import { XmlQuery } from "./xml-query.js";
import { XmlSyntaxError } from "./xml-syntax-error.js";

const laughs = (levels: number): string => {
  const declarations = [`<!ENTITY lol0 "lol">`];
  for (let level = 1; level <= levels; level++)
    declarations.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  return `<!DOCTYPE lolz [${declarations.join("")}]><lolz>&lol${levels};</lolz>`;
};

describe("parseXml against hostile answers", () => {
  it("never expands an entity a DOCTYPE declares: a billion laughs stays as written", () => {
    const root = parseXml(laughs(9));
    expect(XmlQuery.text(root)).toBe("&lol9;");
  });

  it("never expands a large internal entity referenced many times (quadratic blow-up)", () => {
    const text = `<!DOCTYPE a [<!ENTITY big "${"x".repeat(5_000)}">]><a>${"&big;".repeat(1_000)}</a>`;
    expect(XmlQuery.text(parseXml(text))).toHaveLength("&big;".length * 1_000);
  });

  it.each([
    [
      "a SYSTEM entity (XXE)",
      `<!DOCTYPE a [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><a>&xxe;</a>`,
    ],
    [
      "a PUBLIC entity",
      `<!DOCTYPE a [<!ENTITY xxe PUBLIC "-//X//EN" "https://example.invalid/x">]><a>&xxe;</a>`,
    ],
  ])("refuses a document that declares an external entity: %s", (_case, text) => {
    expect(() => parseXml(text)).toThrow(XmlSyntaxError);
  });

  it("decodes XML's own entities only: an HTML entity and an out-of-range reference stay as written", () => {
    expect(parseXml("<a>&nbsp;&copy;&#0;&#x110000;&lt;&#65;</a>").children).toEqual([
      "&nbsp;&copy;&#0;&#x110000;<A",
    ]);
  });

  it("reads CDATA as written, entities included", () => {
    expect(parseXml("<a><![CDATA[&amp; <b>]]></a>").children).toEqual(["&amp; <b>"]);
  });

  it("decodes entities in attribute values", () => {
    expect(parseXml(`<a title="x &amp; &#x3B1; &quot;y&quot;"/>`).attributes).toEqual({
      title: 'x & α "y"',
    });
  });

  it.each([
    ["a __proto__ element", "<__proto__><polluted>yes</polluted></__proto__>"],
    ["a nested __proto__ element", "<a><__proto__><polluted>yes</polluted></__proto__></a>"],
    ["a __proto__ attribute", `<a __proto__="yes"/>`],
    ["a constructor element", "<a><constructor><prototype>yes</prototype></constructor></a>"],
  ])("refuses %s and pollutes no prototype", (_case, text) => {
    expect(() => parseXml(text)).toThrow(XmlSyntaxError);
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).yes).toBeUndefined();
  });

  it("keeps values as the strings they were: no numbers guessed, no whitespace trimmed", () => {
    const root = parseXml(`<a n="007"><b>0x1F</b><c> 1e3 </c></a>`);
    expect(root.attributes).toEqual({ n: "007" });
    expect(XmlQuery.child(root, "b")?.children).toEqual(["0x1F"]);
    expect(XmlQuery.child(root, "c")?.children).toEqual([" 1e3 "]);
  });

  it("refuses a repeated attribute and an attribute without a value", () => {
    expect(() => parseXml(`<a x="1" x="2"/>`)).toThrow(XmlSyntaxError);
    expect(() => parseXml(`<a checked/>`)).toThrow(XmlSyntaxError);
  });

  it("never quotes the document, whichever pass refuses it", () => {
    for (const text of [
      "<secret-tag>x</other-tag>",
      "<a><__proto__/></a>",
      `<!DOCTYPE a [<!ENTITY secret SYSTEM "file:///secret">]><a/>`,
    ]) {
      const message = (() => {
        try {
          parseXml(text);
        } catch (caught) {
          return (caught as Error).message;
        }
        return "";
      })();
      expect(message).not.toMatch(/secret|other-tag|__proto__/);
      expect(message).not.toBe("");
    }
  });
});
