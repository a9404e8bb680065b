// What runs once after the database is first reached, on every instance: shared secrets, the
// bootstrap admin and the demo content of an empty database. Each step is idempotent and safe
// when several instances start at the same time.
import type { Db } from "mongodb";
import { collections } from "#db/collections";
import { DEMO_COLLECTIONS, seedDemoContent } from "#db/seed";
import { ensureBootstrapAdmin } from "./domain/admin.server";
import { loadSessionSecret } from "./domain/settings.server";
import { getEnv } from "./env.server";

export async function prepareDatabase(db: Db, log: (line: string) => void): Promise<void> {
  const env = getEnv();
  await loadSessionSecret(db, env.SESSION_SECRET);

  if (env.SEED_DEMO_CONTENT && (await isContentEmpty(db))) {
    const counts = await seedDemoContent(db);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    log(`[db] Empty database: seeded ${total} demo documents`);
  }

  const admin = await ensureBootstrapAdmin(db, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
  });
  if (admin.kind === "generated") {
    log(
      [
        "",
        "  No admin existed, so one was created. Sign in at /admin/login with:",
        `    e-mail:   ${admin.email}`,
        `    password: ${admin.password}`,
        "  This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.",
        "",
      ].join("\n"),
    );
  } else if (admin.kind === "configured" && admin.created) {
    log(`[db] Created admin ${admin.email} from ADMIN_EMAIL`);
  }
}

/** True when no content collection holds a document: a brand-new database. */
async function isContentEmpty(db: Db): Promise<boolean> {
  const handles = collections(db);
  const counts = await Promise.all(
    DEMO_COLLECTIONS.map((name) => handles[name].countDocuments({}, { limit: 1 })),
  );
  return counts.every((n) => n === 0);
}
