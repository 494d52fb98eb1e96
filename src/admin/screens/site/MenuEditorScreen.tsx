import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { restoreSiteVersion, saveSiteDocument, type MenuDocument } from '../../api'
import { siteDocumentQuery } from '../../queries'
import { useAdminTitle } from '../../ui/title'
import { ErrorNotice } from '../ErrorScreen'
import {
  Loading,
  useFieldWords,
  useFocusAfter,
  MoveButtons,
  keyed,
  useDocumentEditor,
  useSaving,
  Notices,
  SaveButtons,
  Versions,
} from './shared'

const linksOf = (body: unknown) => (body as MenuDocument).links
type MenuLink = MenuDocument['links'][number]

export function MenuEditorScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Menu`)
  const document = useQuery(siteDocumentQuery('menu'))
  const focusAfter = useFocusAfter()
  const { items, setItems } = useDocumentEditor<MenuLink>(document.data?.draft, linksOf)
  const { busy, said, error, fields, run } = useSaving('menu')
  const words = useFieldWords()

  if (document.isPending) return <Loading />
  if (document.isError) return <ErrorNotice error={document.error} />
  const body: MenuDocument = { links: items.map((item) => item.value) }
  const update = (key: string, value: MenuLink) =>
    setItems(items.map((item) => (item.key === key ? { key, value } : item)))
  const save = async (publish: boolean) => {
    const next = await run(
      () => saveSiteDocument('menu', body, publish),
      publish ? t`Published. The shop’s menu shows it now.` : t`Draft saved. The shop is unchanged.`,
    )
    if (next) setItems(null)
  }

  return (
    <div className="admin-site">
      <p>
        <Link to="/site">
          <Trans>Site</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Menu</Trans>
      </h1>
      <p>
        <Trans>
          Featured links shown at the top of the shop’s menu, before its fixed entries (collections, men, women,
          products …). Each is a path of the shop, such as /collection/rainy-season.
        </Trans>
      </p>
      <Notices said={said} error={error} fields={fields} />
      {items.length === 0 ? (
        <p className="admin-notice">
          <Trans>No featured links: the shop shows its usual menu.</Trans>
        </p>
      ) : (
        <ol className="admin-site__blocks" aria-label={t`Featured links, in order`}>
          {items.map((item, index) => {
            const id = `link-${item.key}`
            const number = index + 1
            const label = item.value.label_en || t`Link ${number}`
            const problem = (name: string) => fields[`body.links.${index}.${name}`]
            const input = (name: 'path' | 'label_th' | 'label_en', text: string, lang?: string) => (
              <div className="admin-field">
                <label htmlFor={`${id}-${name}`}>{text}</label>
                <input
                  id={`${id}-${name}`}
                  lang={lang}
                  value={item.value[name]}
                  required
                  aria-invalid={problem(name) ? true : undefined}
                  aria-describedby={problem(name) ? `${id}-${name}-error` : undefined}
                  onChange={(event) => update(item.key, { ...item.value, [name]: event.target.value })}
                />
                {problem(name) ? (
                  <p id={`${id}-${name}-error`} className="admin-field__error">
                    {name === 'path' ? t`A path of the shop starting with /, no other site` : words(problem(name))}
                  </p>
                ) : null}
              </div>
            )
            return (
              <li key={item.key} className="admin-site__block">
                {input('path', t`Path`)}
                <div className="admin-site__pair">
                  {input('label_th', t`Label (Thai)`, 'th')}
                  {input('label_en', t`Label (English)`, 'en')}
                </div>
                <span className="admin-site__row">
                  <MoveButtons
                    id={id}
                    label={label}
                    first={index === 0}
                    last={index === items.length - 1}
                    onMove={(direction) => {
                      const next = [...items]
                      next.splice(index, 1)
                      next.splice(direction === 'up' ? index - 1 : index + 1, 0, item)
                      setItems(next)
                      focusAfter(`${id}-${direction}`)
                    }}
                  />
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    aria-label={t`Remove: ${label}`}
                    onClick={() => setItems(items.filter((each) => each.key !== item.key))}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </span>
              </li>
            )
          })}
        </ol>
      )}
      <button
        type="button"
        className="admin-button admin-button--secondary"
        onClick={() => {
          const item = keyed<MenuLink>({ path: '/', label_th: '', label_en: '' })
          setItems([...items, item])
          focusAfter(`link-${item.key}-path`)
        }}
      >
        <Trans>Add a link</Trans>
      </button>
      <SaveButtons busy={busy} onSave={(publish) => void save(publish)} />
      <Versions
        document={document.data}
        busy={busy}
        onRestore={(version) =>
          void run(() => restoreSiteVersion('menu', version), t`Version ${version} restored and published.`).then(
            (next) => {
              if (next) setItems(null)
            },
          )
        }
      />
    </div>
  )
}
