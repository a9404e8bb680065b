// What runs once after the database is first reached, on every instance: shared secrets, the
// bootstrap admin, the demo content of an empty database and the site settings of a database
// written before they existed. Each step is idempotent and safe
// when several instances start at the same time.
import type { Db } from "mongodb";
import { ensureDemoContent } from "#db/seed";
import { migrateSiteSettings } from "./content/site-settings-migration.server";
import { ensureBootstrapAdmin, getDummyHash } from "./domain/admin.server";
import { getEnv } from "./env.server";
import { contentChanged } from "./lib/content-version.server";
import { getOrCreateSessionSecret } from "./lib/settings.server";

export async function prepareDatabase(db: Db, log: (line: string) => void): Promise<void> {
  const env = getEnv();
  // Created now rather than on the first sign-in, so instances agree on it from the start.
  if (!env.SESSION_SECRET) await getOrCreateSessionSecret(db);

  const counts = env.SEED_DEMO_CONTENT
    ? await ensureDemoContent(db, { now: env.SEED_NOW ? new Date(env.SEED_NOW) : undefined })
    : null;
  const total = Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0);
  if (total > 0) {
    log(`[db] Empty database: seeded ${total} demo documents`);
    // Other instances already running on this database drop their (empty) pages.
    await contentChanged(db);
  }

  const settings = await migrateSiteSettings(db);
  if (settings.created) {
    log("[db] Site settings created from the footer, contact and about documents");
    for (const value of settings.dropped) {
      log(
        `[db] The about page's contact line said ${value}; it now shows the contact e-mail and phone`,
      );
    }
    await contentChanged(db);
  }

  const admin = await ensureBootstrapAdmin(db, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
  });
  if (admin.kind === "generated") {
    log(
      [
        "",
        "  No admin existed, so one was created. Admin sign-in:",
        `    e-mail:   ${admin.email}`,
        `    password: ${admin.password}`,
        "  This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.",
        "",
      ].join("\n"),
    );
  } else if (admin.kind === "configured" && admin.created) {
    log(`[db] Created admin ${admin.email} from ADMIN_EMAIL`);
  } else if (admin.kind === "configured" && admin.reset) {
    log(
      `[db] ADMIN_PASSWORD changed: reset the password of ${admin.email} and ended its sessions and API tokens`,
    );
  }
  // The hash an unknown e-mail is checked against, made now rather than on the first sign-in
  // with an unknown e-mail (which would otherwise be measurably slower than the others).
  await getDummyHash();
}
