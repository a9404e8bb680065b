// `npm run db:seed`: reset the demo content (admins, sessions and settings are kept).
// Uses the same connection rules as the site: MONGODB_URI, else the embedded server on
// DATA_DIR, which must not be open in a running site at the same time.
import { contentChanged } from "../../app/lib/content-version.server";
import { closeDatabase, getDb } from "../client.server";
import { resetDemoContent } from "./index";

try {
  const db = await getDb();
  const counts = await resetDemoContent(db);
  // Sites running on this database (MONGODB_URI) drop their cached pages within a second.
  await contentChanged(db);
  const summary = Object.entries(counts)
    .map(([name, n]) => `${name} ${n}`)
    .join(", ");
  console.log(`Demo content restored: ${summary}`);
  await closeDatabase();
} catch (error) {
  console.error(`db:seed failed: ${error instanceof Error ? error.message : String(error)}`);
  await closeDatabase().catch(() => {});
  process.exit(1);
}
