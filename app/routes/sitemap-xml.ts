export function loader() {
  return new Response("todo", { status: 501 });
}
