// The admin sidebar's links (SPEC §2), in its order, under /admin/dashboard/ with the SPEC's
// spelling (`intership-page`). THE one list to edit when a section's editor lands: set
// `ready: true` and the link loses its "Soon" mark. Until then its URL shows the admin 404
// 'This section is not available yet.' (routes/admin/not-found.tsx).
//
// The SPEC points both Dashboard and Blog Posts at /blogs; Dashboard goes to the real dashboard
// here (issue 5 builds one), Blog Posts to /blogs.

export interface AdminNavLink {
  to: string;
  label: string;
  /** False while the section's editor does not exist yet. */
  ready: boolean;
}

export const ADMIN_BASE = "/admin/dashboard";

export const ADMIN_NAV: readonly AdminNavLink[] = [
  { to: ADMIN_BASE, label: "Dashboard", ready: true },
  { to: `${ADMIN_BASE}/blogs`, label: "Blog Posts", ready: true },
  { to: `${ADMIN_BASE}/testimonials`, label: "Testimonials", ready: true },
  { to: `${ADMIN_BASE}/services`, label: "Services", ready: true },
  { to: `${ADMIN_BASE}/about`, label: "About", ready: true },
  { to: `${ADMIN_BASE}/resources`, label: "Resources", ready: true },
  { to: `${ADMIN_BASE}/highlights`, label: "Highlights", ready: true },
  { to: `${ADMIN_BASE}/hero`, label: "Hero", ready: true },
  { to: `${ADMIN_BASE}/intership-page`, label: "Internships", ready: true },
  { to: `${ADMIN_BASE}/contact`, label: "Contact", ready: true },
  { to: `${ADMIN_BASE}/quotes`, label: "Quotes", ready: true },
  { to: `${ADMIN_BASE}/contact-forms`, label: "Contact Forms", ready: true },
  // Not in the SPEC's sidebar: the newsletter list (issue 7).
  { to: `${ADMIN_BASE}/subscribers`, label: "Subscribers", ready: true },
  { to: `${ADMIN_BASE}/footer`, label: "Footer", ready: true },
  { to: `${ADMIN_BASE}/faq`, label: "FAQ", ready: true },
];

/** Account pages, listed apart below the content sections. */
export const ADMIN_ACCOUNT_NAV: readonly AdminNavLink[] = [
  { to: `${ADMIN_BASE}/admins`, label: "Admins", ready: true },
  { to: `${ADMIN_BASE}/audit`, label: "Audit log", ready: true },
  { to: `${ADMIN_BASE}/change-password`, label: "Change password", ready: true },
];
