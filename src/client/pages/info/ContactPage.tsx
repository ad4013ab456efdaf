export function ContactPage() {
  return <main>Contact</main>;
}
