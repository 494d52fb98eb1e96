/**
 * A complete live configuration for tests (SHOP_MODE=live with every required provider): each provider points at
 * loopback, so nothing leaves the machine. Unit, integration and browser tests of the modes share it.
 */
export const LIVE_ENV = {
  SHOP_MODE: 'live',
  SITE_URL: 'https://shop.example.com',
  SECURE_COOKIES: 'true',
  SMS_PROVIDER: 'thaibulksms',
  SMS_API_URL: 'http://127.0.0.1:9',
  SMS_API_KEY: 'sms-key',
  SMS_API_SECRET: 'sms-secret-value',
  SMS_SENDER: 'ATELIER',
  SMTP_URL: 'smtp://user:mail-password@127.0.0.1:2525',
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  BANK_ACCOUNT_NUMBER: '123-4-56789-0',
  PROMPTPAY_ID: '0899999999',
  SELLER_NAME: 'บริษัท ทดสอบ จำกัด (Test Co., Ltd.)',
  SELLER_ADDRESS: '1 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500',
  SELLER_TAX_ID: '1101700230708',
  SELLER_BRANCH: '00000',
} as const
