// Placeholder until this page is built.
export default function Page() {
  return <h1>contact</h1>;
}
