// One sanitiser for model- and error-written text, shared with the recorder's command (core).
export { printableText as plainText, firstPrintableLine as firstLine } from "@nucleo/core";
