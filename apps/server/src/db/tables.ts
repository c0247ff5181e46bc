import type { Generated } from 'kysely';

/** The SQL function files applied, by content (sql-functions.ts creates the table). */
export interface SchemaFunctionsTable {
  name: string;
  sha256: string;
  applied_at: Generated<Date>;
}

/** Tables of the database's own upkeep: declared, but not part of the global `Database`. */
export interface SchemaTables {
  schema_functions: SchemaFunctionsTable;
}
