export function TermsPage() {
  return <main>Terms</main>;
}
