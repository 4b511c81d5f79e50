/** The code tab: pick an exercise (its variant under the other matching rules is one click away). */
import { useState } from 'react'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { CODE_EXERCISES } from '../content/load'
import Picker from '../picker'
import { codeMessages } from './code-messages'
import CodePanel from './code-panel'

export default function CodeTab() {
  const t = useT(codeMessages)
  const lang = useLanguage((s) => s.lang)
  const [id, setId] = useState(CODE_EXERCISES[0]?.id ?? '')
  const ex = CODE_EXERCISES.find((c) => c.id === id)
  if (!ex) return null
  return (
    <section className="panel">
      <h2>{t('codeTitle')}</h2>
      <Picker
        ids={CODE_EXERCISES.map((c) => c.id)}
        titles={CODE_EXERCISES.map((c) => c.title[lang])}
        current={id}
        onPick={setId}
      />
      <CodePanel key={ex.id} ex={ex} onOpen={setId} />
    </section>
  )
}
