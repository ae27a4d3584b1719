import { readXmlRoot } from "../xml/read-xml-root.js";
import type { XmlElement } from "../xml/xml-element.js";
import { XmlQuery } from "../xml/xml-query.js";
import type { PubMedArticle } from "./pubmed-article.js";

/**
 * Reads an efetch answer (`db=pubmed&rettype=abstract&retmode=xml`, a `PubmedArticleSet`) into
 * articles: journal articles (`PubmedArticle`) and book chapters (`PubmedBookArticle`).
 * `undefined` when the answer is not a readable `PubmedArticleSet` (garbage, a truncated
 * document, an HTML error page, an `eFetchResult` error).
 *
 * The PMID is the record's own (`MedlineCitation/PMID`), never one of the PMIDs that
 * comments, corrections and references also carry.
 *
 * @internal
 */
export function parsePubMedArticles(xml: string): PubMedArticle[] | undefined {
  const root = readXmlRoot(xml, "PubmedArticleSet");
  if (root === undefined) return undefined;
  const articles: PubMedArticle[] = [];
  for (const record of XmlQuery.children(root)) {
    const article =
      record.localName === "PubmedArticle"
        ? journalArticle(record)
        : record.localName === "PubmedBookArticle"
          ? bookArticle(record)
          : undefined;
    if (article !== undefined) articles.push(article);
  }
  return articles;
}

function journalArticle(record: XmlElement): PubMedArticle | undefined {
  const citation = XmlQuery.child(record, "MedlineCitation");
  const pmid = XmlQuery.text(XmlQuery.path(citation, "PMID"));
  if (pmid === "") return undefined;
  const article = XmlQuery.path(citation, "Article");
  const journal = XmlQuery.text(XmlQuery.path(article, "Journal", "Title"));
  const year = yearOf(XmlQuery.path(article, "Journal", "JournalIssue", "PubDate"));
  return withOptional(
    {
      pmid,
      title: XmlQuery.text(XmlQuery.path(article, "ArticleTitle")),
      abstract: abstractOf(XmlQuery.path(article, "Abstract")),
    },
    journal,
    year,
  );
}

function bookArticle(record: XmlElement): PubMedArticle | undefined {
  const document = XmlQuery.child(record, "BookDocument");
  const pmid = XmlQuery.text(XmlQuery.path(document, "PMID"));
  if (pmid === "") return undefined;
  const bookTitle = XmlQuery.text(XmlQuery.path(document, "Book", "BookTitle"));
  const title = XmlQuery.text(XmlQuery.path(document, "ArticleTitle")) || bookTitle;
  const year = yearOf(XmlQuery.path(document, "Book", "PubDate"));
  return withOptional(
    { pmid, title, abstract: abstractOf(XmlQuery.path(document, "Abstract")) },
    bookTitle,
    year,
  );
}

/** Structured abstracts keep their section labels: "BACKGROUND: ...", one section per paragraph. */
function abstractOf(abstract: XmlElement | undefined): string {
  if (abstract === undefined) return "";
  return XmlQuery.children(abstract, "AbstractText")
    .map((section) => {
      const text = XmlQuery.text(section);
      const label = section.attributes.Label;
      return label === undefined || label === "" ? text : `${label}: ${text}`;
    })
    .filter((section) => section !== "")
    .join("\n\n");
}

/** `<Year>2023</Year>`, or the first year of a `<MedlineDate>2023 Jan-Feb</MedlineDate>`. */
function yearOf(pubDate: XmlElement | undefined): number | undefined {
  const text =
    XmlQuery.text(XmlQuery.path(pubDate, "Year")) ||
    XmlQuery.text(XmlQuery.path(pubDate, "MedlineDate"));
  const match = /\b(\d{4})\b/.exec(text);
  return match === null ? undefined : Number(match[1]);
}

function withOptional(
  base: Pick<PubMedArticle, "pmid" | "title" | "abstract">,
  journal: string,
  year: number | undefined,
): PubMedArticle {
  return {
    ...base,
    ...(journal === "" ? {} : { journal }),
    ...(year === undefined ? {} : { year }),
  };
}
