export { PostgresBudgetStore } from "./postgres-budget-store.js";
