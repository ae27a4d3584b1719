// examples/web-fetch.ts
import { InvalidInputError, JobDispatcher } from "@nucleo/core";
import { WebFetchTool } from "@nucleo/tools-services";

// A page served by a stand-in `fetch` and a resolver that calls every name public, so the
// example runs offline. A deployment passes neither: the tool resolves names itself and
// connects only to the addresses it checked.
const html = `<html><head><title>Solid electrolytes</title><script>track()</script></head>
  <body><h1>Solid electrolytes</h1><p>Sulfides conduct Li<sup>+</sup> at room temperature.</p></body></html>`;
const web = new WebFetchTool({
  lookup: async () => [{ address: "93.184.215.14" }],
  fetch: async () =>
    new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
});
const dispatcher = new JobDispatcher();

const page = await dispatcher.submit(web, { url: "https://example.org/electrolytes" });
console.log(page.title); // Solid electrolytes
// HTML read as text: headings and paragraphs kept, scripts and markup dropped.
console.log(page.text.split("\n").filter(Boolean)); // [ 'Solid electrolytes', 'Sulfides conduct Li+ at room temperature.' ]

// A private, loopback or metadata address is the model's to correct, refused before any request.
try {
  await dispatcher.submit(web, { url: "http://[::ffff:169.254.169.254]/latest/meta-data/" });
} catch (error) {
  console.log(InvalidInputError.isInstance(error) && error.parameter); // url
}
