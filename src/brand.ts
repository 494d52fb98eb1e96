/** The brand's name as shown in the header, titles and structured data. */
export const BRAND_NAME = 'ATELIER SIAM'

/**
 * The company that runs the shop, the one source of its names, address and tax id (issue 29: the tax invoice and the
 * terms and privacy pages spelt its Thai name differently): the tax invoice's seller (unless SELLER_* configure
 * another), the terms and privacy pages, the bank account's holder on the bank-transfer page and in e-mails.
 * A made-up company for the demo shop; its tax id passes the check digit (docs/decisions/104).
 */
export const SELLER = {
  legalName: { th: 'บริษัท อเตลิเย่ร์ สยาม จำกัด', en: 'Atelier Siam Co., Ltd.' },
  address: {
    th: '999 ถนนพระรามที่ 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
    en: '999 Rama I Road, Pathum Wan, Bangkok 10330',
  },
  /** Where the company is, as the pages name it. */
  city: { th: 'กรุงเทพมหานคร', en: 'Bangkok, Thailand' },
  taxId: '0105564000004',
  /**
   * The head office (`HEAD_OFFICE_BRANCH` of src/domain/tax-invoice.ts, held equal by its test): written here, since
   * importing that module would bring the address rules and the phone-number library into every page's first load.
   */
  branch: '00000',
} as const
