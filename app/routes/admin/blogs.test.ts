// The Blogs editor: the loader's list and form states, the action's create / update / delete
// with the SPEC's messages, tags, the Markdown preview without JavaScript, images posted with
// the form (refused files leave nothing stored; replaced and deleted images go when unused),
// 404 for malformed or unknown ids, signed-out requests refused, and the public pages following.
import { GridFSBucket, ObjectId } from "mongodb";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { FILES_NOT_KEPT } from "~/content/blog-editor";
import {
  BLOG_AUTHOR_REQUIRED,
  BLOG_IMAGE_REQUIRED,
  BLOG_REQUIRED,
  blogs,
  parseTags,
} from "~/content/blogs";
import { listLatestBlogs } from "~/content/blogs.server";
import { ALT_REQUIRED } from "~/content/kit/image-alt";
import { IMAGE_BUCKET } from "~/domain/image.server";
import { readFlash } from "~/lib/flash.server";
import {
  callRoute,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { REFUSED_FILES, SVG_REFUSED } from "../../../tests/support/admin-upload";
import { itKeepsTheRowWhenDeleteFails } from "../../../tests/support/failed-delete";
import { loader as blogListLoader } from "../blog";
import { loader as postLoader } from "../blog-post";
import { action, loader } from "./blogs";

const PAGE = blogs.admin.path;
const {
  created: BLOG_CREATED,
  trashed: BLOG_TRASHED,
  notFound: BLOG_EDITOR_NOT_FOUND,
  updated: BLOG_UPDATED,
} = blogs.texts;

const failures = vi.hoisted(() => ({ on: false }));
vi.mock("~/content/stores.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/stores.server")>();
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      failures.on ? Promise.reject(new Error("secret driver detail")) : fn(...args);
  const store = original.blogStore;
  return {
    ...original,
    blogStore: {
      ...store,
      create: failing(store.create),
      update: failing(store.update),
      remove: failing(store.remove),
    },
  };
});

afterAll(closeDatabase);

const bucket = async () => new GridFSBucket(await getDb(), { bucketName: IMAGE_BUCKET });
const storedFiles = async () => (await bucket()).find({}).toArray();
const storedUrls = async () =>
  (await storedFiles()).map((f) => `/images/${f._id.toHexString()}`).sort();

let me: SignedIn;
beforeEach(async () => {
  failures.on = false;
  const { blogs, testimonials } = await getCollections();
  await Promise.all([blogs.deleteMany({}), testimonials.deleteMany({})]);
  for (const file of await storedFiles()) await (await bucket()).delete(file._id);
  me = await signInFresh("writer@bureau.test");
});

/** The one-time message a redirect carries. */
async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("bureau_flash="));
  const request = new Request("http://localhost/", {
    headers: { Cookie: (cookie ?? "").split(";")[0] as string },
  });
  return (await readFlash(request)).message;
}

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });

