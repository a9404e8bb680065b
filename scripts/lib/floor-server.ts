// The node floor of `npm run bench`: the cheapest answer a Node server can give, node:http
// handing out bytes it already holds. It serves the pages the bench fetched once from the app
// (the directory static-floor.ts wrote, which nginx serves too), so app/floor compares the app
// with Node itself on the same HTML, byte for byte.
//
//   node --import tsx scripts/lib/floor-server.ts <port> <pages directory>
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { type FloorPage, MANIFEST } from "./floor-pages";

const [portArg, dir] = process.argv.slice(2);
if (!portArg || !dir) {
  console.error("usage: floor-server.ts <port> <pages directory>");
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")) as FloorPage[];
const pages = new Map<string, Buffer>(
  manifest.map((page) => [page.path, readFileSync(path.join(dir, "pages", page.file))]),
);

const server = createServer((req, res) => {
  const body = pages.get(req.url ?? "");
  if (!body) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
    return;
  }
  res
    .writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length })
    .end(body);
});
server.listen(Number(portArg), () => console.log(`floor listening on ${portArg}`));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => process.exit(0));
}
