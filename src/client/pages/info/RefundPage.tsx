export function RefundPage() {
  return <main>Refund</main>;
}
