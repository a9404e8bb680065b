// /admin/dashboard/highlights: the home page's 'Why Choose' cards, built by the content kit from
// app/content/highlights.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`). The highlight's own
// part is here: the position that decides each card's icon and colour on the home page (first
// a headset, second users, the rest a trophy), chosen in the form or changed with Move up /
// Move down, each a small POST form, so it all works without JavaScript. The table lists the
// cards in home-page order (app/content/highlights.server.ts keeps it), not newest first.
import type { FieldMetadata } from "@conform-to/react";
import { ArrowDownIcon, ArrowUpIcon } from "@phosphor-icons/react";
import { data, Form } from "react-router";
import { rowActionClass } from "~/components/admin/list-controls";
import { SelectField } from "~/components/forms/fields";
import { Icon } from "~/components/icon/icon";
import { highlightStyle } from "~/components/site/highlight-cards";
import { highlights, moveSchema, POSITION_MESSAGE } from "~/content/highlights";
import { collectionAdmin, type IntentContext } from "~/content/kit/admin.server";
import { CollectionEditor, CollectionScreen, collectionMeta } from "~/content/kit/admin-screen";
import { highlightStore } from "~/content/stores.server";
import { attempt, notFound, unexpectedError } from "~/lib/admin-crud.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/highlights";

const MOVE_INTENT = "move";
const { texts } = highlights;

/** Move up / Move down: the card goes to the posted 1-based position. */
async function move({ form, id, actor, back }: IntentContext) {
  if (id === null || !(await highlightStore.get(id))) notFound(texts.notFound);
  const failure = (listError: string, status: number) =>
    data({ result: null, listError }, { status });
  const submission = parseFormWith(form, moveSchema);
  if (submission.status !== "success") return failure(POSITION_MESSAGE, 400);
  const { position } = submission.value;
  const moved = await attempt("Moving a highlight", () => highlightStore.move(id, position, actor));
  if (!moved.ok) return failure(unexpectedError(moved.error), 500);
  if (!moved.value) notFound(texts.notFound);
  return redirectWithFlash(back, `Highlight moved to position ${position}.`);
}

const screen = collectionAdmin(highlightStore, { intents: { [MOVE_INTENT]: move } });

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = (args) => collectionMeta(highlights, args);

const ICON_NAMES: Record<string, string> = {
  headset: "headset, blue",
  users: "users, green",
  trophy: "trophy, yellow",
};

/** "2 – users, green": what a position looks like on the home page. */
function positionLabel(position: number): string {
  return `${position} – ${ICON_NAMES[highlightStyle(position - 1).iconName]}`;
}

/** The form's position select: where the card goes, and so which icon it gets. */
function PositionField({
  meta,
  formErrorId,
  count,
  editingPosition,
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  formErrorId: string | undefined;
  /** How many cards there are now. */
  count: number;
  /** The edited card's current 1-based position; null for a new card. */
  editingPosition: number | null;
}) {
  // A new card can go anywhere from 1 to one past the end; an edited one within the list.
  const places = editingPosition === null ? count + 1 : count;
  return (
    <div className="max-w-sm">
      <SelectField
        // A number for zod; the select posts its digits, which conform turns into one.
        meta={meta as unknown as FieldMetadata<string, Record<string, unknown>, string[]>}
        label="Position on the home page"
        options={Array.from({ length: places }, (_, i) => String(i + 1))}
        placeholder={
          editingPosition === null
            ? `Last (${positionLabel(count + 1)})`
            : `Keep its place (${positionLabel(editingPosition)})`
        }
        formErrorId={formErrorId}
      />
      <p className="mt-1.5 text-sm text-slate-600">
        The position decides the icon: 1 a headset in blue, 2 users in green, 3 and after a trophy
        in yellow.
      </p>
    </div>
  );
}

type AdminRow = Route.ComponentProps["loaderData"]["items"][number];

/** Move up / Move down: a POST of the card's new position (past an end, an empty cell). */
function MoveButton({ card, to, count }: { card: AdminRow; to: number; count: number }) {
  if (to < 1 || to > count) return <span />;
  const direction = to < card.position ? "up" : "down";
  const Arrow = direction === "up" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={MOVE_INTENT} />
      <input type="hidden" name="id" value={card._id} />
      <input type="hidden" name="position" value={to} />
      <button type="submit" className={`${rowActionClass} w-full`}>
        <Arrow aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">
          Move {direction} {card.title}
        </span>
      </button>
    </Form>
  );
}

/** A card's position with the icon it gets: a column, or a smaller line above the title. */
function positionCell({ position }: { position: number }, narrow: boolean) {
  const { iconName, tone } = highlightStyle(position - 1);
  return narrow ? (
    <p className="flex items-center gap-2 text-xs font-semibold text-slate-700">
      <span className={`flex h-7 w-7 items-center justify-center rounded-lg ${tone}`}>
        <Icon name={iconName} weight="duotone" className="h-4 w-4" />
      </span>
      Position {position}
    </p>
  ) : (
    <span className="flex items-center gap-3 whitespace-nowrap">
      <span className={`flex h-10 w-10 items-center justify-center rounded-xl ${tone}`}>
        <Icon name={iconName} weight="duotone" className="h-6 w-6" />
      </span>
      <span className="text-base font-semibold text-slate-900">{position}</span>
    </span>
  );
}

export default function ManageHighlights({ loaderData, actionData }: Route.ComponentProps) {
  const { items, count, editing } = loaderData;
  const editingPosition = editing
    ? (items.find((h) => h._id === editing._id)?.position ?? editing.order + 1)
    : null;
  return (
    <CollectionScreen
      type={highlights}
      loaderData={loaderData}
      actionData={actionData}
      editor={(props) => (
        <CollectionEditor
          {...props}
          extraFields={(fields, formErrorId) => (
            <PositionField
              meta={fields.position as FieldMetadata<unknown, Record<string, unknown>, string[]>}
              formErrorId={formErrorId}
              count={count}
              editingPosition={editingPosition}
            />
          )}
        />
      )}
      table={{
        cells: { position: positionCell },
        actions: {
          // Up and down keep their columns at the ends of the list.
          before: (h) => (
            <>
              <MoveButton card={h} to={h.position - 1} count={count} />
              <MoveButton card={h} to={h.position + 1} count={count} />
            </>
          ),
          className:
            "ml-auto grid w-max grid-cols-2 gap-2 [&>:nth-child(n+3)]:col-span-2 sm:[&>:nth-child(n+3)]:col-span-1",
        },
      }}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
