// The Blogs editor (issue 6) with JavaScript on and off, against a server of this spec's own
// (one per worker): /blog, the home page and the feed read the posts, which blog.spec.ts and
// home.spec.ts check against the demo content on the shared server.
// - the SPEC's messages; create with a cover image uploaded (posted with the form without
//   JavaScript, uploaded on pick with it); the post on /blog and /blog/{id}; edit; delete after
//   the SPEC's question (a dialog with JavaScript, a confirmation step without), which also
//   deletes the stored image;
// - the Markdown preview: live with JavaScript, a Preview post that keeps every value without;
// - 404 for unknown ids; no serious axe violation.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const PAGE = "/admin/dashboard/blogs";
const CONFIRM = "Are you sure you want to delete this blog?";

const test = testWithOwnServer();
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default" });

const pngFile = async (name: string, width = 80, height = 45) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer(),
});

const coverPicker = (page: Page) =>
  page.getByRole("group", { name: "Cover image" }).getByLabel(/Choose a file|Replace with/);

async function openNewForm(page: Page) {
  await signIn(page, PAGE);
  await page.getByRole("link", { name: "Add New Blog Post" }).click();
  await expect(page).toHaveURL(`${PAGE}?new`);
  await expect(page.getByRole("heading", { name: "Add New Blog Post" })).toBeVisible();
}

