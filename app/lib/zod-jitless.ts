// zod 4 compiles object parsers with `new Function` when it can, and finds out by trying it once:
// under the site's Content-Security-Policy (no 'unsafe-eval', lib/security-headers.server.ts) that
// probe is refused and reported as a violation, though zod catches it. In the browser, zod is told
// up front not to compile (`jitless`), so it never probes; the server keeps the faster parsers.
// It must run before any schema is built, so root.tsx imports this module first.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
