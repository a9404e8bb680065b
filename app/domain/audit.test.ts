// Where an audit entry's record opens (the audit log's links): its editor, the trash for a
// record sent there, nothing once it is deleted for good.
import { describe, expect, it } from "vitest";
import { auditRecordHref } from "./audit";

describe("auditRecordHref", () => {
  const faq = { entity: "faq", entityId: "6b087ad838f837697a247ed4" };
  it("opens a record's editor, its trash when it was sent there, nothing once purged", () => {
    expect(auditRecordHref({ ...faq, action: "update" })).toBe(
      `/admin/dashboard/faq?edit=${faq.entityId}`,
    );
    expect(auditRecordHref({ ...faq, action: "restore" })).toBe(
      `/admin/dashboard/faq?edit=${faq.entityId}`,
    );
    expect(auditRecordHref({ ...faq, action: "trash" })).toBe("/admin/dashboard/faq?trash");
    expect(auditRecordHref({ ...faq, action: "purge" })).toBeNull();
    expect(auditRecordHref({ ...faq, action: "delete" })).toBeNull();
  });
});
