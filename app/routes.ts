// Every URL of the site, spelled out. One route module per URL; find a feature from its URL here.
import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public pages share the top bar, footer and back-to-top link (routes/site-layout.tsx).
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("internships", "routes/internships.tsx"),
    route("resources", "routes/resources.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    // The quote form as a page: where Get Quotes leads without JavaScript, and the action the
    // quote modal posts to.
    route("quote", "routes/quote.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/blog-post.tsx"),
    // Unknown URLs: HTTP 404 with a helpful page inside the site's shell.
    route("*", "routes/not-found.tsx"),
  ]),
  // Admin: its own shell, outside the public layout. Every loader and action below
  // calls requireAdmin (app/domain/auth.server.ts); routes/admin/guard.test.ts proves it.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/dashboard", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("admins", "routes/admin/admins.tsx"),
    route("change-password", "routes/admin/change-password.tsx"),
    // Who signed in and changed what (read-only; domain/audit.server.ts records).
    route("audit", "routes/admin/audit.tsx"),
    // Every change to one record (a single document: no id), with Restore as draft.
    route("history/:entity/:id?", "routes/admin/history.tsx"),
    // Collection editors: list, create, edit, delete; form states live in the query string.
    route("blogs", "routes/admin/blogs.tsx"),
    route("testimonials", "routes/admin/testimonials.tsx"),
    route("resources", "routes/admin/resources.tsx"),
    route("highlights", "routes/admin/highlights.tsx"),
    route("faq", "routes/admin/faq.tsx"),
    // Internships, at the original app's spelling of the URL, so its links keep working.
    route("intership-page", "routes/admin/internships.tsx"),
    // Single documents: view, then `?edit`, then Save.
    route("hero", "routes/admin/hero.tsx"),
    route("services", "routes/admin/services.tsx"),
    route("about", "routes/admin/about.tsx"),
    route("contact", "routes/admin/contact-info.tsx"),
    route("footer", "routes/admin/footer.tsx"),
    // What is site-wide: brand, legal name, logo, primary e-mail and phone, social profiles.
    route("settings", "routes/admin/settings.tsx"),
    // The lead inbox: lists with filters in the query string, a page per record, CSV exports.
    route("quotes", "routes/admin/quotes.tsx"),
    route("quotes/export", "routes/admin/quotes-export.ts"),
    route("quotes/:id", "routes/admin/quote-detail.tsx"),
    route("contact-forms", "routes/admin/contact-forms.tsx"),
    route("contact-forms/export", "routes/admin/contact-forms-export.ts"),
    route("contact-forms/:id", "routes/admin/contact-form-detail.tsx"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("subscribers/export", "routes/admin/subscribers-export.ts"),
    // Where image fields upload a picked file with JavaScript (JSON; components/admin/image-field.tsx).
    route("uploads", "routes/admin/uploads.ts"),
    // Any other address under the admin: an admin-styled 404, still guarded.
    route("*", "routes/admin/not-found.tsx"),
  ]),
  // The JSON API (the calls the original app made): resource routes, one module per URL, declared
  // with lib/api.server.ts apiRoute (who may call, the zod schemas, the handler) and described at
  // /api/openapi.json.
  ...prefix("api", [
    route("openapi.json", "routes/api/openapi-json.ts"),
    route("auth/login", "routes/api/auth-login.ts"),
    route("auth/register", "routes/api/auth-register.ts"),
    route("auth/logout", "routes/api/auth-logout.ts"),
    // Content collections: lists answer in `data`; writes need a token.
    route("faqs", "routes/api/faqs.ts"),
    route("faqs/:id", "routes/api/faqs-id.ts"),
    route("faqs/trash", "routes/api/faqs-trash.ts"),
    route("faqs/trash/:id", "routes/api/faqs-trash-id.ts"),
    route("blog", "routes/api/blog.ts"),
    route("blog/:id", "routes/api/blog-id.ts"),
    route("blog/trash", "routes/api/blog-trash.ts"),
    route("blog/trash/:id", "routes/api/blog-trash-id.ts"),
    route("testimonials", "routes/api/testimonials.ts"),
    route("testimonials/:id", "routes/api/testimonials-id.ts"),
    route("testimonials/trash", "routes/api/testimonials-trash.ts"),
    route("testimonials/trash/:id", "routes/api/testimonials-trash-id.ts"),
    route("resources", "routes/api/resources.ts"),
    route("resources/:id", "routes/api/resources-id.ts"),
    route("resources/trash", "routes/api/resources-trash.ts"),
    route("resources/trash/:id", "routes/api/resources-trash-id.ts"),
    route("highlights", "routes/api/highlights.ts"),
    route("highlights/:id", "routes/api/highlights-id.ts"),
    route("highlights/trash", "routes/api/highlights-trash.ts"),
    route("highlights/trash/:id", "routes/api/highlights-trash-id.ts"),
    // Multipart, for the image fields above (the SPEC's clients uploaded to an image host).
    route("images", "routes/api/images.ts"),

    // Internships and the single-document pages (GET and PUT).
    route("internships", "routes/api/internships.ts"),
    route("internships/:id", "routes/api/internships-id.ts"),
    route("internships/trash", "routes/api/internships-trash.ts"),
    route("internships/trash/:id", "routes/api/internships-trash-id.ts"),
    route("internships/:id/toggle", "routes/api/internships-id-toggle.ts"),
    route("service-page", "routes/api/service-page.ts"),
    route("about-page", "routes/api/about-page.ts"),
    route("hero-section", "routes/api/hero-section.ts"),
    route("contact-info", "routes/api/contact-info.ts"),
    route("footer-content", "routes/api/footer-content.ts"),
    route("site-settings", "routes/api/site-settings.ts"),

    // Leads and visitors: public posts with the forms' protection; reading them needs a token.
    route("contact", "routes/api/contact.ts"),
    route("contact/:id", "routes/api/contact-id.ts"),
    route("contact/:id/status", "routes/api/contact-id-status.ts"),
    route("quotes", "routes/api/quotes.ts"),
    route("quotes/:id", "routes/api/quotes-id.ts"),
    route("subscribe", "routes/api/subscribe.ts"),
    route("subscribers", "routes/api/subscribers.ts"),
    route("subscribers/:id", "routes/api/subscribers-id.ts"),
    route("visitor-stats", "routes/api/visitor-stats.ts"),

    // Drafts, for every content type at once ({type}: the type's segment above). Declared after
    // the types' own routes: `/api/faqs/draft` is an FAQ's id there, never a document's draft.
    route(":type/:id/publish", "routes/api/type-id-publish.ts"),
    route(":type/:id/unpublish", "routes/api/type-id-unpublish.ts"),
    route(":type/:id/draft", "routes/api/type-id-draft.ts"),
    route(":type/draft", "routes/api/type-draft.ts"),
    route(":type/publish", "routes/api/type-publish.ts"),
    // Every content type's revisions (`:type` is its path above: faqs, hero-section…), after
    // the routes above so that a path both could match (/api/faqs/revisions) stays theirs.
    route(":type/:id/revisions", "routes/api/type-id-revisions.ts"),
    route(":type/:id/revisions/:rev/restore", "routes/api/type-id-revisions-rev-restore.ts"),
    route(":type/revisions", "routes/api/type-revisions.ts"),
    route(":type/revisions/:rev/restore", "routes/api/type-revisions-rev-restore.ts"),
    // Private preview links of any type's record or document (issue 24); revoked by their id.
    route(":type/:id/previews", "routes/api/type-id-previews.ts"),
    route(":type/previews", "routes/api/type-previews.ts"),
    route("previews/:id", "routes/api/previews-id.ts"),
    // Scheduled publishing, likewise for every type.
    route(":type/:id/schedule", "routes/api/type-id-schedule.ts"),
    route(":type/schedule", "routes/api/type-schedule.ts"),

    // Any other address under /api: a JSON 404.
    route("*", "routes/api/not-found.ts"),
  ]),
  // A private preview link of a draft (issue 24): sets the preview cookie, then sends the client
  // to the page; POST /preview/exit (the Preview banner's Exit preview) clears it. Outside the
  // site layout: no public page (it is never canonical, cached or a 200 of its own).
  route("preview/:token", "routes/preview.tsx"),
  // Images stored by the admin editors in GridFS (domain/image.server.ts).
  route("images/:id", "routes/images.ts"),
  // Resource routes for crawlers and feed readers.
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("blog/rss.xml", "routes/blog-rss-xml.ts"),
] satisfies RouteConfig;
