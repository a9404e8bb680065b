// Toggle Active, one small POST form per row of the internships table: without JavaScript a
// POST/redirect/GET like every other change; with it sent by a fetcher (asking for a data
// answer), so the page stays where it is and the row changes once the server has answered.
import { PowerIcon } from "@phosphor-icons/react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { rowActionClass } from "~/components/admin/list-controls";
import { RESPOND_FIELD, TOGGLE_INTENT } from "~/content/internships";
import { INTERNSHIP_ERROR } from "~/domain/internship";
import { useHydrated } from "~/lib/use-hydrated";
import type { Note } from "./internship-form";

/** What the action answers a fetcher: the message, or the red line's text. */
interface ToggleAnswer {
  message?: string;
  listError: string | null;
}

export function ToggleActive({
  internship,
  onAnswer,
}: {
  internship: { _id: string; title: string; isActive: boolean };
  onAnswer: (note: Note) => void;
}) {
  const fetcher = useFetcher<ToggleAnswer>();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const report = useRef(onAnswer);
  report.current = onAnswer;
  useEffect(() => {
    if (!answer) return;
    report.current(
      answer.message
        ? { ok: true, text: answer.message, at: Date.now() }
        : { ok: false, text: answer.listError ?? INTERNSHIP_ERROR, at: Date.now() },
    );
  }, [answer]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={TOGGLE_INTENT} />
      <input type="hidden" name="id" value={internship._id} />
      {hydrated ? <input type="hidden" name={RESPOND_FIELD} value="data" /> : null}
      <button
        type="submit"
        aria-disabled={pending}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
        className={`${rowActionClass} w-full whitespace-nowrap aria-disabled:cursor-wait aria-disabled:opacity-70`}
      >
        <PowerIcon aria-hidden="true" className="h-4 w-4" />
        {pending ? "Toggling..." : "Toggle Active"}
        <span className="sr-only">
          {" "}
          of {internship.title} (now {internship.isActive ? "active" : "inactive"})
        </span>
      </button>
    </fetcher.Form>
  );
}
