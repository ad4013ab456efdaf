export function PrivacyPage() {
  return <main>Privacy</main>;
}