test("create a post with an image, see it on the blog, edit it, delete it", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueTag(testInfo);
  const title = `Faster sites ${tag}`;
  await signIn(page, PAGE);
  await expect(page).toHaveTitle("Blog Posts · Bureau admin");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  for (const name of ["Image", "Title", "Author", "Date", "Actions"]) {
    await expect(page.getByRole("columnheader", { name })).toBeVisible();
  }
  // The sidebar's Blog Posts link is ready (no "Soon").
  await expect(
    page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", {
      name: "Blog Posts",
    }),
  ).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Add New Blog Post" }).click();
  // The SPEC's messages, all with the first submit (blank passes the browser's `required`).
  await page.getByLabel("Title", { exact: true }).fill("   ");
  await page.getByLabel("Description").fill("Some text");
  await page.getByLabel("Author", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Title and description are required.")).toBeVisible();
  await expect(page.getByText("Author is required.")).toBeVisible();
  await expect(page.getByText("Please upload a valid image before submitting.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page
    .getByLabel("Description")
    .fill(`## What we changed\n\nImages got **smaller** ${tag}.\nPages got faster.`);
  await page.getByLabel("Author", { exact: true }).fill("ana");
  await page.getByLabel("Author name").fill("Ana Lima");
  await page.getByLabel("Excerpt").fill(`An excerpt ${tag}.`);
  await page.getByLabel("Tags").fill(`Performance, ${tag}, performance`);
  await coverPicker(page).setInputFiles(await pngFile("cover.png"));
  // The cover's alt text is required (or the box that marks it decorative).
  const cover = page.getByRole("group", { name: "Cover image" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(
    cover.getByText("Describe the image for people who cannot see it, or tick “Decorative only”."),
  ).toBeVisible();
  if (!javaScriptEnabled) {
    // The refused form does not keep the picked file: pick it again.
    await coverPicker(page).setInputFiles(await pngFile("cover.png"));
  }
  await cover.getByLabel("Alt text").fill(`A speed gauge ${tag}`);
  if (javaScriptEnabled) {
    // Uploaded at once: the hidden field holds the stored address before Create.
    await expect(page.locator('input[type="hidden"][name="imageUrl"]')).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
    );
  }
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "Blog created.");
  await expect(page).toHaveURL(PAGE);
  // Newest first: the new post leads the table.
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow).toContainText(title);
  await expect(firstRow).toContainText("Ana Lima");
  // The thumbnail is decorative (alt=""): the title beside it names the row.
  const imageSrc = await firstRow.locator("img").getAttribute("src");
  expect(imageSrc).toMatch(/^\/images\/[0-9a-f]{24}$/);

  // The public blog reads it on the next request.
  await page.goto("/blog");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page).toHaveURL(/\/blog\/[0-9a-f]{24}$/);
  const postUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Ana Lima")).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "Performance",
    tag,
  ]);
  await expect(page.getByRole("heading", { level: 2, name: "What we changed" })).toBeVisible();
  await expect(page.locator("strong", { hasText: "smaller" })).toBeVisible();
  // The cover says what it shows.
  await expect(page.locator(`main img[src="${imageSrc}"]`)).toBeVisible();
  await expect(page.locator(`main img[src="${imageSrc}"]`)).toHaveAttribute(
    "alt",
    `A speed gauge ${tag}`,
  );
  const image = await page.request.get(imageSrc as string);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");

  // Edit, found through the search box.
  await page.goto(PAGE);
  await page.getByRole("searchbox", { name: "Search blog posts" }).fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`1 blog post matches “${tag}”`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Blog Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Tags")).toHaveValue(`Performance, ${tag}`);
  const edited = `Even faster sites ${tag}`;
  await page.getByLabel("Title", { exact: true }).fill(edited);
  await page.getByRole("button", { name: "Update" }).click();
  await expectFlash(page, "Blog updated.");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByRole("row").nth(1)).toContainText(edited);

  await page.goto(postUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(edited);

  // Delete: the SPEC's question first, then a POST.
  await page.goto(`${PAGE}?q=${tag}`);
  const deleteControl = javaScriptEnabled
    ? page.getByRole("button", { name: `Delete ${edited}` })
    : page.getByRole("link", { name: `Delete ${edited}` });
  await deleteControl.click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(edited);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await deleteControl.click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&delete=[0-9a-f]{24}$`));
    const step = page.getByRole("region", { name: CONFIRM });
    await expect(step).toContainText(edited);
    await step.getByRole("button", { name: "Delete", exact: true }).click();
  }
  await expectFlash(page, "Blog moved to the trash.");
  await expect(page.getByText("No blog articles found.")).toBeVisible();

  // Gone from the blog at once; its image kept while the post is in the trash.
  expect((await page.request.get(postUrl)).status()).toBe(404);
  expect((await page.request.get(imageSrc as string)).status()).toBe(200);
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: edited })).toHaveCount(0);
  // Deleted forever from the trash: the image goes too.
  await page.goto("/admin/dashboard/blogs?trash");
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: `Delete forever ${edited}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete forever" }).click();
  } else {
    await page.getByRole("link", { name: `Delete forever ${edited}` }).click();
    await page.getByRole("button", { name: "Delete forever", exact: true }).click();
  }
  await expectFlash(page, "Blog deleted forever.");
  expect((await page.request.get(imageSrc as string)).status()).toBe(404);
});

