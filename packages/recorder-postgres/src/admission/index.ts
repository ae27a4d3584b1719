export { PostgresBudgetStore, type PostgresBudgetStoreOptions } from "./postgres-budget-store.js";
