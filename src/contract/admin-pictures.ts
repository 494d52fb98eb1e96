import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { PICTURE_ALT_MAX, PICTURES_PER_COLOUR } from '~/domain/pictures'
import { nullable } from './nullable'

/**
 * Product pictures in the admin API (issue 32 item 2, decision 194): each colour's pictures (one product row is one
 * colour of a model, decision 019), uploaded, ordered, described in both languages, given a focal point and deleted.
 * snake_case on the wire like the rest of the admin API.
 */

const alt = z
  .string()
  .trim()
  .max(PICTURE_ALT_MAX)
  .refine((value) => !hasForbiddenCharacters(value), 'not valid')

const fraction = z.number().min(0).max(1)

export const adminPictureFocalSchema = z.object({ x: fraction, y: fraction }).openapi('AdminPictureFocal', {
  description: 'Where the subject is: fractions of the width and height from the top left',
})

export const adminPictureSchema = z
  .object({
    id: z.string().openapi({ description: 'The picture’s id within its colour (the last part of its path)' }),
    path: z.string().openapi({ description: 'Its path under the image endpoint (/images/{path})' }),
    width: z.int(),
    height: z.int(),
    alt_th: z.string(),
    alt_en: z.string(),
    focal: nullable(adminPictureFocalSchema),
  })
  .openapi('AdminPicture')

export const adminPictureColourSchema = z
  .object({
    product_id: z.string(),
    colour: z.string(),
    colour_hex: z.string(),
    pictures: z.array(adminPictureSchema).openapi({ description: 'In the order the shop shows them: the first leads' }),
  })
  .openapi('AdminPictureColour')

export const adminPictureSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ description: 'Part of a name (Thai or English), a SKU or a barcode; none: the first models' }),
})

export const adminPictureSearchSchema = z
  .object({
    items: z.array(
      z.object({
        family_id: z.string(),
        name: z.string(),
        colours: z.int(),
        pictures: z.int().openapi({ description: 'Pictures of all its colours' }),
        cover: nullable(z.string()).openapi({ description: 'The first colour’s first picture’s path' }),
      }),
    ),
  })
  .openapi('AdminPictureSearch')

export const adminPictureModelParam = z.object({
  id: z.string().min(1).max(100).openapi({ description: 'A model’s (family’s) id, one of its colours’ ids or a SKU' }),
})

export const adminPictureModelSchema = z
  .object({ family_id: z.string(), name: z.string(), colours: z.array(adminPictureColourSchema) })
  .openapi('AdminPictureModel')

export const adminPictureProductParam = z.object({
  id: z.string().min(1).max(100).openapi({ description: 'The colour’s product id' }),
})

export const adminPictureParam = adminPictureProductParam.extend({
  picture: z.string().min(1).max(100).openapi({ description: 'The picture’s id' }),
})

export const adminPictureOrderBody = z
  .object({
    pictures: z
      .array(z.string().min(1).max(100))
      .max(PICTURES_PER_COLOUR)
      .openapi({ description: 'Every picture id of the colour once, in the new order' }),
  })
  .openapi('AdminPictureOrder')

export const adminPictureEditBody = z
  .object({
    alt_th: alt.optional(),
    alt_en: alt.optional(),
    focal: nullable(adminPictureFocalSchema).optional().openapi({ description: 'null takes the focal point away' }),
  })
  .openapi('AdminPictureEdit')
