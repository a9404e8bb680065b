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

/** A password being set: length only here; the server also applies the full policy. */
const newPassword = (what: string) =>
  z
    .string(required(what))
    .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const loginSchema = z.object({
  email,
  // No policy at sign-in: an older password must still let its owner in. The cap bounds the
  // work a request can ask of the hash function.
  password: z.string(required("Password")).max(1024, "Password is too long."),
  redirectTo: z.string().optional(),
});

export const addAdminSchema = z.object({
  email,
  password: newPassword("Password"),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(required("Current password")).max(1024, "Password is too long."),
    newPassword: newPassword("New password"),
    confirmPassword: z.string(required("Confirmation")),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords do not match.",
  });

export const REMOVE_ADMIN_INTENT = "remove";
export const ADD_ADMIN_INTENT = "add";
