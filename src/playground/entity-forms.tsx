/** Forms that append declare / bind statements, so a topology can be built without typing. */
import { useState } from 'react'
import { type Operation, printOperation, type TopologySnapshot } from '../engine'
import { useT } from '../i18n/messages'
import { appendInVhost } from './append'
import { formsMessages } from './forms-messages'
import { rowsToTable } from './header-rows'
import { HeadersEditor, newRow } from './headers-editor'
import {
  EMPTY_QUEUE_ARGS,
  numberFieldLabel,
  QueueArgsFields,
  queueArgs,
  queueArgsProblem,
} from './queue-args-fields'

type Tab = 'exchange' | 'queue' | 'binding'
const TYPES = ['direct', 'fanout', 'topic', 'headers'] as const

type FormProps = { topology: TopologySnapshot | null; vhost: string }

function append(op: Operation, vhost: string): void {
  appendInVhost([printOperation(op)], vhost)
}

export function EntityForms({
  topology,
  readOnly,
}: {
  topology: TopologySnapshot | null
  readOnly: boolean
}) {
  const t = useT(formsMessages)
  const [tab, setTab] = useState<Tab>('exchange')
  const vhosts = topology?.vhosts ?? ['/']
  const [chosenVhost, setVhost] = useState('/')
  const vhost = vhosts.includes(chosenVhost) ? chosenVhost : '/'
  const tabs: [Tab, 'exchangeTab' | 'queueTab' | 'bindingTab'][] = [
    ['exchange', 'exchangeTab'],
    ['queue', 'queueTab'],
    ['binding', 'bindingTab'],
  ]
  return (
    <section className="panel entity-forms" aria-labelledby="add-heading">
      <h2 id="add-heading">{t('addHeading')}</h2>
      <div role="tablist" aria-label={t('addHeading')} className="tabs">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            data-testid={`form-tab-${id}`}
            onClick={() => setTab(id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
              const i = tabs.findIndex(([x]) => x === tab)
              const next =
                tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]?.[0] ?? 'exchange'
              setTab(next)
              document.getElementById(`tab-${next}`)?.focus()
            }}
            tabIndex={tab === id ? 0 : -1}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <fieldset disabled={readOnly}>
          {vhosts.length > 1 && (
            <label className="vhost-choice">
              {t('vhost')}{' '}
              <select value={vhost} data-testid="form-vhost" onChange={(e) => setVhost(e.target.value)}>
                {vhosts.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          )}
          {tab === 'exchange' && <ExchangeForm topology={topology} vhost={vhost} />}
          {tab === 'queue' && <QueueForm topology={topology} vhost={vhost} />}
          {tab === 'binding' && <BindingForm topology={topology} vhost={vhost} />}
        </fieldset>
      </div>
    </section>
  )
}

function ExchangeForm({ topology, vhost }: FormProps) {
  const t = useT(formsMessages)
  const [f, setF] = useState({
    name: '',
    type: 'topic',
    durable: true,
    autoDelete: false,
    internal: false,
    ae: '',
  })
  const others = (topology?.exchanges ?? []).filter((x) => !x.builtin && x.vhost === vhost).map((x) => x.name)
  return (
    <form
      data-testid="exchange-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (!f.name) return
        append(
          {
            op: 'exchange.declare',
            exchange: {
              name: f.name,
              type: f.type,
              durable: f.durable,
              auto_delete: f.autoDelete,
              internal: f.internal,
              ...(f.ae ? { arguments: { 'alternate-exchange': f.ae } } : {}),
            },
          },
          vhost,
        )
        setF({ ...f, name: '' })
      }}
    >
      <div className="form-grid">
        <label>
          {t('name')}
          <input
            required
            value={f.name}
            data-testid="exchange-name"
            onChange={(e) => setF({ ...f, name: e.target.value })}
          />
        </label>
        <label>
          {t('type')}
          <select
            value={f.type}
            data-testid="exchange-type"
            onChange={(e) => setF({ ...f, type: e.target.value })}
          >
            {TYPES.map((ty) => (
              <option key={ty}>{ty}</option>
            ))}
          </select>
        </label>
        <label>
          {t('alternate')}
          <select value={f.ae} onChange={(e) => setF({ ...f, ae: e.target.value })}>
            <option value="">{t('none')}</option>
            {others.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Check label={t('durable')} checked={f.durable} onChange={(durable) => setF({ ...f, durable })} />
      <Check
        label={t('autoDelete')}
        checked={f.autoDelete}
        onChange={(autoDelete) => setF({ ...f, autoDelete })}
      />
      <Check label={t('internal')} checked={f.internal} onChange={(internal) => setF({ ...f, internal })} />
      <button type="submit" data-testid="exchange-add">
        {t('addExchange')}
      </button>
    </form>
  )
}

