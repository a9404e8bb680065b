// The floor of `npm run bench`: the cheapest answer a Node server can give, node:http handing
// out bytes it already holds. It fetches each page once from the app and then serves those
// bytes from memory, so app/floor compares the app with Node itself on the same HTML.
//
//   node --import tsx scripts/lib/floor-server.ts <port> <app origin> <path>...
import { createServer } from "node:http";

const [portArg, origin, ...paths] = process.argv.slice(2);
if (!portArg || !origin || paths.length === 0) {
  console.error("usage: floor-server.ts <port> <app origin> <path>...");
  process.exit(2);
}

const pages = new Map<string, Buffer>();
for (const page of paths) {
  // Identity, like the load generator asks for: the floor serves the uncompressed bytes.
  const response = await fetch(new URL(page, origin), {
    headers: { "Accept-Encoding": "identity" },
  });
  if (response.status !== 200) {
    console.error(`floor: ${page} answered ${response.status}`);
    process.exit(1);
  }
  pages.set(page, Buffer.from(await response.arrayBuffer()));
}

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
