// The server of the content editors' specs (admin-content-types.spec.ts and the types' own
// admin-*.spec.ts): their records show on public pages that specs on the shared server read, so
// they run on a server of their own. One `test` for all of them means one fixture set, so a
// worker keeps one such server (and one process) across these files instead of starting one
// per file.
import { testWithOwnServer } from "./own-server";

export const test = testWithOwnServer();
