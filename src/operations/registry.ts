import type { Operation } from './operation';

/**
 * The operation table's operations, registered by the table itself (src/operations/table.ts) for
 * the modules the operations import (the OpenAPI document, the validators' warm-up), which cannot
 * import the table without a cycle.
 *
 * Layer: operations.
 */
let registered: readonly Operation[] = [];

export function registerOperations(operations: readonly Operation[]): void {
  registered = operations;
}

/** Every operation of the table (none before the table is loaded). */
export function registeredOperations(): readonly Operation[] {
  return registered;
}
