/** Starts from the system's prefers-reduced-motion and follows it until the user chooses. */
import { useEffect, useState } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'
const systemPrefers = () => typeof matchMedia === 'function' && matchMedia(QUERY).matches

export function useReducedMotion(): [boolean, (v: boolean) => void] {
  const [system, setSystem] = useState(systemPrefers)
  const [chosen, setChosen] = useState<boolean | null>(null)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const media = matchMedia(QUERY)
    const onChange = () => setSystem(media.matches)
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [])
  return [chosen ?? system, setChosen]
}
