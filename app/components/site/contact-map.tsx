// The embedded map on /contact: an iframe from a maps service. The URL reaching
// here is already checked to be https (app/content/contact-info.server.ts). The frame loads
// lazily (it sits below the form), sends only our origin as referrer, and runs sandboxed: the
// map may run its scripts and open links in a new tab, but never navigate this page.
// A map that cannot load (the service is down or blocked, a strict network, no connection)
// must not leave an empty grey box: a drawn stand-in with the address and a link to the map
// sits behind the frame and shows through wherever the frame draws nothing, and the link to
// open the map in a new tab is also under the frame, for everyone.
import { Icon } from "~/components/icon/icon";

/**
 * Where "Open the map" leads: for an OpenStreetMap embed with a marker, the same place on the
 * full OpenStreetMap site; for any other service, the embed address itself, which every
 * service also serves as a page of its own.
 */
export function openMapUrl(src: string): string {
  try {
    const url = new URL(src);
    const marker = url.searchParams.get("marker")?.match(/^(-?[\d.]+),(-?[\d.]+)$/);
    if (url.hostname.endsWith("openstreetmap.org") && marker) {
      const [, lat, lon] = marker;
      return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
    }
  } catch {
    // Not a URL: checked upstream, so only the embed address itself is left.
  }
  return src;
}

export function ContactMap({ src, address }: { src: string; address: string }) {
  const href = openMapUrl(src);
  return (
    <section aria-labelledby="map-heading" className="pb-16 sm:pb-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div>
            <h2 id="map-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              Find us
            </h2>
            {address ? <p className="mt-2 text-slate-700">{address}</p> : null}
          </div>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-blue-700 underline-offset-4 hover:underline"
          >
            Open the map
            <Icon name="arrow-up-right" weight="bold" className="h-4 w-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <div className="map-fallback relative mt-6 overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
          {/* Behind the frame: seen only where the map draws nothing. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center"
          >
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white text-blue-700 shadow-md ring-1 ring-slate-200">
              <Icon name="map-pin" weight="duotone" className="h-7 w-7" />
            </span>
            {address ? (
              <span className="max-w-sm rounded-lg bg-white/90 px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm">
                {address}
              </span>
            ) : null}
            <span className="text-sm text-slate-600">
              The map could not be shown here. Use “Open the map” above.
            </span>
          </div>
          <iframe
            src={src}
            title={address ? `Map showing our office at ${address}` : "Map showing our office"}
            width={1280}
            height={480}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            className="relative block aspect-[4/3] h-auto w-full border-0 sm:aspect-[16/9] lg:aspect-[8/3]"
          />
        </div>
      </div>
    </section>
  );
}
