import type { StorefrontLinks } from '~/contract/links'

/** The answer to a PayPal return or cancel link that names no payment of this shop: both languages, no script. */
export function unknownPaypalReturn(links: StorefrontLinks): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  return `<!doctype html>
<html lang="th">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>ไม่พบรายการชำระเงิน / Payment not found</title></head>
<body><main>
<h1>ไม่พบรายการชำระเงิน</h1>
<p>ไม่พบการชำระเงินผ่าน PayPal ตามลิงก์นี้ กรุณาดูสถานะคำสั่งซื้อในประวัติคำสั่งซื้อ <a href="${escape(links.home('th'))}">กลับไปที่ร้าน</a></p>
<h1 lang="en">Payment not found</h1>
<p lang="en">This PayPal link does not match a payment of this shop. Your order history shows the state of your orders. <a href="${escape(links.home('en'))}">Back to the shop</a></p>
</main></body>
</html>
`
}
