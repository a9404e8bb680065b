// Move up / Move down, wherever staff set the order the site shows things in: a row of an
// ordered list (FAQs, testimonials, highlights: a small POST form of the record's new place) and a
// row of a document's row list (services, team: a submit button of the document's own form,
// which comes back reordered). Plain submit buttons either way, so no JavaScript is needed.
import { ArrowDownIcon, ArrowUpIcon } from "@phosphor-icons/react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { rowActionClass } from "./list-controls";

export type Direction = "up" | "down";

const ARROW = { up: ArrowUpIcon, down: ArrowDownIcon } as const;

/**
 * A document row's button (conform's reorder intent in `button`); disabled without one (the
 * first row's Move up, the last one's Move down). "Up" shows from the `sm` breakpoint.
 */
export function MoveRowButton({
  direction,
  subject,
  button,
  className,
}: {
  direction: Direction;
  /** What moves, for screen readers and the tip ("Move service 2 up"). */
  subject: string;
  button: ComponentProps<"button"> | undefined;
  className: string;
}) {
  const Arrow = ARROW[direction];
  const label = `Move ${subject} ${direction}`;
  return (
    <button
      type="submit"
      {...button}
      disabled={!button}
      aria-label={label}
      title={label}
      className={className}
    >
      <Arrow aria-hidden="true" className="h-4 w-4" />
      <span className="max-sm:sr-only">{direction === "up" ? "Up" : "Down"}</span>
    </button>
  );
}

/**
 * A list row's button: posts `intent=move` with the record's id and the 1-based place it goes
 * to. Past an end there is nothing to move to: an empty cell keeps the grid's columns.
 */
export function MovePostButton({
  direction,
  id,
  to,
  count,
  subject,
}: {
  direction: Direction;
  id: string;
  to: number;
  /** How many records the whole list has. */
  count: number;
  subject: string;
}) {
  if (to < 1 || to > count) return <span />;
  const Arrow = ARROW[direction];
  return (
    // The list stays where it is: the row moves, the page does not scroll to the top.
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="position" value={to} />
      <button type="submit" className={`${rowActionClass} w-full`} title={`Move ${direction}`}>
        <Arrow aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">
          Move {direction} {subject}
        </span>
      </button>
    </Form>
  );
}
