// One sanitiser for recorded text, shared with the benchmark's report (core).
export { printableText as cellText } from "@nucleo/core";
