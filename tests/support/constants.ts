// Overridable so several checkouts (git worktrees) can run the suite side by side.
export const E2E_PORT = Number(process.env.E2E_PORT) || 3111;
export const E2E_ADMIN = { email: "e2e-admin@bureau.test", password: "e2e correct horse battery" };

/**
 * Blank values count as unset (app/env.server.ts). Every server a test starts gets these first,
 * so a MONGODB_URI or admin exported in the developer's shell never reaches a test server.
 */
export const TEST_ISOLATION_ENV = {
  MONGODB_URI: "",
  ADMIN_EMAIL: "",
  ADMIN_PASSWORD: "",
  SESSION_SECRET: "",
  SEED_DEMO_CONTENT: "",
  SMTP_URL: "",
  MAIL_FROM: "",
  CLOUDINARY_CLOUD_NAME: "",
  CLOUDINARY_UPLOAD_PRESET: "",
};
