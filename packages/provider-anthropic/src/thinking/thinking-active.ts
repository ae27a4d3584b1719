// The rule lives in the catalog, below every layer that reads it (renderers, thinkers, this client).
export { MIN_THINKING_BUDGET, thinkingActive, thinkingBudget } from "@nucleo/catalog";
