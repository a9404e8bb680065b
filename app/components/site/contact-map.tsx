// The embedded map on /contact: an iframe from a maps service. The URL reaching
// here is already checked to be https (app/content/contact-info.server.ts). The frame loads
// lazily (it sits below the form), sends only our origin as referrer, and runs sandboxed: the
// map may run its scripts and open links in a new tab, but never navigate this page.
export function ContactMap({ src, address }: { src: string; address: string }) {
  return (
    <section aria-labelledby="map-heading" className="pb-16 sm:pb-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="map-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Find us
        </h2>
        {address ? <p className="mt-2 text-slate-700">{address}</p> : null}
        <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm">
          <iframe
            src={src}
            title={address ? `Map showing our office at ${address}` : "Map showing our office"}
            width={1280}
            height={480}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            className="block aspect-[4/3] h-auto w-full border-0 sm:aspect-[16/9] lg:aspect-[8/3]"
          />
        </div>
      </div>
    </section>
  );
}
