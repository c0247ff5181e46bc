import type { Language } from '@lobby/contract';

type SecurityTemplate = { subject: string; body: string };
type SecurityMails = { newDevice: SecurityTemplate; newAddress: SecurityTemplate };

/**
 * Account security notices (PROTECTION.md "Account security"). `{device}`, `{ip}`, `{time}`,
 * `{address}` and `{usableAt}` are filled in; times are UTC. Every language says the same thing.
 */
const TEMPLATES: Record<Language, SecurityMails> = {
  en_US: {
    newDevice: {
      subject: 'New sign-in to your account',
      body: 'Your account was signed in from a new device: {device}, address {ip}, at {time} UTC. If this was not you, change your password now and turn on two-factor authentication.',
    },
    newAddress: {
      subject: 'A withdrawal address was added',
      body: 'The withdrawal address {address} was added to your account. It can be used from {usableAt} UTC. If you did not add it, change your password now and contact support.',
    },
  },
  zh_CN: {
    newDevice: {
      subject: '您的账户在新设备上登录',
      body: '您的账户于 {time} UTC 在新设备上登录：{device}，IP 地址 {ip}。如非本人操作，请立即修改密码并开启两步验证。',
    },
    newAddress: { subject: '已添加提现地址', body: '您的账户已添加提现地址 {address}，自 {usableAt} UTC 起可用。如非本人操作，请立即修改密码并联系客服。' },
  },
  zh_TW: {
    newDevice: {
      subject: '您的帳戶在新裝置上登入',
      body: '您的帳戶於 {time} UTC 在新裝置上登入：{device}，IP 位址 {ip}。如非本人操作，請立即修改密碼並開啟兩步驟驗證。',
    },
    newAddress: { subject: '已新增提現地址', body: '您的帳戶已新增提現地址 {address}，自 {usableAt} UTC 起可用。如非本人操作，請立即修改密碼並聯絡客服。' },
  },
  pt_BR: {
    newDevice: {
      subject: 'Novo acesso à sua conta',
      body: 'Sua conta foi acessada de um novo dispositivo: {device}, endereço {ip}, em {time} UTC. Se não foi você, troque sua senha agora e ative a verificação em duas etapas.',
    },
    newAddress: {
      subject: 'Um endereço de saque foi adicionado',
      body: 'O endereço de saque {address} foi adicionado à sua conta. Ele poderá ser usado a partir de {usableAt} UTC. Se não foi você, troque sua senha agora e fale com o suporte.',
    },
  },
  vi_VN: {
    newDevice: {
      subject: 'Đăng nhập mới vào tài khoản của bạn',
      body: 'Tài khoản của bạn vừa được đăng nhập từ thiết bị mới: {device}, địa chỉ {ip}, lúc {time} UTC. Nếu không phải bạn, hãy đổi mật khẩu ngay và bật xác thực hai bước.',
    },
    newAddress: {
      subject: 'Đã thêm địa chỉ rút tiền',
      body: 'Địa chỉ rút tiền {address} đã được thêm vào tài khoản của bạn. Có thể dùng từ {usableAt} UTC. Nếu không phải bạn, hãy đổi mật khẩu ngay và liên hệ hỗ trợ.',
    },
  },
  id_ID: {
    newDevice: {
      subject: 'Masuk baru ke akun Anda',
      body: 'Akun Anda baru saja masuk dari perangkat baru: {device}, alamat {ip}, pada {time} UTC. Jika ini bukan Anda, segera ganti kata sandi dan aktifkan verifikasi dua langkah.',
    },
    newAddress: {
      subject: 'Alamat penarikan ditambahkan',
      body: 'Alamat penarikan {address} ditambahkan ke akun Anda. Alamat ini dapat dipakai mulai {usableAt} UTC. Jika bukan Anda, segera ganti kata sandi dan hubungi layanan pelanggan.',
    },
  },
  th_TH: {
    newDevice: {
      subject: 'มีการเข้าสู่ระบบบัญชีของคุณจากอุปกรณ์ใหม่',
      body: 'บัญชีของคุณเข้าสู่ระบบจากอุปกรณ์ใหม่: {device} ที่อยู่ {ip} เวลา {time} UTC หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันทีและเปิดการยืนยันสองขั้นตอน',
    },
    newAddress: {
      subject: 'มีการเพิ่มที่อยู่ถอนเงิน',
      body: 'มีการเพิ่มที่อยู่ถอนเงิน {address} ในบัญชีของคุณ ใช้ได้ตั้งแต่ {usableAt} UTC หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันทีและติดต่อฝ่ายบริการลูกค้า',
    },
  },
  ar_EG: {
    newDevice: {
      subject: 'تسجيل دخول جديد إلى حسابك',
      body: 'تم تسجيل الدخول إلى حسابك من جهاز جديد: {device}، العنوان {ip}، في {time} UTC. إذا لم تكن أنت، فغيّر كلمة المرور الآن وفعّل التحقق بخطوتين.',
    },
    newAddress: {
      subject: 'تمت إضافة عنوان سحب',
      body: 'تمت إضافة عنوان السحب {address} إلى حسابك. يمكن استخدامه اعتبارًا من {usableAt} UTC. إذا لم تضفه أنت، فغيّر كلمة المرور الآن وتواصل مع الدعم.',
    },
  },
};

const utc = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

function fill(template: SecurityTemplate, values: Record<string, string>) {
  let text = template.body;
  for (const [key, value] of Object.entries(values)) text = text.replace(`{${key}}`, value);
  return { subject: template.subject, text };
}

export function newDeviceMail(lang: Language, input: { device: string; ip: string; at: Date }) {
  return fill((TEMPLATES[lang] ?? TEMPLATES.en_US).newDevice, { device: input.device, ip: input.ip, time: utc(input.at) });
}

export function newAddressMail(lang: Language, input: { address: string; usableAt: Date }) {
  return fill((TEMPLATES[lang] ?? TEMPLATES.en_US).newAddress, { address: input.address, usableAt: utc(input.usableAt) });
}
