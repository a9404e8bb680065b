// The pages' bytes as both floors of `npm run bench` serve them: fetched once from the app and
// written to a temporary directory. The node floor (floor-server.ts) holds them in memory, nginx
// (static-floor.ts) answers them as files: both send exactly the bytes the app sent.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface FloorPage {
  /** The address the bench requests, query string included: "/internships?domain=Tech". */
  path: string;
  /** The file that holds its bytes, relative to the pages directory: "1.html". */
  file: string;
}

export const MANIFEST = "pages.json";

/**
 * Writes each page's bytes to <dir>/pages/<n>.html and the list to <dir>/pages.json. The
 * directory is readable by all: started by root, nginx's worker runs as nobody.
 */
export function writeFloorPages(pages: Map<string, Buffer>): { dir: string; pages: FloorPage[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-floor-"));
  chmodSync(dir, 0o755);
  const pagesDir = path.join(dir, "pages");
  const list: FloorPage[] = [];
  mkdirSync(pagesDir);
  // mkdirSync honours the umask: chmod so nginx's worker can read it whatever the umask is.
  chmodSync(pagesDir, 0o755);
  for (const [page, bytes] of pages) {
    const file = `${list.length}.html`;
    writeFileSync(path.join(pagesDir, file), bytes);
    chmodSync(path.join(pagesDir, file), 0o644);
    list.push({ path: page, file });
  }
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(list, null, 2));
  return { dir, pages: list };
}
