// /admin/dashboard/highlights: the home page's 'Why Choose' cards, built by the content kit from
// app/content/highlights.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`). The highlight's own
// part is here: the position that decides each card's icon and colour on the home page (first
// a headset, second users, the rest a trophy), chosen in the form, and shown in the table. The
// order itself is the kit's (an `ordered` type: the table in home-page order, Move up / Move
// down as small POST forms, so it all works without JavaScript).
import type { FieldMetadata } from "@conform-to/react";
import { SelectField } from "~/components/forms/fields";
import { Icon } from "~/components/icon/icon";
import { highlightStyle } from "~/components/site/highlight-cards";
import { highlights } from "~/content/highlights";
import { collectionAdmin } from "~/content/kit/admin.server";
import { CollectionEditor, CollectionScreen, collectionMeta } from "~/content/kit/admin-screen";
import { highlightStore } from "~/content/stores.server";
import type { Route } from "./+types/highlights";

const screen = collectionAdmin(highlightStore);

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

/** A card's position with the icon it gets: a column, or a smaller line above the title. */
function positionCell({ position = 1 }: { position?: number }, narrow: boolean) {
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
  const { items, editing } = loaderData;
  const count = loaderData.count ?? items.length;
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
      table={{ cells: { position: positionCell } }}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
