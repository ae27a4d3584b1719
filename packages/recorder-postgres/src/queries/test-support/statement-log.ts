import {
  PostgresQueryCompiler,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/**
 * The same database, with every statement sent through it written down as SQL text (raw
 * `sql` templates included), so a test can count statements or check which tables they name.
 */
export function loggingStatements(db: Kysely<RecorderDatabase>): {
  readonly db: Kysely<RecorderDatabase>;
  readonly statements: string[];
} {
  const statements: string[] = [];
  const compiler = new PostgresQueryCompiler();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      statements.push(compiler.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  };
  return { db: db.withPlugin(plugin), statements };
}
