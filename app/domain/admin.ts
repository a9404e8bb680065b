// Admin forms: the zod schemas behind sign-in, adding an admin and changing a password. Shared
// by the browser (conform's instant checks) and the server (the real checks). The server adds
// the common-password policy (password-policy.server.ts), whose list stays off the browser.
import { z } from "zod";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

const required = (what: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `${what} is required.` : `${what} is not valid.`,
});

const email = z
  .string(required("E-mail"))
  .trim()
  .max(254, "An e-mail address has at most 254 characters.")
  .pipe(z.email("Enter a valid e-mail address."));

/** Characters as people count them (code points), as the server's policy counts them. */
const characters = (value: string) => Array.from(value).length;

/** A password being set: length only here; the server also applies the full policy. */
const newPassword = (what: string) =>
  z
    .string(required(what))
    .refine(
      (value) => characters(value) >= PASSWORD_MIN,
      `Use at least ${PASSWORD_MIN} characters.`,
    )
    .refine(
      (value) => characters(value) <= PASSWORD_MAX,
      `Use at most ${PASSWORD_MAX} characters.`,
    );

/** The signed-in admin's own password, asked again before a sensitive change. */
const ownPassword = (what: string) => z.string(required(what)).max(1024, "Password is too long.");

export const loginSchema = z.object({
  email,
  // No policy at sign-in: an older password must still let its owner in. The cap bounds the
  // work a request can ask of the hash function.
  password: z.string(required("Password")).max(1024, "Password is too long."),
  redirectTo: z.string().optional(),
});

/**
 * The sign-in page's second step while the account is under attack (auth.server.ts
 * signInWithCode): the e-mailed code, with the e-mail and challenge the first step handed out.
 */
export const signInCodeSchema = z.object({
  intent: z.literal("code"),
  email,
  challenge: z.string(required("The sign-in step")).max(100, "The sign-in step is not valid."),
  code: z
    .string(required("Code"))
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail.")),
  redirectTo: z.string().optional(),
});

export const addAdminSchema = z.object({
  email,
  password: newPassword("Password"),
  currentPassword: ownPassword("Your current password"),
});

export const changePasswordSchema = z
  .object({
    currentPassword: ownPassword("Current password"),
    newPassword: newPassword("New password"),
    confirmPassword: z.string(required("Confirmation")),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords do not match.",
  });

export const ONLY_ADMINS_ADD = "Only a signed-in admin can add another admin.";
export const OWN_PASSWORD_NEEDED = "Enter your current password to add an admin.";
export const WRONG_OWN_PASSWORD = "Your current password is not correct.";

export const REMOVE_ADMIN_INTENT = "remove";
export const ADD_ADMIN_INTENT = "add";
