/** Placeholder until the practice feature lands (see its issue). */
export default function Page() {
  return <p className="panel">Coming soon.</p>
}
