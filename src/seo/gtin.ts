/** GTINs for the product's structured data: the rules are the domain's (the back office checks barcodes with them). */
export { gtin13, gtinCheckDigit, isValidGtin } from '~/domain/gtin'
