// The admin sidebar's links, in the original client's order, under /admin/dashboard/ with its
// spelling (`intership-page`): the one list to edit when a section is added.
//
// The SPEC points both Dashboard and Blog Posts at /blogs; Dashboard goes to the real dashboard
// here (issue 5 builds one), Blog Posts to /blogs.

export interface AdminNavLink {
  to: string;
  label: string;
}

export const ADMIN_BASE = "/admin/dashboard";

export const ADMIN_NAV: readonly AdminNavLink[] = [
  { to: ADMIN_BASE, label: "Dashboard" },
  { to: `${ADMIN_BASE}/blogs`, label: "Blog Posts" },
  { to: `${ADMIN_BASE}/testimonials`, label: "Testimonials" },
  { to: `${ADMIN_BASE}/services`, label: "Services" },
  { to: `${ADMIN_BASE}/about`, label: "About" },
  { to: `${ADMIN_BASE}/resources`, label: "Resources" },
  { to: `${ADMIN_BASE}/highlights`, label: "Highlights" },
  { to: `${ADMIN_BASE}/hero`, label: "Hero" },
  { to: `${ADMIN_BASE}/intership-page`, label: "Internships" },
  { to: `${ADMIN_BASE}/contact`, label: "Contact" },
  { to: `${ADMIN_BASE}/quotes`, label: "Quotes" },
  { to: `${ADMIN_BASE}/contact-forms`, label: "Contact Forms" },
  // Not in the SPEC's sidebar: the newsletter list (issue 7).
  { to: `${ADMIN_BASE}/subscribers`, label: "Subscribers" },
  { to: `${ADMIN_BASE}/footer`, label: "Footer" },
  { to: `${ADMIN_BASE}/faq`, label: "FAQ" },
  // Not in the SPEC's sidebar: what is site-wide (brand, legal name, logo, e-mail, phone…).
  { to: `${ADMIN_BASE}/settings`, label: "Site settings" },
];

/** Account pages, listed apart below the content sections. */
export const ADMIN_ACCOUNT_NAV: readonly AdminNavLink[] = [
  { to: `${ADMIN_BASE}/admins`, label: "Admins" },
  { to: `${ADMIN_BASE}/audit`, label: "Audit log" },
  { to: `${ADMIN_BASE}/change-password`, label: "Change password" },
];
