/** Offering a file to the user: a Blob URL clicked through a temporary link (no server involved). */

/** Offers `data` as a download named `name`. */
export function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // The browser reads the URL asynchronously after the click; revoke it once that has surely happened.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function downloadText(name: string, text: string, type = 'application/json'): void {
  download(name, new Blob([text], { type }))
}