test("the description's preview renders the Markdown and saves nothing", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = uniqueTag(testInfo);
  await openNewForm(page);
  // The issue: a 6-row textarea.
  await expect(page.getByLabel("Description")).toHaveAttribute("rows", "6");
  await page.getByLabel("Title", { exact: true }).fill(`Draft ${tag}`);
  await page
    .getByLabel("Description")
    .fill(`# Big idea\n\nA **bold** claim ${tag}.\n\n<script>window.hacked = 1</script>`);
  await page.getByLabel("Tags").fill("one, two");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: /^Preview/ });
  await expect(preview).toBeVisible();
  // The post's title is the page's only h1: a level-one heading in the text becomes an h2.
  await expect(preview.getByRole("heading", { level: 2, name: "Big idea" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("bold");
  // Raw HTML is not shown, not even as text.
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview).not.toContainText("window.hacked");

  if (javaScriptEnabled) {
    // Live: the preview follows the typing, and the button hides it again.
    await page.getByLabel("Description").fill(`Changed *words* ${tag}`);
    await expect(preview.locator("em")).toHaveText("words");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(preview).toBeHidden();
  } else {
    // The form came back with every value, landing on the description.
    await expect(page).toHaveURL(new RegExp(`${PAGE}\\?new=?#blog-description$`));
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Draft ${tag}`);
    await expect(page.getByLabel("Tags")).toHaveValue("one, two");
    await expect(page.getByLabel("Description")).toHaveValue(new RegExp(`bold\\*\\* claim ${tag}`));
  }
  // Nothing was saved.
  await page.goto(`${PAGE}?q=${tag}`);
  await expect(page.getByText("No blog articles found.")).toBeVisible();
});

test.describe(() => {
  // With JavaScript the upload answers 400, which Chromium logs.
  test.use({ expectedFailedLoads: ["/admin/dashboard/uploads"] });
  test("an SVG cover is refused saying SVG is not accepted", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await openNewForm(page);
    await page.getByLabel("Title", { exact: true }).fill(`Vector ${tag}`);
    await page.getByLabel("Description").fill("Text");
    await page.getByLabel("Author", { exact: true }).fill("ana");
    await coverPicker(page).setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Create" }).click();
    await expect(
      page.getByText(
        "Image upload failed: SVG drawings are not accepted (they can carry scripts). Export it as PNG or WebP.",
      ),
    ).toBeVisible();
    if (javaScriptEnabled) {
      // Nothing uploaded, so Create says the image is still missing.
      await page.getByRole("button", { name: "Create" }).click();
      await expect(page.getByText("Please upload a valid image before submitting.")).toBeVisible();
    } else {
      // The other values stay.
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Vector ${tag}`);
    }
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(page.getByText("No blog articles found.")).toBeVisible();
  });
});

test("an author picked from the team shows their portrait and role on the post and its card", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueTag(testInfo);
  const title = `By the design lead ${tag}`;
  await openNewForm(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description").fill(`## Notes\n\nWhy we redrew the icons ${tag}.`);
  await page.getByLabel("Author", { exact: true }).fill("someone");
  // The about page's team (the demo content's).
  await page.getByLabel("Team member").selectOption("Amara Okafor");
  const cover = page.getByRole("group", { name: "Cover image" });
  await coverPicker(page).setInputFiles(await pngFile("icons.png"));
  await cover.getByLabel("Decorative only").check();
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "Blog created.");

  // The member's portrait, as the about page shows it.
  await page.goto("/about");
  const portrait = await page
    .getByRole("img", { name: "Portrait of Amara Okafor" })
    .getAttribute("src");
  expect(portrait).toMatch(/^\/images\//);

  // The card on /blog: the member's name, role and portrait; the text is the body's prose.
  await page.goto("/blog");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText("Amara Okafor");
  await expect(card).toContainText("Design Lead");
  await expect(card).toContainText(`Why we redrew the icons ${tag}.`);
  await expect(card).not.toContainText("Notes");
  await expect(card.locator(`img[src="${portrait}"]`)).toHaveCount(1);
  // The decorative cover says nothing to screen readers.
  await expect(card.locator("img").first()).toHaveAttribute("alt", "");

  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const byline = page.locator("header").filter({ hasText: "Amara Okafor" });
  await expect(byline.getByText(", Design Lead", { exact: true })).toBeVisible();
  await expect(byline.locator(`img[src="${portrait}"]`)).toBeVisible();
});

test("unknown and malformed ids answer 404 inside the admin", async ({ page }) => {
  await signIn(page);
  for (const query of ["edit=not-an-id", "delete=0123456789abcdef01234567"]) {
    const response = await page.goto(`${PAGE}?${query}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("This blog post does not exist (it may have been deleted)."),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeVisible();
  }
});

test("the list and the form have no serious axe violation at 375, 768 and 1280 px", {
  tag: "@js-only",
}, async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs inside the page");
  test.setTimeout(120_000);
  await signIn(page);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [PAGE, `${PAGE}?new`]) {
      await page.goto(path);
      if (path.endsWith("?new")) {
        await page.getByLabel("Description").fill("## Heading\n\nSome **text**.");
        await page.getByRole("button", { name: "Preview" }).click();
      }
      expect(await seriousAxeViolations(page), `${width} ${path}`).toEqual([]);
    }
  }
});
