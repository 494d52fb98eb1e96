import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { uploadSitePicture, type HeroCustom } from '../../api'
import { described, Field } from '../../ui/Field'
import { imageUrl, messageOf, useFieldWords } from './shared'

type TextKey = Exclude<keyof HeroCustom, 'picture'>

/** A new custom hero: no picture yet, its words empty, linking to the shop's new arrivals. */
export function emptyHeroCustom(): HeroCustom {
  return {
    picture: { path: '', width: 1, height: 1, alt_th: '', alt_en: '' },
    title_th: '',
    title_en: '',
    text_th: '',
    text_en: '',
    link: '/',
    link_label_th: '',
    link_label_en: '',
  }
}

/**
 * A hero with its own picture, words and link (decision 198), edited in Thai and English side by side. The picture is
 * uploaded at once (checked by its content and kept without metadata, POST /site/pictures) and only shown on the shop
 * once the home page is published. `problems` holds the API's refusals of this block's fields by their path below it
 * (`title_th`, `picture.alt_en`, `link` …).
 */
export function HeroCustomFields({
  value,
  id,
  problems,
  onChange,
}: {
  value: HeroCustom
  id: string
  problems: Readonly<Record<string, string>>
  onChange: (value: HeroCustom) => void
}) {
  const { t } = useLingui()
  const words = useFieldWords()
  const [uploading, setUploading] = useState<number | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const problem = (key: string) => words(problems[key]) ?? undefined

  const text = (key: TextKey, label: string, lang: 'th' | 'en', long = false) => {
    const fieldId = `${id}-${key}`
    const error = problem(key)
    return (
      <Field id={fieldId} label={label} error={error} lang={lang}>
        {long ? (
          <textarea
            id={fieldId}
            rows={2}
            maxLength={400}
            value={value[key]}
            onChange={(event) => onChange({ ...value, [key]: event.target.value })}
            {...described(fieldId, error)}
          />
        ) : (
          <input
            id={fieldId}
            maxLength={120}
            value={value[key]}
            onChange={(event) => onChange({ ...value, [key]: event.target.value })}
            {...described(fieldId, error)}
          />
        )}
      </Field>
    )
  }
  const alt = (lang: 'th' | 'en', label: string) => {
    const key = lang === 'th' ? 'alt_th' : 'alt_en'
    const fieldId = `${id}-${key}`
    const error = problem(`picture.${key}`)
    return (
      <Field id={fieldId} label={label} error={error} lang={lang}>
        <input
          id={fieldId}
          maxLength={200}
          value={value.picture[key]}
          onChange={(event) => onChange({ ...value, picture: { ...value.picture, [key]: event.target.value } })}
          {...described(fieldId, error)}
        />
      </Field>
    )
  }
  const pictureError = uploadError ?? problem('picture.path')
  const percent = uploading === null ? null : Math.round(uploading * 100)

  return (
    <div className="admin-site__hero">
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>
          <Trans>Hero picture</Trans>
        </label>
        {value.picture.path ? (
          <img
            className="admin-site__hero-picture"
            src={imageUrl(value.picture.path, 480)}
            alt={value.picture.alt_en || value.picture.alt_th}
            width={240}
            height={Math.round((240 * value.picture.height) / value.picture.width)}
          />
        ) : (
          <p className="admin-field__hint">
            <Trans>No picture yet.</Trans>
          </p>
        )}
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={uploading !== null}
          {...described(`${id}-file`, pictureError, true)}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (!file) return
            setUploadError(null)
            setUploading(0)
            uploadSitePicture(file, setUploading)
              .then(
                (kept) => onChange({ ...value, picture: { ...value.picture, ...kept } }),
                (failure: unknown) =>
                  setUploadError(messageOf(failure, t`The picture could not be uploaded. Try again.`)),
              )
              .finally(() => setUploading(null))
          }}
        />
        <p id={`${id}-file-hint`} className="admin-field__hint">
          <Trans>JPEG, PNG, WebP or AVIF, up to 15 MB. Wide pictures suit the hero best.</Trans>
        </p>
        {pictureError ? (
          <p id={`${id}-file-error`} className="admin-field__error">
            {pictureError}
          </p>
        ) : null}
        <p role="status" className="admin-field__hint">
          {percent !== null ? <Trans>Uploading… {percent}%</Trans> : null}
        </p>
      </div>
      <div className="admin-site__pair">
        {alt('th', t`Picture’s alt text in Thai`)}
        {alt('en', t`Picture’s alt text in English`)}
        {text('title_th', t`Title in Thai`, 'th')}
        {text('title_en', t`Title in English`, 'en')}
        {text('text_th', t`Text in Thai`, 'th', true)}
        {text('text_en', t`Text in English`, 'en', true)}
        {text('link_label_th', t`Link’s words in Thai`, 'th')}
        {text('link_label_en', t`Link’s words in English`, 'en')}
      </div>
      <Field
        id={`${id}-link`}
        label={t`Link (a path of the shop)`}
        error={problem('link')}
        hint={<Trans>For example /collection/rainy-season or /category/dresses.</Trans>}
      >
        <input
          id={`${id}-link`}
          maxLength={300}
          value={value.link}
          onChange={(event) => onChange({ ...value, link: event.target.value })}
          {...described(`${id}-link`, problem('link'), true)}
        />
      </Field>
    </div>
  )
}
