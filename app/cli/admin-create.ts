// `npm run admin:create`: adds an admin from the command line, on the database the site uses
// (MONGODB_URI, else the embedded data in DATA_DIR, which must not be open in a running site).
//
//   npm run admin:create                      asks for the e-mail and password (terminal only)
//   npm run admin:create -- --email a@b.example --password '…'
//   NEW_ADMIN_EMAIL=a@b.example NEW_ADMIN_PASSWORD='…' npm run admin:create
//
// Prefer the prompt or the variables: a password given as an argument stays in the shell's
// history and shows in the process list. The password policy is the site's
// (domain/password-policy.server.ts). Prints one line; exits 1 on any problem.
import { parseArgs } from "node:util";
import { closeDatabase, startDatabase } from "#db/client.server";
import { createAdmin } from "~/domain/admin.server";
import { settleAdminNotices } from "~/domain/admin-notice.server";
import { OPERATOR_CLI } from "~/domain/audit";
import { getEnv } from "~/env.server";

const USAGE =
  "Usage: npm run admin:create [-- --email <address> --password <password>] (or NEW_ADMIN_EMAIL / NEW_ADMIN_PASSWORD; in a terminal you are asked)";

/** Reads one line from the terminal; with `hidden`, what is typed is not shown. */
function ask(question: string, hidden = false): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolve, reject) => {
    stdout.write(question);
    let answer = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003" || char === "\u0004") return done(new Error("Cancelled."));
        if (char === "\u007f" || char === "\b") {
          if (answer.length > 0) {
            answer = Array.from(answer).slice(0, -1).join("");
            if (!hidden) stdout.write("\b \b");
          }
        } else if (char >= " ") {
          answer += char;
          if (!hidden) stdout.write(char);
        }
      }
    };
    stdin.on("data", onData);
  });
}

async function main(): Promise<number> {
  let args: { email?: string; password?: string; help?: boolean };
  try {
    args = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 1;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  let email = args.email ?? process.env.NEW_ADMIN_EMAIL ?? "";
  let password = args.password ?? process.env.NEW_ADMIN_PASSWORD ?? "";
  const interactive = process.stdin.isTTY === true;
  if ((!email || !password) && !interactive) {
    console.error(`admin:create needs an e-mail and a password. ${USAGE}`);
    return 1;
  }
  if (!email) email = (await ask("E-mail of the new admin: ")).trim();
  if (!password) {
    password = await ask("Password (12-128 characters, not shown): ", true);
    if ((await ask("Same password again: ", true)) !== password) {
      console.error("admin:create: the two passwords differ; nothing was created.");
      return 1;
    }
  }
  // Quiet: the one line below is the whole report.
  await startDatabase({ log: () => {} });
  const result = await createAdmin({ email, password }, OPERATOR_CLI);
  if (!result.ok) {
    console.error(`admin:create: ${result.message} Nothing was created.`);
    return 1;
  }
  console.log(`Admin ${result.admin.email} created: sign in at ${getEnv().SITE_URL}/admin/login`);
  // The other admins hear of it before the process exits.
  await settleAdminNotices();
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
}
await closeDatabase().catch(() => {});
process.exit(code);