/** A multipart POST, as the form sends it (files included; a list sends the name twice). */
async function post(
  fields: Record<string, string | string[] | Blob | undefined>,
  path = PAGE,
  cookie: string | null = me.cookie,
  // biome-ignore lint/suspicious/noExplicitAny: data(), a Response or a thrown value, per branch.
): Promise<any> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined) body.append(name, one);
    }
  }
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body,
  });
  try {
    return await action({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

const png = async (width = 20, height = 20, name = "image.png") =>
  new File(
    [
      await sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
        .png()
        .toBuffer(),
    ],
    name,
    { type: "image/png" },
  );

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";

async function addPost(title: string, createdAt: Date, extra: Record<string, unknown> = {}) {
  const { blogs } = await getCollections();
  const _id = new ObjectId();
  await blogs.insertOne({
    _id,
    title,
    description: `About ${title}.`,
    imageUrl: "/demo/blog-1.webp",
    author: "Jonas",
    authorName: "Jonas Weber",
    authorAvatar: "",
    excerpt: "",
    tags: ["web"],
    createdAt,
    updatedAt: createdAt,
    ...extra,
  } as never);
  return _id.toHexString();
}

async function blogCount() {
  const { blogs } = await getCollections();
  return blogs.countDocuments({});
}

async function findPost(id: string) {
  const { blogs } = await getCollections();
  return blogs.findOne({ _id: new ObjectId(id) });
}

const valid = {
  intent: "save",
  title: "  Shipping a faster site  ",
  description: "## Why\n\nSpeed **sells**.\nLine two.",
  imageUrl: "/demo/blog-1.webp",
  imageUrlAlt: "A speedometer at full speed",
  author: "Priya",
  authorName: "Priya Nair",
  authorAvatar: "",
  excerpt: "Speed matters.",
  tags: " Performance, web ,performance,, Core Web Vitals ",
};

describe("the blog list", () => {
  it("shows the newest first, with the name the post shows and when it was changed", async () => {
    await addPost("Old", day(1));
    await addPost("New", day(3), { authorName: "" });
    await addPost("Middle", day(2));
    const data = await get(PAGE);
    expect(data.items.map((p: { title: string }) => p.title)).toEqual(["New", "Middle", "Old"]);
    expect(data.items[0]).toMatchObject({
      author: "Jonas",
      imageUrl: "/demo/blog-1.webp",
      createdAt: day(3).toISOString(),
      updatedBy: null,
    });
    expect(data.items[1].author).toBe("Jonas Weber");
    expect(data).toMatchObject({ total: 3, page: 1, pages: 1, formOpen: false, editing: null });
  });

  it("searches titles, text, authors and tags; pages of 10", async () => {
    for (let i = 1; i <= 12; i++) await addPost(`Post ${i}`, day(i));
    await addPost("Cloud moves", day(20), { tags: ["Migration"] });
    expect((await get(`${PAGE}?q=migration`)).items.map((p: { title: string }) => p.title)).toEqual(
      ["Cloud moves"],
    );
    const second = await get(`${PAGE}?page=2`);
    expect(second).toMatchObject({ total: 13, page: 2, pages: 2 });
    expect(second.items).toHaveLength(3);
  });

  it("opens the form for a new post and for an existing one", async () => {
    const id = await addPost("Editable", day(1));
    expect(await get(`${PAGE}?new`)).toMatchObject({ formOpen: true, editing: null });
    const editing = await get(`${PAGE}?edit=${id}`);
    expect(editing.editing).toMatchObject({ _id: id, title: "Editable", tags: ["web"] });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const query of [`edit=${MISSING}`, "edit=nope", `delete=${MISSING}`, "delete=%24ne"]) {
      const outcome = await get(`${PAGE}?${query}`);
      expect(statusOf(outcome), query).toBe(404);
      expect(outcome.data).toBe(BLOG_EDITOR_NOT_FOUND);
    }
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(loader, PAGE);
    expect(statusOf(outcome)).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("creating a post", () => {
  it("stores it trimmed with unique tags, stamped with the admin, and redirects with a flash", async () => {
    const response = await post(valid);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await flashOf(response)).toBe(BLOG_CREATED);
    const { blogs } = await getCollections();
    const doc = await blogs.findOne({});
    expect(doc).toMatchObject({
      title: "Shipping a faster site",
      description: valid.description,
      imageUrl: "/demo/blog-1.webp",
      author: "Priya",
      authorName: "Priya Nair",
      authorAvatar: "",
      excerpt: "Speed matters.",
      tags: ["Performance", "web", "Core Web Vitals"],
      updatedBy: me.email,
    });
    expect(doc?.createdAt).toBeInstanceOf(Date);
    expect(doc?.updatedAt).toEqual(doc?.createdAt);

    // The public pages read it on the next request.
    const [latest] = await listLatestBlogs(1);
    expect(latest?.title).toBe("Shipping a faster site");
    const page = await postLoader({
      params: { id: doc?._id.toHexString() },
      request: new Request("http://localhost/"),
      context: {},
    } as never);
    expect(page.post.author.name).toBe("Priya Nair");
    expect(page.post.tags).toEqual(["Performance", "web", "Core Web Vitals"]);
    expect(page.html).toContain("<strong");
    expect(page.html).toContain("<br");
  });

  it.each([
    [{ title: "   " }, "title", BLOG_REQUIRED],
    [{ title: undefined }, "title", BLOG_REQUIRED],
    [{ description: " \n " }, "description", BLOG_REQUIRED],
    [{ author: "  " }, "author", BLOG_AUTHOR_REQUIRED],
    [{ author: undefined }, "author", BLOG_AUTHOR_REQUIRED],
    [{ imageUrl: "" }, "imageUrl", BLOG_IMAGE_REQUIRED],
    [{ imageUrl: undefined }, "imageUrl", BLOG_IMAGE_REQUIRED],
    [{ imageUrl: "javascript:alert(1)" }, "imageUrl", BLOG_IMAGE_REQUIRED],
    [{ imageUrl: "//evil.example/x.png" }, "imageUrl", BLOG_IMAGE_REQUIRED],
    // Ticked for removal with no new file: no image left.
    [{ imageUrlRemove: "on" }, "imageUrl", BLOG_IMAGE_REQUIRED],
    [{ authorAvatar: "data:image/png;base64,AAAA" }, "authorAvatar", BLOG_IMAGE_REQUIRED],
  ])("refuses %o with the field's message and stores nothing", async (change, field, message) => {
    const outcome = await post({ ...valid, ...change });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error[field]).toEqual([message]);
    expect(await blogCount()).toBe(0);
  });

  it("says every missing or blank field at once", async () => {
    const blank = { title: "   ", description: "   ", author: "   " };
    for (const fields of [{}, blank]) {
      const outcome = await post({ intent: "save", ...fields });
      expect(outcome.data.result.error).toMatchObject({
        title: [BLOG_REQUIRED],
        description: [BLOG_REQUIRED],
        author: [BLOG_AUTHOR_REQUIRED],
        imageUrl: [BLOG_IMAGE_REQUIRED],
      });
    }
  });

  it("keeps the typed values when refused (no JavaScript: the form comes back filled)", async () => {
    const outcome = await post({ ...valid, author: "" });
    expect(outcome.data.result.initialValue).toMatchObject({
      title: valid.title,
      tags: valid.tags,
      imageUrl: valid.imageUrl,
    });
  });

  it("says 'Failed to create blog.' when the write fails, keeping nothing it stored", async () => {
    failures.on = true;
    const outcome = await post({ ...valid, imageUrl: "", imageUrlFile: await png() });
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error[""]).toEqual(["Failed to create blog."]);
    expect(JSON.stringify(outcome.data)).not.toContain("secret driver detail");
    expect(await storedFiles()).toHaveLength(0);
  });

  it("refuses an unknown intent", async () => {
    const outcome = await post({ ...valid, intent: "publish" });
    expect(statusOf(outcome)).toBe(400);
    expect(await blogCount()).toBe(0);
  });

  it("is only for signed-in admins, whose body is not even read", async () => {
    const outcome = await post({ ...valid, imageUrlFile: await png() }, PAGE, null);
    expect(statusOf(outcome)).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await blogCount()).toBe(0);
    expect(await storedFiles()).toHaveLength(0);
  });
});

describe("tags", () => {
  it("are split on commas, trimmed, blanks dropped, repeated ones (any case) kept once", () => {
    expect(parseTags(" SEO, react ,seo,,  Cloud   migration , ")).toEqual([
      "SEO",
      "react",
      "Cloud migration",
    ]);
    expect(parseTags("")).toEqual([]);
  });

  it("refuses more than 20 tags", async () => {
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(",");
    const outcome = await post({ ...valid, tags });
    expect(outcome.data.result.error.tags).toEqual(["At most 20 tags."]);
  });
});

describe("the preview (no JavaScript)", () => {
  it("comes back with every value and stores nothing", async () => {
    // As the browser sends it: the form's hidden `save`, then the Preview button's value.
    const outcome = await post({ ...valid, intent: ["save", "preview"], author: "" });
    expect(statusOf(outcome)).toBe(200);
    expect(outcome.data.previewing).toBe(true);
    expect(outcome.data.filesDropped).toBe(false);
    const { description, ...values } = outcome.data.result.initialValue;
    // The form's own line breaks (CRLF once posted) come back as they were sent.
    expect(description.replace(/\r\n/g, "\n")).toBe(valid.description);
    expect(values).toMatchObject({
      title: valid.title,
      imageUrl: valid.imageUrl,
      authorName: valid.authorName,
      excerpt: valid.excerpt,
      tags: valid.tags,
    });
    // No errors while still writing.
    expect(outcome.data.result.error).toBeUndefined();
    expect(await blogCount()).toBe(0);
  });

  it("does not store a picked file, and says it must be chosen again", async () => {
    const outcome = await post({ ...valid, intent: "preview", imageUrlFile: await png() });
    expect(outcome.data.filesDropped).toBe(true);
    expect(FILES_NOT_KEPT).toMatch(/choose the image again/);
    expect(JSON.stringify(outcome.data)).not.toContain("imageUrlFile");
    expect(await storedFiles()).toHaveLength(0);
    expect(await blogCount()).toBe(0);
  });

  it("works while editing and changes nothing", async () => {
    const id = await addPost("Draft", day(1));
    const before = await findPost(id);
    const outcome = await post(
      { ...valid, intent: "preview", id, title: "Changed" },
      `${PAGE}?edit=${id}`,
    );
    expect(outcome.data.result.initialValue.title).toBe("Changed");
    expect(await findPost(id)).toEqual(before);
  });
});

describe("images posted with the form (no JavaScript)", () => {
  it("stores the cover image and the avatar and serves them from /images/<id>", async () => {
    const response = await post({
      ...valid,
      imageUrl: "",
      imageUrlFile: await png(40, 30, "cover.png"),
      authorAvatarFile: await png(16, 16, "me.png"),
    });
    expect(response.status).toBe(302);
    const { blogs } = await getCollections();
    const doc = await blogs.findOne({});
    expect(doc?.imageUrl).toMatch(/^\/images\/[0-9a-f]{24}$/);
    expect(doc?.authorAvatar).toMatch(/^\/images\/[0-9a-f]{24}$/);
    expect(await storedUrls()).toEqual([doc?.imageUrl, doc?.authorAvatar].sort());
  });

  it.each(REFUSED_FILES)(
    "refuses %s as the cover saying what was wrong, nothing stored",
    async (_, file, message) => {
      const outcome = await post({ ...valid, imageUrl: "", imageUrlFile: file() });
      expect(statusOf(outcome)).toBe(400);
      const errors = outcome.data.result.error;
      expect(errors.imageUrl ?? errors[""]).toEqual([message]);
      expect(await storedFiles()).toHaveLength(0);
      expect(await blogCount()).toBe(0);
    },
  );

  it("refuses an SVG avatar and drops the cover stored for the same post", async () => {
    const outcome = await post({
      ...valid,
      imageUrl: "",
      imageUrlFile: await png(),
      authorAvatarFile: new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "a.svg"),
    });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error.authorAvatar).toEqual([SVG_REFUSED]);
    expect(await storedFiles()).toHaveLength(0);
    expect(await blogCount()).toBe(0);
  });

  it("stores nothing when another field is wrong", async () => {
    const outcome = await post({ ...valid, title: "", imageUrlFile: await png() });
    expect(outcome.data.result.error.title).toEqual([BLOG_REQUIRED]);
    expect(await storedFiles()).toHaveLength(0);
  });
});

