// GET, POST /api/internships (also GET /api/internships/, which the dashboard reads): the list,
// newest first, and a new internship, built by the content kit from app/content/internships.ts.
// With a token the list has every internship, active or not (the admin toggles inactive ones
// back on); without one only the active ones with the site's status (`publicView`).
import { collectionApi } from "~/content/kit/api.server";
import { internshipStore } from "~/content/stores.server";

const api = collectionApi(internshipStore).list;

export const loader = api.loader;
export const action = api.action;
