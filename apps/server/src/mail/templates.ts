import type { Language } from '@lobby/contract';
import type { VerificationPurpose } from '../db/schema.ts';

type Template = { subject: Record<VerificationPurpose, string>; body: string };

/** `{code}` and `{minutes}` are filled in; every language says the same thing. */
const TEMPLATES: Record<Language, Template> = {
  en_US: {
    subject: {
      register: 'Your registration code',
      reset_password: 'Your password reset code',
      bind_email: 'Your email binding code',
      change_email_old: 'Your code to change your email',
    },
    body: 'Your verification code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',
  },
  zh_CN: {
    subject: { register: '您的注册验证码', reset_password: '您的密码重置验证码', bind_email: '您的邮箱绑定验证码', change_email_old: '您的更换邮箱验证码' },
    body: '您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略此邮件。',
  },
  zh_TW: {
    subject: { register: '您的註冊驗證碼', reset_password: '您的密碼重設驗證碼', bind_email: '您的信箱綁定驗證碼', change_email_old: '您的更換信箱驗證碼' },
    body: '您的驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略此郵件。',
  },
  pt_BR: {
    subject: {
      register: 'Seu código de cadastro',
      reset_password: 'Seu código para redefinir a senha',
      bind_email: 'Seu código para vincular o e-mail',
      change_email_old: 'Seu código para trocar o e-mail',
    },
    body: 'Seu código de verificação é {code}. Ele expira em {minutes} minutos. Se você não o solicitou, ignore esta mensagem.',
  },
  vi_VN: {
    subject: {
      register: 'Mã đăng ký của bạn',
      reset_password: 'Mã đặt lại mật khẩu của bạn',
      bind_email: 'Mã liên kết email của bạn',
      change_email_old: 'Mã đổi email của bạn',
    },
    body: 'Mã xác minh của bạn là {code}. Mã hết hạn sau {minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua tin nhắn này.',
  },
  id_ID: {
    subject: {
      register: 'Kode pendaftaran Anda',
      reset_password: 'Kode atur ulang kata sandi Anda',
      bind_email: 'Kode penautan email Anda',
      change_email_old: 'Kode ganti email Anda',
    },
    body: 'Kode verifikasi Anda adalah {code}. Kode berlaku {minutes} menit. Jika Anda tidak memintanya, abaikan pesan ini.',
  },
  th_TH: {
    subject: { register: 'รหัสลงทะเบียนของคุณ', reset_password: 'รหัสรีเซ็ตรหัสผ่านของคุณ', bind_email: 'รหัสผูกอีเมลของคุณ', change_email_old: 'รหัสเปลี่ยนอีเมลของคุณ' },
    body: 'รหัสยืนยันของคุณคือ {code} หมดอายุใน {minutes} นาที หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่อข้อความนี้',
  },
  ar_EG: {
    subject: {
      register: 'رمز التسجيل الخاص بك',
      reset_password: 'رمز إعادة تعيين كلمة المرور',
      bind_email: 'رمز ربط البريد الإلكتروني',
      change_email_old: 'رمز تغيير البريد الإلكتروني',
    },
    body: 'رمز التحقق الخاص بك هو {code}. تنتهي صلاحيته خلال {minutes} دقيقة. إذا لم تطلبه، فتجاهل هذه الرسالة.',
  },
};

export function verificationMail(lang: Language, purpose: VerificationPurpose, code: string, minutes: number) {
  const template = TEMPLATES[lang] ?? TEMPLATES.en_US;
  return {
    subject: template.subject[purpose],
    text: template.body.replace('{code}', code).replace('{minutes}', String(minutes)),
  };
}
