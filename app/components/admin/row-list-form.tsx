// What the editors with row lists (footer, service page, about) share. Their forms post as
// documents even with JavaScript (reloadDocument): conform's in-browser list handling lost what
// had been typed in other rows, so Add and Remove are conform intent buttons that the server
// answers with the form plus or minus one row.

/** conform's intent field, posted by the add/remove-row buttons. */
const INTENT = "__intent__";

/** Whether a form was submitted by one of the add/remove-row buttons. */
export function isRowButton(event: Event): boolean {
  const submitter = (event as SubmitEvent).submitter;
  if (!(submitter instanceof HTMLButtonElement) || submitter.name !== INTENT) return false;
  try {
    const type = JSON.parse(submitter.value)?.type;
    return type === "insert" || type === "remove" || type === "reorder";
  } catch {
    return false;
  }
}

/**
 * The form's onSubmit: Save is checked by conform in the browser first (an error stays in the
 * page, no post); adding, removing or moving a row is left to the browser's own post (moved in
 * the page, two rows' radio groups would share a name for a moment and lose a choice).
 */
export function rowListSubmit(conformSubmit: (event: React.FormEvent<HTMLFormElement>) => void) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    if (!isRowButton(event.nativeEvent)) conformSubmit(event);
  };
}

/**
 * Enter in a text field clicks the form's FIRST submit button, which in these forms would be
 * the first row's Remove. This one, first and unseen, makes Enter a Save. Render it as the
 * form's first child.
 */
export function EnterSaves() {
  return <button type="submit" hidden tabIndex={-1} aria-hidden="true" />;
}
