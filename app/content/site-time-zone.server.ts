// The site's time zone: the site settings' choice, else the server's SITE_TIME_ZONE (UTC unless
// set). Scheduled publishing times are typed and shown in it (lib/zoned-time.ts).
import { getEnv } from "~/env.server";
import { isTimeZone } from "~/lib/zoned-time";
import { siteSettingsStore } from "./documents.server";

export async function siteTimeZone(): Promise<string> {
  const chosen = (await siteSettingsStore.get())?.timeZone;
  return chosen && isTimeZone(chosen) ? chosen : getEnv().SITE_TIME_ZONE;
}
