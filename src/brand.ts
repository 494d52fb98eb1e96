/** The brand's name as shown in the header, titles and structured data. */
export const BRAND_NAME = 'ATELIER SIAM'
