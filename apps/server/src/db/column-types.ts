import type { ColumnType } from 'kysely';

/** Column types the table declarations share. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** JSON documents are written as JSON text and read back parsed. */
export type Json<T> = ColumnType<T, string, string>;

/** A `date` column: read as a Date (midnight), written as a Date or an ISO day. */
export type DateColumn = ColumnType<Date, Date | string, Date | string>;

/** A `numeric` column: read as its decimal text (never through a float). */
export type NumericColumn = ColumnType<string, string | bigint | number, string | bigint | number>;
