import { ObjectId } from "mongodb";

/**
 * The ObjectId a URL or form names, or null when it is not one. Only 24 hex characters count:
 * `ObjectId.isValid` also accepts any 12-character string, which would turn "hello-world!"
 * into an id.
 */
export function parseObjectId(value: unknown): ObjectId | null {
  if (typeof value !== "string" || !/^[0-9a-f]{24}$/i.test(value)) return null;
  return new ObjectId(value);
}
