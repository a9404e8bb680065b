// The content generation knows no entity, so it lives in lib/content-version.server.ts
// (docs/decisions/027-layers.md). This path stays only while the content types rewritten for
// the kit (issue 21) still import it; once none does, delete this file.
export { contentChanged, invalidateLocally } from "~/lib/content-version.server";
