// The admin shell's sidebar counts: new quote requests (still "pending") and new contact
// messages (still "new"), on every admin page, so staff see what waits without opening the inbox.
import { ObjectId } from "mongodb";
import { describe, expect, it } from "vitest";
import { getCollections } from "#db/client.server";
import { callRoute, freshAdminEachTest } from "../../../tests/support/admin-request";
import { loader } from "./layout";

const me = freshAdminEachTest(["quotes", "contacts"]);

const lead = (status: string) => ({
  _id: new ObjectId(),
  name: "Ada",
  email: "ada@example.com",
  message: "Hello",
  status,
  source: {},
  notes: [],
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe("the admin layout's counts of new leads", () => {
  it("counts pending quotes and new messages, and nothing else", async () => {
    const { quotes, contacts } = await getCollections();
    await quotes.insertMany(
      ["pending", "pending", "in-progress", "completed"].map((s) => ({
        ...lead(s),
        phone: "",
        service: "SEO",
      })) as never,
    );
    await contacts.insertMany(["new", "read", "replied", "new", "new"].map(lead) as never);
    const answer = await callRoute(loader, "/admin/dashboard", { cookie: me.cookie });
    expect(answer.data.newCounts).toEqual({
      "/admin/dashboard/quotes": 2,
      "/admin/dashboard/contact-forms": 3,
    });
  });
});
