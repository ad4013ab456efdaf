export function AboutPage() {
  return <main>About</main>;
}
