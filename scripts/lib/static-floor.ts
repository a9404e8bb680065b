// The static floor of `npm run bench`: nginx answering the pages' bytes as files (the directory
// floor-pages.ts wrote, which the node floor serves from memory). It also proves the load
// generator was not the limit: wrk must get answers from it faster than from the node floor.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../tests/support/process";
import type { FloorPage } from "./floor-pages";
import { INSTALL_HINT } from "./wrk";

/** nginx's version line ("nginx/1.22.1"); one clear error when it is missing. */
export function nginxVersion(binary = nginxBinary()): string {
  const result = spawnSync(binary, ["-v"], { encoding: "utf8" });
  const version = /nginx\/\S+/.exec(`${result.stdout}${result.stderr}`)?.[0];
  if (result.error || !version) {
    throw new Error(`bench: nginx is not installed (the static floor): ${INSTALL_HINT}`);
  }
  return version;
}

/** Debian installs nginx in /usr/sbin, which is not on a normal user's PATH. */
export function nginxBinary(): string {
  const onPath = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
  return onPath || "/usr/sbin/nginx";
}

// What an address may hold to be written into nginx's configuration as a quoted string.
const SAFE_PATH = /^\/[A-Za-z0-9/?=&._~%-]*$/;

/**
 * nginx's configuration: one worker process, as the node floor and the cached app are one Node
 * process each; the page for each exact address (query string included, from $request_uri) as a
 * file; the headers as close to the node floor's as nginx allows: Content-Type text/html with
 * charset utf-8, Content-Length, no compression, no ETag, no Server version. nginx still adds
 * Last-Modified and Accept-Ranges (a few bytes more per answer than the node floor's).
 */
export function nginxConfig({
  dir,
  port,
  pages,
}: {
  dir: string;
  port: number;
  pages: FloorPage[];
}): string {
  const entries = pages.map((page) => {
    if (!SAFE_PATH.test(page.path))
      throw new Error(`static floor: unexpected address ${page.path}`);
    return `    "${page.path}" /${page.file};`;
  });
  return `# Written by scripts/lib/static-floor.ts for one run of npm run bench.
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events {
  worker_connections 1024;
}
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The kernel copies the file; its descriptor stays open between requests.
  sendfile on;
  open_file_cache max=64;
  # No TCP_CORK (tcp_nopush): with it the last segment of a page above 64 kB (the internships
  # page) waited for the client's delayed ACK, p99 42 ms instead of 2. Node does not cork either.
  tcp_nopush off;
  # Node keeps a busy keep-alive connection open; nginx closes it after 1000 requests by default.
  keepalive_requests 1000000;
  server_tokens off;
  etag off;
  gzip off;
  types {}
  default_type "text/html; charset=utf-8";
  map $request_uri $floor_file {
    default /not-benchmarked;
${entries.join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    root ${dir}/pages;
    location / {
      try_files $floor_file =404;
    }
  }
}
`;
}

export interface StaticFloor {
  port: number;
  configFile: string;
}

/** Writes the configuration for a port (free unless given); the caller starts nginx with it. */
export async function prepareStaticFloor(
  dir: string,
  pages: FloorPage[],
  port?: number,
): Promise<StaticFloor & { args: string[] }> {
  const chosen = port ?? (await freePort());
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, nginxConfig({ dir, port: chosen, pages }));
  // -p: every relative path under the temporary directory; -e: errors to stderr from the start
  // (before the configuration is read, nginx would open /var/log/nginx/error.log).
  return { port: chosen, configFile, args: ["-p", dir, "-c", configFile, "-e", "stderr"] };
}
