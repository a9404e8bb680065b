// Private preview links (issue 24), over every content type and single document: created and
// revoked in the editor (the kit's admin loaders and actions), opened at /preview/<token>
// (routes/preview.tsx): the use counted, the preview cookie set (never an admin session), the
// client sent to the page that shows the record; expired, revoked and forged links refused.
import { Collection, ObjectId } from "mongodb";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { Actor } from "~/domain/audit";
import { createPreviewLink, findPreviewLink } from "~/domain/preview-link.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { action as exitPreview, loader as openLink } from "~/routes/preview";
import {
  callRoute,
  flashCarried,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { STORE_CASES, storedExample } from "../../../tests/support/content-types";
import { DOCUMENT_STORES } from "../documents.server";
import { DOCUMENT_TYPES } from "../registry";
import { STORES } from "../stores.server";
import { collectionAdmin } from "./admin.server";
import { documentAdmin } from "./document-admin.server";
import { PREVIEW_CREATE_INTENT, PREVIEW_ID_FIELD, PREVIEW_REVOKE_INTENT } from "./preview";
import { PREVIEW_TEXTS, previewPage } from "./preview.server";

afterAll(closeDatabase);

const actor: Actor = { email: "ana@bureau.test", via: "cli" };

/** /preview/<token> as React Router runs it: what it returned or threw. */
async function open(token: string): Promise<Response | { data: { reason: string } }> {
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.9");
  const request = new Request(`http://localhost/preview/${token}`);
  try {
    return (await openLink({ request, params: { token }, context } as never)) as never;
  } catch (thrown) {
    return thrown as Response;
  }
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

interface Case {
  entity: string;
  /** The editor's URL for the record (made before each test). */
  editor: () => string;
  id: () => string | null;
  loader: (args: never) => Promise<{ previews: unknown }>;
  action: (args: never) => Promise<unknown>;
  make: () => Promise<string | null>;
}

const collectionCases: Case[] = STORE_CASES.map(([entity, type]) => {
  const store = STORES[entity as keyof typeof STORES];
  const screen = collectionAdmin(store as never);
  let id: string | null = null;
  return {
    entity,
    editor: () => `${type.admin.path}?edit=${id}`,
    id: () => id,
    loader: screen.loader as never,
    action: screen.action as never,
    make: async () => {
      const record = (await store.create(storedExample(type) as never, actor)) as { _id: string };
      id = record._id;
      return id;
    },
  };
});

const documentCases: Case[] = DOCUMENT_TYPES.map((type) => {
  const screen = documentAdmin(
    DOCUMENT_STORES[type.entity as keyof typeof DOCUMENT_STORES] as never,
  );
  return {
    entity: type.entity,
    editor: () => type.admin.path,
    id: () => null,
    loader: screen.loader as never,
    action: screen.action as never,
    make: async () => null,
  };
});

describe.each([...collectionCases, ...documentCases].map((c) => [c.entity, c] as const))(
  "%s",
  (entity, c) => {
    let me: SignedIn;
    beforeEach(async () => {
      me = await signInFresh();
      await (await getCollections()).previews.deleteMany({});
      await c.make();
    });

    const post = (fields: Record<string, string>) =>
      callRoute(c.action, c.editor(), {
        cookie: me.cookie,
        fields: { ...(c.id() ? { id: c.id() as string } : {}), ...fields },
      });
    const links = async () =>
      ((await callRoute(c.loader, c.editor(), { cookie: me.cookie })) as { previews: never[] })
        .previews as { id: string; uses: number; state: string; lastUsedAt: string | null }[];

    it("has a page on the site that shows it", () => {
      expect(previewPage({ entity, id: c.id() })).toMatch(/^\//);
    });

    it("creates a link in the editor, shown once, then listed without its token", async () => {
      const created = await post({ intent: PREVIEW_CREATE_INTENT });
      expect(statusOf(created)).toBe(200);
      const { url, expiresAt } = created.data.previewLink;
      expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{56}$/);
      // Seven days unless configured.
      expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
      const [listed] = await links();
      expect(listed).toMatchObject({ uses: 0, state: "active", lastUsedAt: null });
      expect(JSON.stringify(await links())).not.toContain(tokenOf(url));
      // Only the token's hash is stored.
      const stored = await (await getCollections()).previews.findOne({});
      expect(JSON.stringify(stored)).not.toContain(tokenOf(url));
      expect(stored).toMatchObject({ entity, entityId: c.id(), createdBy: me.email });
    });

    it("opens: counts each use, sets the preview cookie (no session), goes to the page", async () => {
      const created = await post({ intent: PREVIEW_CREATE_INTENT });
      const token = tokenOf(created.data.previewLink.url);
      for (const uses of [1, 2]) {
        const answer = (await open(token)) as Response;
        expect(answer.status).toBe(303);
        expect(answer.headers.get("Location")).toBe(previewPage({ entity, id: c.id() }));
        expect(answer.headers.get("Cache-Control")).toBe("no-store");
        expect(answer.headers.get("X-Robots-Tag")).toMatch(/noindex/);
        const cookies = answer.headers.getSetCookie();
        expect(cookies).toHaveLength(1);
        expect(cookies[0]).toMatch(/^bureau_preview=/);
        expect(cookies[0]).toMatch(/HttpOnly/);
        expect(cookies[0]).toMatch(/SameSite=Lax/);
        expect(cookies[0]).toMatch(/Expires=/);
        expect(cookies.join()).not.toMatch(/bureau_session/);
        const [listed] = await links();
        expect(listed?.uses).toBe(uses);
        expect(listed?.lastUsedAt).not.toBeNull();
      }
      // Still only the admin's own session.
      expect(await (await getCollections()).sessions.countDocuments()).toBe(1);
    });

    it("revokes in the editor: the link is refused at once, and says why", async () => {
      const created = await post({ intent: PREVIEW_CREATE_INTENT });
      const token = tokenOf(created.data.previewLink.url);
      const [listed] = await links();
      const revoked = await post({
        intent: PREVIEW_REVOKE_INTENT,
        [PREVIEW_ID_FIELD]: listed?.id ?? "",
      });
      expect(revoked.status).toBe(302);
      expect(revoked.headers.get("Location")).toBe(c.editor());
      expect((await flashCarried(revoked)).message).toBe(PREVIEW_TEXTS.revoked);
      expect((await links())[0]?.state).toBe("revoked");
      const refused = (await open(token)) as { data: { reason: string } };
      expect(statusOf(refused)).toBe(410);
      expect(refused.data.reason).toBe("revoked");
      expect((await links())[0]?.uses).toBe(0);
    });

    it("refuses an expired link (410), and a link of another record cannot be revoked here", async () => {
      const old = await createPreviewLink(
        { entity, id: c.id() },
        actor,
        new Date(Date.now() - 8 * 86_400_000),
      );
      const refused = (await open(old.token)) as { data: { reason: string } };
      expect(statusOf(refused)).toBe(410);
      expect(refused.data.reason).toBe("expired");
      expect((await links())[0]?.state).toBe("expired");

      const other = await createPreviewLink(
        { entity: entity === "hero" ? "footer" : "hero", id: null },
        actor,
      );
      const answer = await post({
        intent: PREVIEW_REVOKE_INTENT,
        [PREVIEW_ID_FIELD]: other.link.id,
      });
      expect(statusOf(answer)).toBe(404);
      expect(answer.data.previewError).toBe(PREVIEW_TEXTS.notFound);
      expect((await findPreviewLink(other.token)).ok).toBe(true);
    });
  },
);

describe("a token the server did not sign", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is refused (404) before any database read", async () => {
    const made = await createPreviewLink({ entity: "hero", id: null }, actor);
    const forged = `${made.token.slice(0, -1)}${made.token.endsWith("A") ? "B" : "A"}`;
    const reads = [
      vi.spyOn(Collection.prototype, "findOne"),
      vi.spyOn(Collection.prototype, "findOneAndUpdate"),
    ];
    for (const token of [forged, "nope", "A".repeat(56)]) {
      const refused = (await open(token)) as { data: { reason: string } };
      expect(statusOf(refused)).toBe(404);
      expect(refused.data.reason).toBe("unknown");
    }
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    // The real one still opens, and the forgeries counted nothing.
    const { previews } = await getCollections();
    expect((await previews.findOne({ _id: new ObjectId(made.link.id) }))?.uses).toBe(0);
    expect(statusOf(await open(made.token))).toBe(303);
  });
});

describe("Exit preview (POST /preview/exit)", () => {
  const exit = async (token: string, back?: string) => {
    const request = new Request(`http://localhost/preview/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(back === undefined ? {} : { back }),
    });
    try {
      return await exitPreview({ request, params: { token } } as never);
    } catch (thrown) {
      return thrown as Response;
    }
  };

  it("clears the preview cookie and goes back to the page, on this site only", async () => {
    const answer = (await exit("exit", "/blog/abc?page=2")) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/blog/abc?page=2");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^bureau_preview=;.*Expires=Thu, 01 Jan 1970/);
    for (const back of ["//evil.example/x", "/\\evil.example", "https://evil.example/", ""]) {
      expect(((await exit("exit", back)) as Response).headers.get("Location")).toBe("/");
    }
    expect(((await exit("exit")) as Response).headers.get("Location")).toBe("/");
  });

  it("is the only post the preview address takes (404)", async () => {
    expect(statusOf(await exit("A".repeat(56)))).toBe(404);
  });
});
