// A content type's texts (defineCollection, collectionTexts): those a description leaves out
// are worded from its noun. The flashes (a delete's says the record went to the trash), 404s, delete questions and save failures are what
// admins and API clients read: each type's are written out here word for word, so a change to
// the wording from the noun shows as a failing case.
import { describe, expect, it } from "vitest";
import { blogs } from "../blogs";
import { faqs } from "../faqs";
import { highlights } from "../highlights";
import { resources } from "../resources";
import { testimonials } from "../testimonials";
import { collectionTexts } from "./types";

const SAVE_FAILED = "Unexpected error: the change could not be saved. Please try again.";

describe("collectionTexts", () => {
  it("words every text from the noun, capitalised where a sentence starts", () => {
    expect(collectionTexts("partner")).toEqual({
      created: "Partner created.",
      updated: "Partner updated.",
      deleted: "Partner deleted.",
      trashed: "Partner moved to the trash.",
      restored: "Partner restored.",
      purged: "Partner deleted forever.",
      purgeConfirm: "Delete this partner forever? This cannot be undone.",
      notFound: "This partner does not exist (it may have been deleted).",
      deleteConfirm: "Are you sure you want to delete this partner?",
      createFailed: "Failed to create partner.",
      updateFailed: "Failed to update partner.",
    });
  });
});

describe("each type's texts", () => {
  it.each([
    [
      testimonials.entity,
      testimonials,
      {
        created: "Testimonial created.",
        updated: "Testimonial updated.",
        deleted: "Testimonial deleted.",
        trashed: "Testimonial moved to the trash.",
        restored: "Testimonial restored.",
        purged: "Testimonial deleted forever.",
        purgeConfirm: "Delete this testimonial forever? This cannot be undone.",
        notFound: "This testimonial does not exist (it may have been deleted).",
        deleteConfirm: "Are you sure you want to delete this testimonial?",
        createFailed: "Failed to create testimonial.",
        updateFailed: "Failed to update testimonial.",
      },
    ],
    [
      resources.entity,
      resources,
      {
        created: "Resource created.",
        updated: "Resource updated.",
        deleted: "Resource deleted.",
        trashed: "Resource moved to the trash.",
        restored: "Resource restored.",
        purged: "Resource deleted forever.",
        purgeConfirm: "Delete this resource forever? This cannot be undone.",
        notFound: "This resource does not exist (it may have been deleted).",
        deleteConfirm: "Are you sure you want to delete this resource?",
        createFailed: "Failed to create resource.",
        updateFailed: "Failed to update resource.",
      },
    ],
    [
      faqs.entity,
      faqs,
      {
        created: "FAQ created.",
        updated: "FAQ updated.",
        deleted: "FAQ deleted.",
        trashed: "FAQ moved to the trash.",
        restored: "FAQ restored.",
        purged: "FAQ deleted forever.",
        purgeConfirm: "Delete this FAQ forever? This cannot be undone.",
        notFound: "This FAQ does not exist (it may have been deleted).",
        deleteConfirm: "Are you sure you want to delete this FAQ?",
        createFailed: "Operation failed.",
        updateFailed: "Operation failed.",
      },
    ],
    [
      highlights.entity,
      highlights,
      {
        created: "Highlight created.",
        updated: "Highlight updated.",
        deleted: "Highlight deleted.",
        trashed: "Highlight moved to the trash.",
        restored: "Highlight restored.",
        purged: "Highlight deleted forever.",
        purgeConfirm: "Delete this highlight forever? This cannot be undone.",
        notFound: "This highlight does not exist (it may have been deleted).",
        deleteConfirm: "Are you sure you want to delete this highlight?",
        createFailed: SAVE_FAILED,
        updateFailed: SAVE_FAILED,
      },
    ],
    [
      blogs.entity,
      blogs,
      {
        created: "Blog created.",
        updated: "Blog updated.",
        deleted: "Blog deleted.",
        trashed: "Blog moved to the trash.",
        restored: "Blog restored.",
        purged: "Blog deleted forever.",
        purgeConfirm: "Delete this blog forever? This cannot be undone.",
        notFound: "This blog post does not exist (it may have been deleted).",
        apiNotFound: "Blog not found.",
        deleteConfirm: "Are you sure you want to delete this blog?",
        createFailed: "Failed to create blog.",
        updateFailed: "Failed to update blog.",
      },
    ],
  ])("%s says what it always said (and what its trash says)", (_entity, type, texts) => {
    expect(type.texts).toEqual(texts);
  });
});
