// parseObjectId knows no entity, so it lives in lib/object-id.server.ts
// (docs/decisions/027-layers.md). This path stays only while the content types rewritten for
// the kit (issue 21) still import it; once none does, delete this file.
export { parseObjectId } from "~/lib/object-id.server";
