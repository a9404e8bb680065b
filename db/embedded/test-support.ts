// Helpers shared by the embedded server's driver-level test files.

import { MongoServerError } from "mongodb";

/** The server error an operation fails with; anything else (success, a client error) fails. */
export async function rejection(promise: Promise<unknown>): Promise<MongoServerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error("expected the operation to fail");
}