function QueueForm({ topology, vhost }: FormProps) {
  const t = useT(formsMessages)
  const [f, setF] = useState({ name: '', durable: true, exclusive: false, autoDelete: false })
  const [args, setArgs] = useState(EMPTY_QUEUE_ARGS)
  const [problem, setProblem] = useState<string | null>(null)
  const exchanges = (topology?.exchanges ?? [])
    .filter((x) => x.name !== '' && x.vhost === vhost)
    .map((x) => x.name)
  return (
    <form
      data-testid="queue-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (!f.name) return
        const bad = queueArgsProblem(args)
        setProblem(bad ? t('notWhole', { value: bad.value, field: t(numberFieldLabel(bad.field)) }) : null)
        if (bad) return
        append(
          {
            op: 'queue.declare',
            queue: {
              name: f.name,
              durable: f.durable,
              exclusive: f.exclusive,
              auto_delete: f.autoDelete,
              ...(Object.keys(queueArgs(args)).length > 0 ? { arguments: queueArgs(args) } : {}),
            },
          },
          vhost,
        )
        setF({ ...f, name: '' })
      }}
    >
      <label>
        {t('name')}
        <input
          required
          value={f.name}
          data-testid="queue-name"
          onChange={(e) => setF({ ...f, name: e.target.value })}
        />
      </label>
      <Check label={t('durable')} checked={f.durable} onChange={(durable) => setF({ ...f, durable })} />
      <Check
        label={t('exclusive')}
        checked={f.exclusive}
        onChange={(exclusive) => setF({ ...f, exclusive })}
      />
      <Check
        label={t('autoDelete')}
        checked={f.autoDelete}
        onChange={(autoDelete) => setF({ ...f, autoDelete })}
      />
      <QueueArgsFields draft={args} exchanges={exchanges} onChange={setArgs} />
      {problem && (
        <p role="alert" className="bad" data-testid="queue-problem">
          {problem}
        </p>
      )}
      <button type="submit" data-testid="queue-add">
        {t('addQueue')}
      </button>
    </form>
  )
}

function BindingForm({ topology, vhost }: FormProps) {
  const t = useT(formsMessages)
  const exchanges = (topology?.exchanges ?? []).filter((x) => x.name !== '' && x.vhost === vhost)
  const queues = (topology?.queues ?? []).filter((q) => q.vhost === vhost).map((q) => q.name)
  const [f, setF] = useState({
    source: '',
    kind: 'queue' as 'queue' | 'exchange',
    dest: '',
    key: '',
    xMatch: 'all',
  })
  const [rows, setRows] = useState(() => [newRow()])
  const source =
    exchanges.find((x) => x.name === f.source) ?? exchanges.find((x) => !x.builtin) ?? exchanges[0]
  const dests = f.kind === 'queue' ? queues : exchanges.map((x) => x.name)
  const dest = dests.includes(f.dest) ? f.dest : (dests[0] ?? '')
  if (!source || !dest) return <p>{t('nothingToBind')}</p>
  const isHeaders = source.type === 'headers'
  return (
    <form
      data-testid="binding-form"
      onSubmit={(e) => {
        e.preventDefault()
        const args = rowsToTable(rows)
        if (!args.ok) return
        append(
          {
            op: 'bind',
            binding: {
              source: source.name,
              destination: dest,
              destination_type: f.kind,
              routing_key: f.key,
              ...(isHeaders ? { arguments: { 'x-match': f.xMatch, ...args.table } } : {}),
            },
          },
          vhost,
        )
      }}
    >
      <div className="form-grid">
        <label>
          {t('source')}
          <select
            value={source.name}
            data-testid="binding-source"
            onChange={(e) => setF({ ...f, source: e.target.value })}
          >
            {exchanges.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name} ({x.type})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('destinationKind')}
          <select
            value={f.kind}
            onChange={(e) => setF({ ...f, kind: e.target.value as 'queue' | 'exchange' })}
          >
            <option value="queue">{t('queue')}</option>
            <option value="exchange">{t('exchange')}</option>
          </select>
        </label>
        <label>
          {t('destination')}
          <select
            value={dest}
            data-testid="binding-destination"
            onChange={(e) => setF({ ...f, dest: e.target.value })}
          >
            {dests.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('bindingKey')}
          <input
            value={f.key}
            data-testid="binding-key"
            onChange={(e) => setF({ ...f, key: e.target.value })}
          />
        </label>
        {isHeaders && (
          <label>
            {t('xMatch')}
            <select value={f.xMatch} onChange={(e) => setF({ ...f, xMatch: e.target.value })}>
              {['all', 'any', 'all-with-x', 'any-with-x'].map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {isHeaders && (
        <HeadersEditor rows={rows} onChange={setRows} legend={t('headerArgs')} testId="binding-args" />
      )}
      <button type="submit" data-testid="binding-add">
        {t('addBinding')}
      </button>
    </form>
  )
}

function Check(props: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      {props.label}
    </label>
  )
}
