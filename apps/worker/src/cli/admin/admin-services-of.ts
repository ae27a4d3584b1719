import type { AdminServices } from "@nucleo/admin";
import type { Catalog } from "@nucleo/catalog";
import type { FleetClient } from "@nucleo/fleet";
import type { RecorderQueries } from "@nucleo/recorder-postgres";
import { z } from "zod";
import type { WorkflowRegistry } from "../../workflows/workflow-registry.js";

/** What the worker hands the console: its recorder, its queue, its catalog and its workflows. */
export interface AdminParts {
  readonly queries: RecorderQueries;
  readonly fleet: FleetClient;
  readonly catalog: Catalog;
  readonly registry: WorkflowRegistry;
  /** The workers share their admission through this database (a PostgreSQL server). */
  readonly sharedAdmission: boolean;
}

/**
 * The console's services from the worker's parts. Each workflow's input schema goes to the
 * submit form as JSON Schema (as the input is submitted: before defaults apply); a schema JSON
 * Schema cannot express is offered as free JSON, still checked by the registry on submit.
 */
export function adminServicesOf(parts: AdminParts): AdminServices {
  return {
    queries: parts.queries,
    fleet: parts.fleet,
    catalog: parts.catalog.entries(),
    sharedAdmission: parts.sharedAdmission,
    workflows: parts.registry.all().map((definition) => ({
      name: definition.name,
      description: definition.description,
      inputSchema: inputSchemaOf(definition.input),
      exampleInput: definition.exampleInput,
    })),
  };
}

function inputSchemaOf(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  } catch {
    return {};
  }
}
