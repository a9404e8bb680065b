// What every admin editor form shares: conform driven by the zod schema the server also checks,
// and whether the page is posting a given intent (for 'Creating...' / 'Updating...').
import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "react-router";
import type { z } from "zod";

export function useEditorForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(
  schema: Schema,
  options: {
    id: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<z.input<Schema>>;
    /**
     * False for forms posted as documents even with JavaScript (row lists, see
     * routes/admin/footer.tsx): the browser still checks the constraints, the server the rest.
     */
    validateInBrowser?: boolean;
  },
) {
  const { validateInBrowser = true, ...rest } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...rest,
    constraint: getZodConstraint(schema),
    // Not onBlur: a form opens with the focus in its first field, and an error appearing when
    // that field loses the focus to a click on Save moves the button away from the pointer, so
    // the click never lands. Errors come with the submit, then follow the typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validateInBrowser
      ? ({ formData }) => parseWithZod(formData, { schema })
      : undefined,
  });
}

/**
 * The names of a form's own fields (its schema's top-level keys): what counts as a change for
 * UnsavedChangesGuard, where the hidden intent, id and form token do not.
 */
export function ownFields(schema: z.ZodType): ReadonlySet<string> {
  const known = OWN.get(schema);
  if (known) return known;
  const own = new Set(
    Object.keys(getZodConstraint(schema)).map((name) => name.split(/[.[]/)[0] ?? name),
  );
  OWN.set(schema, own);
  return own;
}
const OWN = new WeakMap<z.ZodType, ReadonlySet<string>>();

/** Whether this page is posting `intent` (any intent when omitted) right now. */
export function usePosting(intent?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
