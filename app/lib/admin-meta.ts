// <title> and robots tag of admin pages: never indexed, never followed.
import type { MetaDescriptor } from "react-router";

export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Bureau admin` }, { name: "robots", content: "noindex, nofollow" }];
}