describe("editing a post", () => {
  it("saves the change, records who made it and keeps the search and page", async () => {
    const id = await addPost("Before", day(1));
    const response = await post(
      { ...valid, id, title: "After", tags: "one, two" },
      `${PAGE}?q=fore&edit=${id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=fore`);
    expect(await flashOf(response)).toBe(BLOG_UPDATED);
    const doc = await findPost(id);
    expect(doc).toMatchObject({ title: "After", tags: ["one", "two"], updatedBy: me.email });
    expect(doc?.createdAt).toEqual(day(1));
    expect(doc?.updatedAt.getTime()).toBeGreaterThan(day(2).getTime());
  });

  it("says 'Failed to update blog.' when the write fails", async () => {
    const id = await addPost("Before", day(1));
    failures.on = true;
    const outcome = await post({ ...valid, id });
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error[""]).toEqual(["Failed to update blog."]);
    expect((await findPost(id))?.title).toBe("Before");
  });

  it("answers 404 for an unknown or malformed id, storing nothing", async () => {
    for (const id of [MISSING, "not-an-id"]) {
      const outcome = await post({ ...valid, id, imageUrlFile: await png() });
      expect(statusOf(outcome), id).toBe(404);
    }
    expect(await storedFiles()).toHaveLength(0);
    expect(await blogCount()).toBe(0);
  });

  it("keeps, replaces and deletes the replaced image when nothing else uses it", async () => {
    const id = await addPost("Pictured", day(1));
    await post({ ...valid, id, imageUrl: "", imageUrlFile: await png(20, 20, "one.png") });
    const first = (await findPost(id))?.imageUrl as string;
    expect(first).toMatch(/^\/images\//);
    // Keep: the hidden field carries the address back.
    await post({ ...valid, id, imageUrl: first });
    expect((await findPost(id))?.imageUrl).toBe(first);
    expect(await storedUrls()).toEqual([first]);
    // Replace: the old file goes.
    await post({ ...valid, id, imageUrl: first, imageUrlFile: await png(30, 30, "two.png") });
    const second = (await findPost(id))?.imageUrl as string;
    expect(second).not.toBe(first);
    expect(await storedUrls()).toEqual([second]);
    // Still shown by a testimonial: replacing keeps the file.
    const { testimonials } = await getCollections();
    await testimonials.insertOne({
      name: "A",
      title: "B",
      text: "C",
      rating: 5,
      image: second,
      createdAt: new Date(),
      updatedAt: new Date(),
    } as never);
    await post({ ...valid, id, imageUrl: second, imageUrlFile: await png(10, 10, "three.png") });
    const third = (await findPost(id))?.imageUrl as string;
    expect(await storedUrls()).toEqual([second, third].sort());
  });

  it("removes the avatar with its box, deleting the unused file", async () => {
    const id = await addPost("Face", day(1));
    await post({ ...valid, id, authorAvatarFile: await png(12, 12, "me.png") });
    const avatar = (await findPost(id))?.authorAvatar as string;
    expect(avatar).toMatch(/^\/images\//);
    await post({ ...valid, id, authorAvatar: avatar, authorAvatarRemove: "on" });
    expect((await findPost(id))?.authorAvatar).toBe("");
    expect(await storedFiles()).toHaveLength(0);
  });
});

describe("deleting a post", () => {
  it("sends it to the trash with its images, then redirects with a flash; a purge deletes the unused images", async () => {
    const id = await addPost("Doomed", day(1));
    await post({
      ...valid,
      id,
      imageUrl: "",
      imageUrlFile: await png(),
      authorAvatarFile: await png(8, 8),
    });
    expect(await storedFiles()).toHaveLength(2);
    const keep = await addPost("Kept", day(2));
    // Sent as the delete form sends it (not multipart).
    const response = await callRoute(action, `${PAGE}?q=o`, {
      cookie: me.cookie,
      fields: { intent: "delete", id },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=o`);
    expect(await flashOf(response)).toBe(BLOG_TRASHED);
    expect(await findPost(id)).toMatchObject({ deletedBy: me.email });
    expect(await findPost(keep)).not.toBeNull();
    // In the trash it keeps its pictures; deleted forever, they go.
    expect(await storedFiles()).toHaveLength(2);
    await post({ intent: "purge", id });
    expect(await findPost(id)).toBeNull();
    expect(await storedFiles()).toHaveLength(0);
  });

  it("keeps an image another document still shows", async () => {
    const id = await addPost("Shared", day(1));
    await post({ ...valid, id, imageUrl: "", imageUrlFile: await png() });
    const image = (await findPost(id))?.imageUrl as string;
    await addPost("Also shows it", day(2), { imageUrl: image });
    await post({ intent: "delete", id });
    expect(await storedUrls()).toEqual([image]);
  });

  it("answers 404 for an unknown, malformed or missing id", async () => {
    for (const fields of [{ id: MISSING }, { id: "nope" }, {}]) {
      expect(statusOf(await post({ intent: "delete", ...fields }))).toBe(404);
    }
  });

  itKeepsTheRowWhenDeleteFails({
    page: PAGE,
    add: () => addPost("Stays", day(1)),
    stored: findPost,
    post,
    failures,
  });

  it("is only for signed-in admins", async () => {
    const id = await addPost("Safe", day(1));
    const outcome = await post({ intent: "delete", id }, PAGE, null);
    expect(statusOf(outcome)).toBe(302);
    expect(await findPost(id)).not.toBeNull();
  });
});

describe("the cover image's alt text", () => {
  it("is required: a cover neither described nor marked decorative is refused", async () => {
    const outcome = await post({ ...valid, imageUrlAlt: " " });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({ imageUrlAlt: [ALT_REQUIRED] });
    expect(await blogCount()).toBe(0);
  });

  it("is required for a file picked without JavaScript too, which is then not kept", async () => {
    const outcome = await post({
      ...valid,
      imageUrl: "",
      imageUrlAlt: "",
      imageUrlFile: await png(),
    });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({ imageUrlAlt: [ALT_REQUIRED] });
    expect(await storedUrls()).toEqual([]);
  });

  it("is stored, or the box that marks the cover decorative", async () => {
    await post(valid);
    expect(await (await getCollections()).blogs.findOne({})).toMatchObject({
      imageUrlAlt: "A speedometer at full speed",
      imageUrlDecorative: false,
    });
    const id = (await (await getCollections()).blogs.findOne({}))?._id.toHexString() as string;
    expect(statusOf(await post({ ...valid, id, imageUrlAlt: "", imageUrlDecorative: "on" }))).toBe(
      302,
    );
    expect(await findPost(id)).toMatchObject({ imageUrlAlt: "", imageUrlDecorative: true });
  });

  it("is not asked of the author's avatar, which sits beside the author's name", async () => {
    const response = await post({ ...valid, authorAvatarFile: await png(16, 16, "me.png") });
    expect(response.status).toBe(302);
  });

  it('lets an older post without it keep rendering, with alt="" on the site', async () => {
    const id = await addPost("Older", day(1));
    const page = await postLoader({
      params: { id },
      request: new Request("http://localhost/"),
      context: {},
    } as never);
    expect(page.post.imageAlt).toBe("");
  });
});

describe("an author from the team", () => {
  beforeEach(async () => {
    await (await getCollections()).aboutPage.deleteMany({});
  });

  const newestId = async () => {
    const [newest] = await (await getCollections()).blogs
      .find({})
      .sort({ createdAt: -1 })
      .limit(1)
      .toArray();
    return newest?._id.toHexString() as string;
  };

  async function withTeam() {
    const { aboutPage } = await getCollections();
    await aboutPage.insertOne({
      _id: "main",
      title: "",
      content: "",
      mission: "M",
      values: "V",
      team: [{ name: "Ana Lima", role: "Head of Design", image: "/demo/team-ana.webp" }],
      contact: { email: "a@b.test", phone: "1" },
      updatedAt: new Date(),
    });
  }

  it("is offered the team's names in the editor", async () => {
    await withTeam();
    const data = (await get(`${PAGE}?new`)) as { team: string[] };
    expect(data.team).toEqual(["Ana Lima"]);
  });

  it("shows the member's name, portrait and role on the post and its card", async () => {
    await withTeam();
    await addPost("Another", day(1));
    await post({ ...valid, authorMember: "Ana Lima" });
    const id = await newestId();
    const page = await postLoader({
      params: { id },
      request: new Request("http://localhost/"),
      context: {},
    } as never);
    const ana = { name: "Ana Lima", role: "Head of Design", avatar: "/demo/team-ana.webp" };
    expect(page.post.author).toEqual(ana);
    // The cards: this post by the member, an older one by its typed author.
    const cards = (await blogListLoader({ request: new Request("http://localhost/blog") } as never))
      .posts;
    expect(cards.map((card) => card.author)).toEqual([
      ana,
      { name: "Jonas Weber", role: "", avatar: "" },
    ]);
  });

  it("falls back to the typed author when the member left the team", async () => {
    await post({ ...valid, authorMember: "Someone Gone" });
    const id = (await (await getCollections()).blogs.findOne({}))?._id.toHexString() as string;
    const page = await postLoader({
      params: { id },
      request: new Request("http://localhost/"),
      context: {},
    } as never);
    expect(page.post.author).toMatchObject({ name: "Priya Nair", role: "" });
  });
});
