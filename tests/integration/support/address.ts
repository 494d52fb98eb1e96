/**
 * A delivery address in Thailand as the checkout and the account page send it (Lat Yao, Chatuchak, Bangkok 10900).
 * A test that needs another name, a tax ID or another contact spreads it: `{ ...thaiAddress, tax_id: '…' }`.
 */
export const thaiAddress = {
  firstname: 'สมศรี',
  lastname: 'ทดสอบ',
  telephone_number: '0812345678',
  email: 'somsri@example.com',
  address: '99/1 ถนนพหลโยธิน',
  country: 'TH',
  postcode: '10900',
  sub_district: 'ลาดยาว',
  district: 'จตุจักร',
  province: 'กรุงเทพมหานคร',
}
