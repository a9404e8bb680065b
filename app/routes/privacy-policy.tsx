// Placeholder until this page is built.
export default function Page() {
  return <h1>privacy-policy</h1>;
}
